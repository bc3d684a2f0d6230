import { Badge, Stack, Text } from '@mantine/core';
import { type Approval, type ApprovalStatus, approvalKinds, approvalStatuses } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { SelectFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { approvalsList } from './api';
import { approvalSummary, DecisionButtons, useApprovalDecisions } from './approval-decisions';

const statusColors: Record<ApprovalStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

/** Approvals (/approval, managers): every request with its decision; pending ones approved or rejected here. */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const list = useListScreen(approvalsList);
  const decisions = useApprovalDecisions();

  const columns: Column<Approval>[] = [
    {
      key: 'kind',
      header: t('settlement.approvals.fields.kind'),
      render: (a) => (
        <Badge variant="light" color="gray" radius="sm" tt="none">
          {t(`settlement.approvals.kinds.${a.kind}`)}
        </Badge>
      ),
    },
    {
      key: 'summary',
      header: t('settlement.approvals.fields.summary'),
      minWidth: 220,
      render: (a) => (
        <Text size="sm" fw={600}>
          {approvalSummary(t, a)}
        </Text>
      ),
    },
    {
      key: 'requestedAt',
      header: t('settlement.approvals.fields.requestedAt'),
      sort: { field: 'requestedAt', first: 'desc' },
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">
            <DateTimeText value={a.requestedAt} />
          </Text>
          <Text size="xs" c="dimmed">
            {t('settlement.approvals.fields.requestedBy')} {a.requestedByUsername}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('settlement.approvals.fields.status'),
      render: (a) => (
        <Badge color={statusColors[a.status]} variant="light" radius="sm" tt="none" data-status={a.status}>
          {t(`settlement.approvals.statuses.${a.status}`)}
        </Badge>
      ),
    },
    {
      key: 'decidedBy',
      header: t('settlement.approvals.fields.decidedBy'),
      render: (a) =>
        a.decidedByUsername ? (
          <Stack gap={0}>
            <Text size="sm">{a.decidedByUsername}</Text>
            <Text size="xs" c="dimmed">
              <DateTimeText value={a.decidedAt} />
            </Text>
            {a.reason ? (
              <Text size="xs" c="dimmed">
                {t('settlement.approvals.fields.reason')}: {a.reason}
              </Text>
            ) : null}
          </Stack>
        ) : null,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (a) => {
        if (a.status !== 'pending') return null;
        return (
          <DecisionButtons
            approval={a}
            own={a.requestedBy === self.id}
            decisions={decisions}
            justify="flex-end"
          />
        );
      },
    },
  ];

  return (
    <>
      <ListScreen
        list={list}
        title={t('settlement.approvals.title')}
        description={t('settlement.approvals.description')}
        filters={
          <>
            <SelectFilter
              list={list}
              name="status"
              label={t('settlement.approvals.status')}
              data={[
                { value: '', label: t('common.all') },
                ...approvalStatuses.map((s) => ({
                  value: s,
                  label: t(`settlement.approvals.statuses.${s}`),
                })),
              ]}
            />
            <SelectFilter
              list={list}
              name="kind"
              label={t('settlement.approvals.kind')}
              data={[
                { value: '', label: t('common.all') },
                ...approvalKinds.map((k) => ({ value: k, label: t(`settlement.approvals.kinds.${k}`) })),
              ]}
              w={240}
            />
          </>
        }
        columns={columns}
        rowKey={(a) => a._id}
        emptyTitle={t('settlement.approvals.empty')}
      />
      {decisions.dialogs}
    </>
  );
}
