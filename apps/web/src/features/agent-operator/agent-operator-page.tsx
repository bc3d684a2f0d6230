import { ActionIcon, Anchor, Badge, Button, Group, Text, TextInput, Tooltip } from '@mantine/core';
import {
  type AgentOperator,
  type AgentOperatorRegister,
  type AgentOperatorUpdate,
  allows,
  api,
} from '@sapi/contract';
import { IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgentPicker, agentLabel } from '../../components/agent-picker';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { ExportButton } from '../../components/export-button';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useUrlFilters } from '../../lib/use-url-filters';
import {
  emptyOperatorFilters,
  OPERATOR_PAGE_SIZE,
  type OperatorFilters,
  operatorFilterKeys,
  operatorListQuery,
  useDeleteOperator,
  useRegisterOperator,
  useUpdateOperator,
} from './api';
import { EditOperatorDialog } from './edit-operator-dialog';
import { OperatorTypeBadge } from './operator-type-badge';
import { RegisterOperatorDialog } from './register-operator-dialog';

const agentOf = (o: AgentOperator) => agentLabel({ username: o.agentUsername, prefix: o.agentPrefix });

/** Agent operators (/agentoperator): accounts per agent; ADD registers, edit, delete. */
export function AgentOperatorPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const { filters, page, apply, setPage } = useUrlFilters(operatorFilterKeys);
  const [draft, setDraft] = useState<OperatorFilters>(filters);
  useEffect(() => setDraft(filters), [filters]);

  const list = useQuery(operatorListQuery(filters, page));
  const register = useRegisterOperator();
  const update = useUpdateOperator();
  const remove = useDeleteOperator();

  const canRegister = allows(api.agentOperatorRegister, self.type);
  const canUpdate = allows(api.agentOperatorUpdate, self.type);
  const canDelete = allows(api.agentOperatorDelete, self.type);

  const [registerOpened, setRegisterOpened] = useState(false);
  const [editOpened, setEditOpened] = useState(false);
  const [editing, setEditing] = useState<AgentOperator | null>(null);
  const [deleting, setDeleting] = useState<AgentOperator | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);

  const openRegister = () => setRegisterOpened(true);
  const openEdit = (operator: AgentOperator) => {
    setEditing(operator);
    setEditOpened(true);
  };

  const submitRegister = async (body: AgentOperatorRegister) => {
    const { operator } = await register.mutateAsync(body);
    notifySuccess(t('agentOperator.toast.created', { username: operator.username }));
    setRegisterOpened(false);
  };

  const submitEdit = async (body: AgentOperatorUpdate) => {
    if (!editing) return;
    const saved = await update.mutateAsync({ id: editing._id, body });
    notifySuccess(t('agentOperator.toast.updated', { username: saved.username }));
    setEditOpened(false);
  };

  const runDelete = () => {
    if (!deleting) return;
    const operator = deleting;
    remove.mutate(operator._id, {
      onSuccess: () => notifySuccess(t('agentOperator.toast.deleted', { username: operator.username })),
      onError: (err) => notifyError(errorMessage(err)),
      onSettled: () => setConfirmOpened(false),
    });
  };

  const columns: Column<AgentOperator>[] = [
    {
      key: 'agent',
      header: t('agentOperator.fields.agent'),
      render: (o) => (
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={`/agent/list?username=${encodeURIComponent(o.agentUsername)}`}
            size="sm"
            fw={600}
            title={t('agentOperator.openAgent', { agent: agentOf(o) })}
          >
            {o.agentUsername}
          </Anchor>
          <Badge variant="light" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {o.agentPrefix}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'username',
      header: t('agentOperator.fields.username'),
      render: (o) => (
        <Text size="sm" fw={600}>
          {o.username}
        </Text>
      ),
    },
    {
      key: 'type',
      header: t('agentOperator.fields.type'),
      render: (o) => <OperatorTypeBadge type={o.type} />,
    },
    {
      key: 'locked',
      header: t('agentOperator.fields.locked'),
      render: (o) =>
        o.locked ? (
          <Badge color="red" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
            {t('agentOperator.lockedYes')}
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            {t('agentOperator.lockedNo')}
          </Badge>
        ),
    },
    {
      key: 'createdAt',
      header: t('agentOperator.fields.createdAt'),
      render: (o) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <DateTimeText value={o.createdAt} />
        </span>
      ),
    },
  ];
  if (canUpdate || canDelete) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 110,
      render: (o) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canUpdate ? (
            <Tooltip label={t('common.edit')} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={t('agentOperator.editLabel', { username: o.username })}
                onClick={() => openEdit(o)}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Tooltip label={t('agentOperator.delete')} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('agentOperator.deleteLabel', { username: o.username })}
                onClick={() => {
                  setDeleting(o);
                  setConfirmOpened(true);
                }}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('agentOperator.title')}
        description={t('agentOperator.description')}
        actions={
          <>
            <ExportButton route={api.agentOperatorExport} body={filters} filename="agent-operators.csv" />
            {canRegister ? (
              <Button
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={openRegister}
                title={t('agentOperator.addLabel')}
              >
                {t('agentOperator.add')}
              </Button>
            ) : null}
          </>
        }
      />

      <FilterBar
        onSearch={() => apply(draft)}
        onReset={() => apply(emptyOperatorFilters)}
        searching={list.isFetching && !list.isPending}
      >
        <AgentPicker
          label={t('agentOperator.fields.agent')}
          value={draft.agent}
          onChange={(agent) => setDraft({ ...draft, agent })}
          placeholder={t('common.all')}
          clearable
          w={300}
        />
        <TextInput
          label={t('agentOperator.fields.username')}
          value={draft.username}
          onChange={(e) => setDraft({ ...draft, username: e.currentTarget.value })}
          w={200}
        />
      </FilterBar>

      <DataTable
        caption={t('agentOperator.title')}
        columns={columns}
        records={list.data?.records}
        rowKey={(o) => o._id}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        error={list.isError ? errorMessage(list.error) : null}
        onRetry={() => void list.refetch()}
        emptyTitle={t('agentOperator.emptyTitle')}
        pager={
          list.data
            ? { page, limit: OPERATOR_PAGE_SIZE, total: list.data.total, onChange: setPage }
            : undefined
        }
      />

      <RegisterOperatorDialog
        opened={registerOpened}
        onClose={() => setRegisterOpened(false)}
        defaultAgent={filters.agent}
        onSubmit={submitRegister}
      />
      <EditOperatorDialog
        opened={editOpened}
        onClose={() => setEditOpened(false)}
        operator={editing}
        onSubmit={submitEdit}
      />

      <ConfirmDialog
        opened={confirmOpened}
        title={t('agentOperator.confirm.deleteTitle')}
        message={
          deleting
            ? t('agentOperator.confirm.deleteMessage', {
                username: deleting.username,
                agent: agentOf(deleting),
              })
            : ''
        }
        confirmLabel={t('agentOperator.confirm.delete')}
        color="red"
        loading={remove.isPending}
        onConfirm={runDelete}
        onClose={() => setConfirmOpened(false)}
      />
    </>
  );
}
