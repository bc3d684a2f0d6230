import { ActionIcon, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { type AuditRecord, auditActions, auditEntities } from '@sapi/contract';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { useListScreen } from '../../lib/use-list-screen';
import { ActionBadge } from './action-badge';
import { auditList, isAuditEntity } from './api';
import { AuditDiffDialog } from './audit-diff-dialog';

/** Audit log (/audit): who changed what, when and from where; a row opens its before/after. */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useListScreen(auditList);
  // The record outlives the dialog's closing transition, so its content does not blank out.
  const [selected, setSelected] = useState<AuditRecord | null>(null);
  const [dialogOpened, setDialogOpened] = useState(false);
  const open = (record: AuditRecord) => {
    setSelected(record);
    setDialogOpened(true);
  };

  const columns: Column<AuditRecord>[] = [
    { key: 'at', header: t('audit.fields.at'), render: (r) => <DateTimeText value={r.at} />, width: 190 },
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
      render: (r) => (isAuditEntity(r.entity) ? t(`audit.entities.${r.entity}`) : r.entity),
    },
    { key: 'entityId', header: t('audit.fields.entityId'), render: (r) => r.entityId ?? '—' },
    { key: 'ip', header: t('audit.fields.ip'), render: (r) => r.ip ?? '—' },
    {
      key: 'view',
      header: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      align: 'right',
      width: 60,
      render: (r) => (
        <Tooltip label={t('audit.view')} withArrow>
          <ActionIcon
            variant="subtle"
            aria-label={t('audit.viewLabel', { id: r._id })}
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
              data={auditEntities.map((value) => ({ value, label: t(`audit.entities.${value}`) }))}
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
        onRowClick={open}
      />

      <AuditDiffDialog opened={dialogOpened} record={selected} onClose={() => setDialogOpened(false)} />
    </>
  );
}
