import { Text, VisuallyHidden } from '@mantine/core';
import { type AuditRecord, auditActions, auditEntities } from '@sapi/contract';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { RowAction } from '../../components/row-action';
import { useListScreen } from '../../lib/use-list-screen';
import { useRecordDialog } from '../../lib/use-record-dialog';
import { ActionBadge } from './action-badge';
import { auditList } from './api';
import { AuditDiffDialog } from './audit-diff-dialog';
import { auditEntityLabel } from './labels';

/** Audit log (/audit): who changed what, when and from where; a row opens its before/after. */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useListScreen(auditList);
  const dialog = useRecordDialog<AuditRecord>();

  const columns: Column<AuditRecord>[] = [
    {
      key: 'at',
      header: t('audit.fields.at'),
      sort: { field: 'at', first: 'desc' },
      render: (r) => <DateTimeText value={r.at} />,
      width: 190,
    },
    {
      key: 'actor',
      header: t('audit.fields.actor'),
      render: (r) => (
        <Text size="sm" fw={600}>
          {r.actor}
        </Text>
      ),
    },
    { key: 'action', header: t('audit.fields.action'), render: (r) => <ActionBadge action={r.action} /> },
    {
      key: 'entity',
      header: t('audit.fields.entity'),
      render: (r) => auditEntityLabel(t, r.entity),
    },
    { key: 'entityId', header: t('audit.fields.entityId'), render: (r) => r.entityId ?? '—' },
    { key: 'ip', header: t('audit.fields.ip'), render: (r) => r.ip ?? '—' },
    {
      key: 'view',
      header: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      align: 'right',
      width: 60,
      render: (r) => (
        <RowAction
          tooltip={t('audit.view')}
          label={t('audit.viewLabel', { id: r._id })}
          icon={IconEye}
          onClick={() => dialog.open(r)}
        />
      ),
    },
  ];

  return (
    <>
      <ListScreen
        list={list}
        title={t('audit.title')}
        description={t('audit.description')}
        filters={
          <>
            <TextFilter list={list} name="actor" label={t('audit.fields.actor')} w={180} />
            <SelectFilter
              list={list}
              name="entity"
              label={t('audit.fields.entity')}
              data={auditEntities.map((value) => ({ value, label: auditEntityLabel(t, value) }))}
              anyLabel={t('common.all')}
              w={200}
            />
            <SelectFilter
              list={list}
              name="action"
              label={t('audit.fields.action')}
              data={auditActions.map((value) => ({ value, label: t(`audit.actions.${value}`) }))}
              anyLabel={t('common.all')}
              w={170}
            />
            <DateRangeFilter list={list} from="startDate" to="endDate" />
          </>
        }
        columns={columns}
        rowKey={(r) => r._id}
        onRowClick={dialog.open}
      />

      <AuditDiffDialog opened={dialog.opened} record={dialog.record} onClose={dialog.close} />
    </>
  );
}
