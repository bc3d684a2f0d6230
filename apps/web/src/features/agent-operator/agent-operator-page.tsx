import { Anchor, Badge, Group, Text } from '@mantine/core';
import {
  type AgentOperator,
  type AgentOperatorRegister,
  type AgentOperatorUpdate,
  type AgentPick,
  allows,
  api,
  operatorTypes,
} from '@sapi/contract';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { agentLabel } from '../../components/agent-picker';
import { useConfirmAction } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { AgentFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { RowAction } from '../../components/row-action';
import { TwoFactorBadge, TwoFactorResetAction, useTwoFactorReset } from '../../components/two-factor-reset';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import {
  operatorList,
  useDeleteOperator,
  useRegisterOperator,
  useResetOperatorTotp,
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
  const list = useListScreen(operatorList);
  const register = useRegisterOperator();
  const update = useUpdateOperator();
  const remove = useDeleteOperator();
  const resetTotp = useResetOperatorTotp();

  const canRegister = allows(api.agentOperatorRegister, self.role);
  const canUpdate = allows(api.agentOperatorUpdate, self.role);
  const canDelete = allows(api.agentOperatorDelete, self.role);
  const canResetTotp = allows(api.agentOperatorTotpReset, self.role);
  // The agent side manages its own agent's operators only, and a SUPERMANAGER no SUPERMANAGER.
  const ownAgent: AgentPick | null =
    self.agentId !== undefined && self.prefix !== undefined
      ? { _id: self.agentId, username: self.agentUsername ?? '', prefix: self.prefix }
      : null;
  const superManager = self.role === 'AGENT_SUPERMANAGER';
  const mayEdit = (o: AgentOperator) => canUpdate && !(superManager && o.type === 'SUPERMANAGER');
  const types = operatorTypes.filter((type) => !superManager || type !== 'SUPERMANAGER');

  const [registerOpened, setRegisterOpened] = useState(false);
  const [editOpened, setEditOpened] = useState(false);
  const [editing, setEditing] = useState<AgentOperator | null>(null);
  const confirm = useConfirmAction();
  const twoFactorReset = useTwoFactorReset();

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

  const askDelete = (operator: AgentOperator) =>
    confirm.ask({
      title: t('agentOperator.confirm.deleteTitle'),
      message: t('agentOperator.confirm.deleteMessage', {
        username: operator.username,
        agent: agentOf(operator),
      }),
      confirmLabel: t('agentOperator.confirm.delete'),
      danger: true,
      run: () => remove.mutateAsync(operator._id),
      success: t('agentOperator.toast.deleted', { username: operator.username }),
    });

  // A lost phone and codes: the operator signs in with its password again (a password re-check first).
  const askResetTotp = (operator: AgentOperator) =>
    twoFactorReset.ask(operator.username, () => resetTotp.mutateAsync(operator._id));

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
      sort: { field: 'username', first: 'asc' },
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
      key: 'totp',
      header: t('security.twoFactor.column'),
      render: (o) => <TwoFactorBadge username={o.username} enabled={o.totpEnabled} />,
    },
    {
      key: 'createdAt',
      header: t('agentOperator.fields.createdAt'),
      sort: { field: 'createdAt', first: 'desc' },
      render: (o) => <DateTimeText value={o.createdAt} />,
    },
  ];
  if (canUpdate || canDelete || canResetTotp) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 140,
      render: (o) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {mayEdit(o) ? (
            <RowAction
              tooltip={t('common.edit')}
              label={t('agentOperator.editLabel', { username: o.username })}
              icon={IconPencil}
              onClick={() => openEdit(o)}
            />
          ) : null}
          {canResetTotp && mayEdit(o) && o.totpEnabled ? (
            <TwoFactorResetAction username={o.username} onClick={() => askResetTotp(o)} />
          ) : null}
          {canDelete ? (
            <RowAction
              tooltip={t('agentOperator.delete')}
              label={t('agentOperator.deleteLabel', { username: o.username })}
              icon={IconTrash}
              onClick={() => askDelete(o)}
              color="red"
            />
          ) : null}
        </Group>
      ),
    });
  }

  return (
    <>
      <ListScreen
        list={list}
        title={t('agentOperator.title')}
        description={t('agentOperator.description')}
        exportCsv={{ route: api.agentOperatorExport, filename: 'agent-operators.csv' }}
        add={
          canRegister
            ? { label: t('agentOperator.add'), onClick: openRegister, title: t('agentOperator.addLabel') }
            : null
        }
        filters={
          <>
            <AgentFilter list={list} name="agent" label={t('agentOperator.fields.agent')} />
            <TextFilter list={list} name="username" label={t('agentOperator.fields.username')} />
          </>
        }
        columns={columns}
        rowKey={(o) => o._id}
        emptyTitle={t('agentOperator.emptyTitle')}
      />

      <RegisterOperatorDialog
        opened={registerOpened}
        onClose={() => setRegisterOpened(false)}
        defaultAgent={list.applied.agent}
        ownAgent={ownAgent}
        types={types}
        onSubmit={submitRegister}
      />
      <EditOperatorDialog
        opened={editOpened}
        onClose={() => setEditOpened(false)}
        operator={editing}
        types={types}
        onSubmit={submitEdit}
      />

      {confirm.dialog}
      {twoFactorReset.dialogs}
    </>
  );
}
