import { ActionIcon, Select, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { type AuditRecord, auditActions, auditEntities } from '@sapi/contract';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { DateTimeFilterInput } from '../../components/date-time-filter-input';
import { DateTimeText } from '../../components/date-time-text';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { useUrlFilters } from '../../lib/use-url-filters';
import { ActionBadge } from './action-badge';
import { AUDIT_PAGE_SIZE, type AuditFilters, auditFilterKeys, auditListQuery, isAuditEntity } from './api';
import { AuditDiffDialog } from './audit-diff-dialog';

const emptyFilters: AuditFilters = { actor: '', entity: '', action: '', startDate: '', endDate: '' };

/** Audit log (/audit): who changed what, when and from where; a row opens its before/after. */
export function AuditPage() {
  const { t } = useTranslation();
  const { filters, page, apply, setPage } = useUrlFilters(auditFilterKeys);
  const [draft, setDraft] = useState<AuditFilters>(filters);
  useEffect(() => setDraft(filters), [filters]);
  // The record outlives the dialog's closing transition, so its content does not blank out.
  const [selected, setSelected] = useState<AuditRecord | null>(null);
  const [dialogOpened, setDialogOpened] = useState(false);
  const open = (record: AuditRecord) => {
    setSelected(record);
    setDialogOpened(true);
  };

  const list = useQuery(auditListQuery(filters, page));

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
      <PageHeader title={t('audit.title')} description={t('audit.description')} />

      <FilterBar
        onSearch={() => apply(draft)}
        onReset={() => apply(emptyFilters)}
        searching={list.isFetching && !list.isPending}
      >
        <TextInput
          label={t('audit.fields.actor')}
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.currentTarget.value })}
          w={180}
        />
        <Select
          label={t('audit.fields.entity')}
          placeholder={t('common.all')}
          data={auditEntities.map((value) => ({ value, label: t(`audit.entities.${value}`) }))}
          value={isAuditEntity(draft.entity) ? draft.entity : null}
          onChange={(value) => setDraft({ ...draft, entity: value ?? '' })}
          clearable
          w={200}
        />
        <Select
          label={t('audit.fields.action')}
          placeholder={t('common.all')}
          data={auditActions.map((value) => ({ value, label: t(`audit.actions.${value}`) }))}
          value={draft.action || null}
          onChange={(value) => setDraft({ ...draft, action: value ?? '' })}
          clearable
          w={170}
        />
        <DateTimeFilterInput
          label={t('filters.startDate')}
          value={draft.startDate}
          onChange={(startDate) => setDraft({ ...draft, startDate })}
          edge="start"
        />
        <DateTimeFilterInput
          label={t('filters.endDate')}
          value={draft.endDate}
          onChange={(endDate) => setDraft({ ...draft, endDate })}
          edge="end"
        />
      </FilterBar>

      <DataTable
        caption={t('audit.title')}
        columns={columns}
        records={list.data?.records}
        rowKey={(r) => r._id}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        error={list.isError ? errorMessage(list.error) : null}
        onRetry={() => void list.refetch()}
        onRowClick={open}
        pager={
          list.data ? { page, limit: AUDIT_PAGE_SIZE, total: list.data.total, onChange: setPage } : undefined
        }
      />

      <AuditDiffDialog opened={dialogOpened} record={selected} onClose={() => setDialogOpened(false)} />
    </>
  );
}
