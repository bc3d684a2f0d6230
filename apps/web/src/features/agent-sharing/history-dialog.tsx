import { Badge, Modal, Text } from '@mantine/core';
import type { AgentSharing, AgentSharingVersion } from '@sapi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { errorMessage } from '../../lib/errors';
import { formatPercent, sharingHistoryQuery } from './api';

const day = (value: string) => value.split('-').reverse().join('/');

/** The versions of an arrangement: each one's days, parent, percentage, and who made it when. */
export function HistoryDialog({
  sharing,
  opened,
  onClose,
}: {
  sharing: AgentSharing | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const history = useQuery({
    ...sharingHistoryQuery(sharing?._id ?? '0'),
    enabled: opened && sharing !== null,
  });
  const columns: Column<AgentSharingVersion>[] = [
    {
      key: 'from',
      header: t('agentSharing.history.from'),
      render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{day(v.from)}</span>,
    },
    {
      key: 'to',
      header: t('agentSharing.history.to'),
      render: (v) =>
        v.to === null ? (
          <Badge variant="light" color="green" tt="none">
            {t('agentSharing.history.openEnded')}
          </Badge>
        ) : v.to < v.from ? (
          <Text size="xs" c="dimmed">
            {t('agentSharing.history.noDays')}
          </Text>
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{day(v.to)}</span>
        ),
    },
    { key: 'parent', header: t('agentSharing.history.parent'), render: (v) => v.parentAgentUsername },
    {
      key: 'percentage',
      header: t('agentSharing.history.percentage'),
      align: 'right',
      render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatPercent(v.parentPercentage)}</span>,
    },
    {
      key: 'state',
      header: t('agentSharing.history.state'),
      render: (v) => (v.isDisable ? t('agentSharing.disabledYes') : t('agentSharing.disabledNo')),
    },
    {
      key: 'by',
      header: t('agentSharing.history.by'),
      render: (v) => (
        <>
          <Text size="sm">{v.createdByUsername ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            <DateTimeText value={v.createdAt} />
          </Text>
        </>
      ),
    },
  ];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={
        sharing
          ? t('agentSharing.history.title', { agent: `${sharing.agentUsername} (${sharing.agentPrefix})` })
          : ''
      }
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      <DataTable
        caption={t('agentSharing.history.title', { agent: sharing?.agentUsername ?? '' })}
        columns={columns}
        records={history.data}
        rowKey={(v) => v._id}
        loading={history.isPending && opened}
        error={history.isError ? errorMessage(history.error) : null}
        emptyTitle={t('agentSharing.history.empty')}
      />
    </Modal>
  );
}
