import { ActionIcon, Badge, Group, Modal, Switch, Text, Tooltip, useModalsStack } from '@mantine/core';
import {
  type Admin,
  type AdminCreate,
  type AdminType,
  allows,
  api,
  manageableTypes,
  Status,
} from '@sapi/contract';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { DateRangeFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { ApiError } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { adminList, useCreateAdmin, useSetAdminLocked, useUpdateAdminType } from './api';
import { CreateAdminDialog } from './create-admin-dialog';
import { EditAdminDialog } from './edit-admin-dialog';
import { ReauthDialog } from './reauth-dialog';
import { TypeBadge } from './type-badge';

type Change =
  | { kind: 'create'; body: AdminCreate }
  | { kind: 'update'; admin: Admin; type: AdminType }
  | { kind: 'lock'; admin: Admin; lock: boolean };

/** A change the server held back for a password re-check (3005), and how to settle whoever sent it. */
interface Held {
  change: Change;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Admin accounts (/admin/list): filters, table with lock toggles, add and edit; re-authentication when the server asks (3005). */
export function AdminPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const list = useListScreen(adminList);
  const create = useCreateAdmin();
  const update = useUpdateAdminType();
  const setLocked = useSetAdminLocked();

  const stack = useModalsStack(['create', 'edit', 'reauth']);
  const [editing, setEditing] = useState<Admin | null>(null);
  const held = useRef<Held | null>(null);
  const confirm = useConfirmAction();
  // The lock goes through `submit`, so a re-authentication (3005) can hold it; the toast is `send`'s.
  const askConfirm = (admin: Admin, lock: boolean) =>
    confirm.ask({
      title: t('admin.confirm.title'),
      message: t(lock ? 'admin.confirm.lockMessage' : 'admin.confirm.unlockMessage', {
        username: admin.username,
      }),
      confirmLabel: t(lock ? 'admin.confirm.lock' : 'admin.confirm.unlock'),
      danger: lock,
      run: () => submit({ kind: 'lock', admin, lock }),
    });

  const manageable = manageableTypes[self.type];
  const canCreate = allows(api.adminCreate, self.type) && manageable.length > 0;
  const canManage = (admin: Admin) =>
    admin._id !== self.id && allows(api.adminUpdate, self.type) && manageable.includes(admin.type);

  const openCreate = () => stack.open('create');
  const openEdit = (admin: Admin) => {
    setEditing(admin);
    stack.open('edit');
  };
  /** Send a sensitive change as it is; the server decides whether the password must be re-checked first. */
  const send = async (change: Change) => {
    if (change.kind === 'create') {
      const created = await create.mutateAsync(change.body);
      notifySuccess(t('admin.toast.created', { username: created.username }));
    } else if (change.kind === 'update') {
      const updated = await update.mutateAsync({ id: change.admin._id, type: change.type });
      notifySuccess(t('admin.toast.updated', { username: updated.username, type: updated.type }));
    } else {
      await setLocked.mutateAsync({ id: change.admin._id, locked: change.lock });
      const key = change.lock ? 'admin.toast.locked' : 'admin.toast.unlocked';
      notifySuccess(t(key, { username: change.admin.username }));
    }
    confirm.close();
    stack.closeAll();
  };

  /**
   * Submit a change. Answered 3005 (no password re-check in this session for 5 minutes), the
   * re-authentication dialog opens and the change waits: sent again once the password is verified,
   * given up when that dialog is closed. A failure rejects, so the form that sent it shows why.
   */
  const submit = async (change: Change): Promise<void> => {
    try {
      await send(change);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === Status.REAUTH_REQUIRED)) throw err;
      confirm.close();
      await new Promise<void>((resolve, reject) => {
        held.current = { change, resolve, reject };
        stack.open('reauth');
      });
    }
  };

  /** The password is verified: send the held change again. */
  const sendHeld = async () => {
    const waiting = held.current;
    if (!waiting) return;
    held.current = null;
    try {
      await send(waiting.change);
      waiting.resolve();
    } catch (err) {
      stack.close('reauth');
      waiting.reject(err);
    }
  };

  /** The re-authentication is given up: the form that sent the change is free again. */
  const dropHeld = () => {
    held.current?.resolve();
    held.current = null;
    stack.close('reauth');
  };

  const columns: Column<Admin>[] = [
    {
      key: 'username',
      header: t('admin.fields.username'),
      render: (admin) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {admin.username}
          </Text>
          {admin._id === self.id ? (
            <Badge size="xs" variant="outline" color="gray">
              {t('admin.you')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'type', header: t('admin.fields.type'), render: (admin) => <TypeBadge type={admin.type} /> },
    {
      key: 'locked',
      header: t('admin.fields.locked'),
      render: (admin) => (
        <Switch
          checked={admin.locked}
          onChange={() => askConfirm(admin, !admin.locked)}
          disabled={!canManage(admin)}
          color="red"
          label={admin.locked ? t('admin.lockedYes') : t('admin.lockedNo')}
          aria-label={t('admin.lockToggle', { username: admin.username })}
          data-testid={`lock-${admin.username}`}
        />
      ),
    },
    {
      key: 'createdAt',
      header: t('admin.fields.createdAt'),
      render: (admin) => <DateTimeText value={admin.createdAt} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 90,
      render: (admin) =>
        canManage(admin) ? (
          <Tooltip label={t('common.edit')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t('admin.editLabel', { username: admin.username })}
              onClick={() => openEdit(admin)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <>
      <ListScreen
        list={list}
        title={t('admin.title')}
        description={t('admin.description')}
        add={canCreate ? { label: t('admin.add'), onClick: openCreate, icon: IconUserPlus } : null}
        filters={
          <>
            <TextFilter list={list} name="username" label={t('admin.fields.username')} w={220} />
            <DateRangeFilter list={list} from="startDate" to="endDate" />
          </>
        }
        columns={columns}
        rowKey={(admin) => admin._id}
      />

      <Modal.Stack>
        <CreateAdminDialog
          {...stack.register('create')}
          types={manageable}
          onSubmit={(body) => submit({ kind: 'create', body })}
        />
        <EditAdminDialog
          {...stack.register('edit')}
          admin={editing}
          types={manageable}
          onSubmit={async ({ type }) => {
            if (editing) await submit({ kind: 'update', admin: editing, type });
          }}
        />
        <ReauthDialog
          {...stack.register('reauth')}
          onClose={dropHeld}
          username={self.username}
          onVerified={sendHeld}
        />
      </Modal.Stack>

      {confirm.dialog}
    </>
  );
}
