import { Anchor, Badge, Button, Group, Switch, Text } from '@mantine/core';
import { allows, api, type User, type UserCreate, type UserUpdate } from '@sapi/contract';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { AgentFilter, DateRangeFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
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

type Confirm = { kind: 'lock'; player: User; lock: boolean } | { kind: 'delete'; player: User };

/** Players (/user/list): filters, table with bet-lock toggles, add, edit and delete. */
export function UserPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const list = useListScreen(userList);
  const create = useCreateUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();

  const canCreate = allows(api.userCreate, self.type);
  const canUpdate = allows(api.userUpdate, self.type);
  const canDelete = allows(api.userDelete, self.type);

  const [createOpened, setCreateOpened] = useState(false);
  const [editOpened, setEditOpened] = useState(false);
  // The player outlives the dialog's closing transition, so its fields do not blank out.
  const [editing, setEditing] = useState<User | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);

  const openCreate = () => setCreateOpened(true);
  const openEdit = (player: User) => {
    setEditing(player);
    setEditOpened(true);
  };
  const ask = (next: Confirm) => {
    setConfirm(next);
    setConfirmOpened(true);
  };

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

  const runConfirm = () => {
    if (!confirm) return;
    const done = {
      onSettled: () => setConfirmOpened(false),
      onError: (err: unknown) => notifyError(errorMessage(err)),
    };
    if (confirm.kind === 'delete') {
      const { player } = confirm;
      remove.mutate(player._id, {
        ...done,
        onSuccess: () => notifySuccess(t('user.toast.deleted', { username: player.name })),
      });
      return;
    }
    const { player, lock } = confirm;
    update.mutate(
      { id: player._id, body: { betLimit: player.betLimit, locked: lock } },
      {
        ...done,
        onSuccess: () =>
          notifySuccess(t(lock ? 'user.toast.locked' : 'user.toast.unlocked', { username: player.name })),
      },
    );
  };

  const columns: Column<User>[] = [
    {
      key: 'username',
      header: t('user.fields.username'),
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
          <Text size="sm">{player.agentUsername}</Text>
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
          checked={player.locked}
          onChange={() => ask({ kind: 'lock', player, lock: !player.locked })}
          disabled={!canUpdate}
          color="red"
          label={player.locked ? t('user.lockedYes') : t('user.lockedNo')}
          aria-label={t('user.lockToggle', { username: player.name })}
        />
      ),
    },
    {
      key: 'createdAt',
      header: <NoWrap>{t('user.fields.createdAt')}</NoWrap>,
      render: (player) => <DateTimeText value={player.createdAt} />,
    },
    { key: 'latestGame', header: <NoWrap>{t('user.fields.latestGame')}</NoWrap>, render: latestGame },
  ];
  if (canDelete) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 100,
      render: (player) => (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={t('user.deleteLabel', { username: player.name })}
          onClick={() => ask({ kind: 'delete', player })}
        >
          {t('user.delete')}
        </Button>
      ),
    });
  }

  let confirmMessage = '';
  if (confirm?.kind === 'delete') {
    confirmMessage = t('user.confirm.deleteMessage', { username: confirm.player.name });
  } else if (confirm) {
    confirmMessage = t(confirm.lock ? 'user.confirm.lockMessage' : 'user.confirm.unlockMessage', {
      username: confirm.player.name,
    });
  }
  let confirmLabel: string = t('user.confirm.delete');
  if (confirm?.kind === 'lock') confirmLabel = t(confirm.lock ? 'user.confirm.lock' : 'user.confirm.unlock');

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
        defaultAgent={list.applied.agent}
        onSubmit={submitCreate}
      />
      <EditUserDialog
        opened={editOpened}
        onClose={() => setEditOpened(false)}
        player={editing}
        onSubmit={submitEdit}
      />

      <ConfirmDialog
        opened={confirmOpened}
        title={confirm?.kind === 'delete' ? t('user.confirm.deleteTitle') : t('user.confirm.title')}
        message={confirmMessage}
        confirmLabel={confirmLabel}
        color={confirm?.kind === 'delete' || (confirm?.kind === 'lock' && confirm.lock) ? 'red' : undefined}
        loading={remove.isPending || (update.isPending && !editOpened)}
        onConfirm={runConfirm}
        onClose={() => setConfirmOpened(false)}
      />
    </>
  );
}
