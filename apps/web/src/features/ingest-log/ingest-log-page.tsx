import { ActionIcon, Anchor, Button, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { api, type IngestLogRecord, ingestLogOutcomes, ingestLogReasons } from '@sapi/contract';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { OutcomeBadge } from '../../components/ingest-outcome-badge';
import { AgentFilter, DateRangeFilter, SelectFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useListScreen } from '../../lib/use-list-screen';
import { ingestLogList, logAgentQuery } from './api';
import { IngestLogDetailDialog } from './ingest-log-detail-dialog';

const count = (value: number | null) => (value === null ? '—' : formatNumber(value));

/**
 * How many requests a row stands for: refusals of requests whose signature did not hold are counted
 * in one row per minute, address, agent, reason and status (issue 38), shown "×N" with the span of
 * time they came in; any other row is one request.
 */
function RequestCount({ record }: { record: IngestLogRecord }) {
  const { t } = useTranslation();
  if (record.count === 1 && record.lastAt === null) return <Text size="sm">1</Text>;
  return (
    <Tooltip
      label={t('ingestLog.countedTip', {
        count: record.count,
        first: formatDateTime(record.at),
        last: formatDateTime(record.lastAt ?? record.at),
      })}
      withArrow
      multiline
      w={280}
    >
      <Text
        size="sm"
        fw={700}
        style={{ whiteSpace: 'nowrap' }}
        data-testid={`ingest-log-count-${record._id}`}
      >
        ×{formatNumber(record.count)}
      </Text>
    </Tooltip>
  );
}

/**
 * The ingest log: every request to the ingest API of the last 30 days, accepted or refused, newest
 * first; a row opens its detail with the refused items. At /ingest-log over every agent (with an agent
 * filter), at /ingest-log/agent/:id for one agent (reached from the agent list).
 */
export function IngestLogPage() {
  const { t } = useTranslation();
  // The route's loader has checked that :id is a record id.
  const agentId = useParams().id;
  // One definition per agent: the list hook keys its state on the definition it is given.
  const definition = useMemo(() => ingestLogList(agentId), [agentId]);
  const list = useListScreen(definition);
  const agent = useQuery({ ...logAgentQuery(agentId ?? ''), enabled: agentId !== undefined });

  const [selected, setSelected] = useState<IngestLogRecord | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (record: IngestLogRecord) => {
    setSelected(record);
    setOpened(true);
  };

  const columns: Column<IngestLogRecord>[] = [
    { key: 'at', header: t('ingestLog.fields.at'), render: (r) => <DateTimeText value={r.at} />, width: 180 },
    {
      key: 'count',
      header: t('ingestLog.fields.count'),
      align: 'right',
      render: (r) => <RequestCount record={r} />,
    },
    ...(agentId
      ? []
      : [
          {
            key: 'agent',
            header: t('ingestLog.fields.agent'),
            render: (r: IngestLogRecord) =>
              r.agent ? (
                <Anchor
                  component={Link}
                  to={`/ingest-log/agent/${r.agent}`}
                  size="sm"
                  fw={600}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {r.agentUsername ?? r.agent}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('ingestLog.noAgent')}
                </Text>
              ),
          },
        ]),
    {
      key: 'ip',
      header: t('ingestLog.fields.ip'),
      render: (r) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {r.ip}
        </Text>
      ),
    },
    { key: 'items', header: t('ingestLog.fields.items'), align: 'right', render: (r) => count(r.itemCount) },
    {
      key: 'accepted',
      header: t('ingestLog.fields.accepted'),
      align: 'right',
      render: (r) => count(r.accepted),
    },
    {
      key: 'duplicates',
      header: t('ingestLog.fields.duplicates'),
      align: 'right',
      render: (r) => count(r.duplicates),
    },
    {
      key: 'outcome',
      header: t('ingestLog.fields.outcome'),
      render: (r) => <OutcomeBadge outcome={r.outcome} />,
    },
    {
      key: 'reason',
      header: t('ingestLog.fields.reason'),
      render: (r) =>
        r.reason ? (
          <Text size="sm">
            {t(`ingestLog.reasons.${r.reason}`)}
            {r.itemsTotal > 0 ? ` (${t('ingestLog.itemsCount', { count: r.itemsTotal })})` : ''}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'view',
      header: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      align: 'right',
      width: 60,
      render: (r) => (
        <Tooltip label={t('ingestLog.view')} withArrow>
          <ActionIcon
            variant="subtle"
            aria-label={t('ingestLog.viewLabel', { id: r._id })}
            onClick={(event) => {
              event.stopPropagation();
              open(r);
            }}
          >
            <IconEye size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  const username = agent.data?.username;
  return (
    <>
      <ListScreen
        list={list}
        title={agentId ? t('ingestLog.titleOf', { username: username ?? agentId }) : t('ingestLog.title')}
        description={t('ingestLog.description')}
        exportCsv={{
          route: api.ingestLogExport,
          filename: agentId ? `ingest-log-${username ?? agentId}.csv` : 'ingest-log.csv',
        }}
        above={
          agentId ? (
            <Button
              component={Link}
              to="/agent/list"
              variant="subtle"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              mb="sm"
              w="fit-content"
            >
              {t('ingestLog.backToAgents')}
            </Button>
          ) : null
        }
        filters={
          <>
            {agentId ? null : <AgentFilter list={list} name="agent" label={t('ingestLog.fields.agent')} />}
            <SelectFilter
              list={list}
              name="outcome"
              label={t('ingestLog.fields.outcome')}
              data={[
                { value: '', label: t('common.all') },
                ...ingestLogOutcomes.map((value) => ({ value, label: t(`ingestLog.outcomes.${value}`) })),
              ]}
            />
            <SelectFilter
              list={list}
              name="reason"
              label={t('ingestLog.fields.reason')}
              w={260}
              data={[
                { value: '', label: t('common.all') },
                ...ingestLogReasons.map((value) => ({ value, label: t(`ingestLog.reasons.${value}`) })),
              ]}
            />
            <DateRangeFilter list={list} from="startDate" to="endDate" />
          </>
        }
        columns={columns}
        rowKey={(r) => r._id}
        rowProps={(r) => ({ 'data-testid': `ingest-log-row-${r._id}`, 'data-outcome': r.outcome })}
        onRowClick={open}
        emptyDescription={t('ingestLog.empty')}
      />
      <IngestLogDetailDialog opened={opened} record={selected} onClose={() => setOpened(false)} />
    </>
  );
}
