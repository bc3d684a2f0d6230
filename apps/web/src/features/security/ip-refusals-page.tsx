import { Badge, Text } from '@mantine/core';
import type { ipRefusalSchema } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { SelectFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { formatNumber } from '../../lib/format';
import { useListScreen } from '../../lib/use-list-screen';
import { ipRefusalList } from './api';

/** One row: an agent's or account's refusals of one UTC day. */
type IpRefusal = z.infer<typeof ipRefusalSchema>;

/**
 * Refused addresses (/security/ip-refusals): requests an allow-list turned away (3008), counted per
 * agent (ingest API) or staff account and day, with the last address and time — where operations
 * see that valid credentials are being used from somewhere else.
 */
export function IpRefusalsPage() {
  const { t } = useTranslation();
  const list = useListScreen(ipRefusalList);
  const columns: Column<IpRefusal>[] = [
    {
      key: 'scope',
      header: t('security.refusals.fields.scope'),
      render: (r) => (
        <Badge variant="light" color={r.scope === 'agent' ? 'indigo' : 'grape'} radius="sm">
          {t(r.scope === 'agent' ? 'security.refusals.scopeAgent' : 'security.refusals.scopeAdmin')}
        </Badge>
      ),
    },
    {
      key: 'subject',
      header: t('security.refusals.fields.subject'),
      render: (r) => (
        <Text size="sm" fw={600}>
          {r.subject ?? `#${r.subjectId}`}
        </Text>
      ),
    },
    {
      key: 'day',
      header: t('security.refusals.fields.day'),
      render: (r) => r.day.split('-').reverse().join('/'),
    },
    {
      key: 'count',
      header: t('security.refusals.fields.count'),
      align: 'right',
      render: (r) => formatNumber(r.count),
    },
    {
      key: 'lastIp',
      header: t('security.refusals.fields.lastIp'),
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.lastIp}
        </Text>
      ),
    },
    {
      key: 'lastAt',
      header: t('security.refusals.fields.lastAt'),
      render: (r) => <DateTimeText value={r.lastAt} />,
    },
  ];
  return (
    <ListScreen
      list={list}
      title={t('security.refusals.title')}
      description={t('security.refusals.description')}
      filters={
        <SelectFilter
          list={list}
          name="scope"
          label={t('security.refusals.fields.scope')}
          data={[
            { value: '', label: t('common.all') },
            { value: 'agent', label: t('security.refusals.scopeAgent') },
            { value: 'admin', label: t('security.refusals.scopeAdmin') },
          ]}
          w={220}
        />
      }
      columns={columns}
      rowKey={(r) => `${r.scope}-${r.subjectId}-${r.day}`}
      rowProps={(r) => ({ 'data-testid': `refusal-${r.subject ?? r.subjectId}` })}
      emptyTitle={t('security.refusals.empty')}
    />
  );
}
