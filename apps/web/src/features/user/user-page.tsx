import { Anchor, Badge, Button, Group, Switch, Text } from '@mantine/core';
import { type AgentPick, allows, api, type User, type UserCreate, type UserUpdate } from '@sapi/contract';
import { IconListDetails, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirmAction } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { AgentFilter, DateRangeFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { agentTransactionsHref, playerTransactionsHref } from '../../lib/drill-down';
import { formatMoney } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { useCreateUser, useDeleteUser, userList, useUpdateUser } from './api';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';

/** The latest game: the one being played, else the last one played, else '-'. */
const latestGame = (player: User): string => player.activeGamePlaying ?? player.lastGamePlaying[0] ?? '-';

/** Thai words must not break mid-word in narrow headers and dates. */
const NoWrap = ({ children }: { children: ReactNode }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
);

/** Players (/user/list): filters, table with bet-lock toggles, add, edit and delete. */
export function UserPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const list = useListScreen(userList);
  const create = useCreateUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();

  const canCreate = allows(api.userCreate, self.role);
  const canUpdate = allows(api.userUpdate, self.role);
  const canDelete = allows(api.userDelete, self.role);

  // The agent side adds players under its own agent unless the list is filtered to one of its downline.
  const ownAgent: AgentPick | null =
    self.agentId !== undefined && self.prefix !== undefined
      ? { _id: self.agentId, username: self.agentUsername ?? '', prefix: self.prefix }
      : null;

  const [createOpened, setCreateOpened] = useState(false);
  const [editOpened, setEditOpened] = useState(false);
  // The player outlives the dialog's closing transition, so its fields do not blank out.
  const [editing, setEditing] = useState<User | null>(null);
  const confirm = useConfirmAction();

  const openCreate = () => setCreateOpened(true);
  const openEdit = (player: User) => {
    setEditing(player);
    setEditOpened(true);
  };
  const askLock = (player: User, lock: boolean) =>
    confirm.ask({
      title: t('user.confirm.title'),
      message: t(lock ? 'user.confirm.lockMessage' : 'user.confirm.unlockMessage', { username: player.name }),
      confirmLabel: t(lock ? 'user.confirm.lock' : 'user.confirm.unlock'),
      danger: lock,
      run: () => update.mutateAsync({ id: player._id, body: { betLimit: player.betLimit, locked: lock } }),
      success: t(lock ? 'user.toast.locked' : 'user.toast.unlocked', { username: player.name }),
    });
  const askDelete = (player: User) =>
    confirm.ask({
      title: t('user.confirm.deleteTitle'),
      message: t('user.confirm.deleteMessage', { username: player.name }),
      confirmLabel: t('user.confirm.delete'),
      danger: true,
      run: () => remove.mutateAsync(player._id),
      success: t('user.toast.deleted', { username: player.name }),
    });

  const submitCreate = async (body: UserCreate) => {
    const created = await create.mutateAsync(body);
    notifySuccess(t('user.toast.created', { username: created.username }));
    setCreateOpened(false);
  };

  const submitEdit = async (body: UserUpdate) => {
    if (!editing) return;
    const saved = await update.mutateAsync({ id: editing._id, body });
    notifySuccess(t('user.toast.updated', { username: saved.name }));
    setEditOpened(false);
  };

  const columns: Column<User>[] = [
    {
      key: 'username',
      header: t('user.fields.username'),
      sort: { field: 'username', first: 'asc' },
      render: (player) =>
        canUpdate ? (
          <Anchor
            component="button"
            type="button"
            fw={600}
            size="sm"
            onClick={() => openEdit(player)}
            title={t('user.editLabel', { username: player.name })}
          >
            {player.name}
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            {player.name}
          </Text>
        ),
    },
    {
      key: 'agent',
      header: t('user.fields.agent'),
      render: (player) => (
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={agentTransactionsHref(player.agent)}
            size="sm"
            title={t('user.agentBets', { agent: player.agentUsername })}
          >
            {player.agentUsername}
          </Anchor>
          <Badge variant="light" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {player.agentPrefix}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'betLimit',
      header: <NoWrap>{t('user.fields.betLimit')}</NoWrap>,
      align: 'right',
      render: (player) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="bet-limit">
          {formatMoney(player.betLimit)}
        </Text>
      ),
    },
    {
      key: 'locked',
      header: <NoWrap>{t('user.fields.locked')}</NoWrap>,
      render: (player) => (
        <Switch
          checked={!player.locked}
          onChange={() => askLock(player, !player.locked)}
          disabled={!canUpdate}
          color="teal"
          label={player.locked ? t('user.lockedYes') : t('user.lockedNo')}
          aria-label={t('user.lockToggle', { username: player.name })}
        />
      ),
    },
    {
      key: 'createdAt',
      header: <NoWrap>{t('user.fields.createdAt')}</NoWrap>,
      sort: { field: 'createdAt', first: 'desc' },
      render: (player) => <DateTimeText value={player.createdAt} />,
    },
    { key: 'latestGame', header: <NoWrap>{t('user.fields.latestGame')}</NoWrap>, render: latestGame },
  ];
  columns.push({
    key: 'actions',
    header: t('common.actions'),
    align: 'right',
    render: (player) => (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button
          component={Link}
          to={playerTransactionsHref(player)}
          size="xs"
          variant="light"
          leftSection={<IconListDetails size={14} aria-hidden />}
          aria-label={t('user.betsLabel', { username: player.name })}
        >
          {t('user.bets')}
        </Button>
        {canDelete ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('user.deleteLabel', { username: player.name })}
            onClick={() => askDelete(player)}
          >
            {t('user.delete')}
          </Button>
        ) : null}
      </Group>
    ),
  });

  return (
    <>
      <ListScreen
        list={list}
        title={t('user.title')}
        description={t('user.description')}
        exportCsv={{ route: api.userExport, filename: 'users.csv' }}
        add={canCreate ? { label: t('user.add'), onClick: openCreate, icon: IconUserPlus } : null}
        filters={
          <>
            <TextFilter list={list} name="username" label={t('user.fields.username')} />
            <AgentFilter list={list} name="agent" label={t('user.fields.agent')} />
            <DateRangeFilter list={list} from="startDate" to="endDate" />
          </>
        }
        columns={columns}
        rowKey={(player) => player._id}
        emptyTitle={t('user.emptyTitle')}
      />

      <CreateUserDialog
        opened={createOpened}
        onClose={() => setCreateOpened(false)}
        defaultAgent={list.applied.agent || (ownAgent?._id ?? '')}
        known={ownAgent}
        onSubmit={submitCreate}
      />
      <EditUserDialog
        opened={editOpened}
        onClose={() => setEditOpened(false)}
        player={editing}
        onSubmit={submitEdit}
      />

      {confirm.dialog}
    </>
  );
}
