import { ActionIcon, Badge, Group, Modal, Switch, Text, Tooltip, useModalsStack } from '@mantine/core';
import {
  type Admin,
  type AdminCreate,
  type AdminType,
  allows,
  api,
  isPortalRole,
  manageableTypes,
} from '@sapi/contract';
import { IconNetwork, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { DateRangeFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { AdminSecurityActions } from './admin-security-actions';
import { AdminAllowedIpsDialog } from './allowed-ips-dialog';
import {
  adminList,
  useCreateAdmin,
  useSetAdminLocked,
  useUpdateAdminAllowedIps,
  useUpdateAdminType,
} from './api';
import { CreateAdminDialog } from './create-admin-dialog';
import { EditAdminDialog } from './edit-admin-dialog';
import { TypeBadge } from './type-badge';

type Change =
  | { kind: 'create'; body: AdminCreate }
  | { kind: 'update'; admin: Admin; type: AdminType }
  | { kind: 'lock'; admin: Admin; lock: boolean }
  | { kind: 'allowedIps'; admin: Admin; allowedIps: string[] };

/** Admin accounts (/admin/list): filters, table with lock toggles, add and edit; re-authentication when the server asks (3005). */
export function AdminPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const list = useListScreen(adminList);
  const create = useCreateAdmin();
  const update = useUpdateAdminType();
  const setLocked = useSetAdminLocked();
  const updateAllowedIps = useUpdateAdminAllowedIps();

  const stack = useModalsStack(['create', 'edit', 'allowedIps', 'reauth']);
  const [allowList, setAllowList] = useState<Admin | null>(null);
  const [editing, setEditing] = useState<Admin | null>(null);
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

  const manageable = self.kind === 'staff' && !isPortalRole(self.role) ? manageableTypes[self.role] : [];
  const canCreate = allows(api.adminCreate, self.role) && manageable.length > 0;
  const canManage = (admin: Admin) =>
    admin._id !== self.id && allows(api.adminUpdate, self.role) && manageable.includes(admin.type);
  /** One's own list too: the dialog warns before it would shut oneself out. */
  const canEditAllowList = (admin: Admin) =>
    allows(api.adminAllowedIpsUpdate, self.role) && (admin._id === self.id || canManage(admin));
  const openAllowList = (admin: Admin) => {
    setAllowList(admin);
    stack.open('allowedIps');
  };

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
    } else if (change.kind === 'allowedIps') {
      const saved = await updateAllowedIps.mutateAsync({
        id: change.admin._id,
        allowedIps: change.allowedIps,
      });
      notifySuccess(
        saved.allowedIps.length === 0
          ? t('security.allowList.toast.cleared', { username: change.admin.username })
          : t('security.allowList.toast.saved', {
              username: change.admin.username,
              count: saved.allowedIps.length,
            }),
      );
    } else {
      await setLocked.mutateAsync({ id: change.admin._id, locked: change.lock });
      const key = change.lock ? 'admin.toast.locked' : 'admin.toast.unlocked';
      notifySuccess(t(key, { username: change.admin.username }));
    }
    confirm.close();
    stack.closeAll();
  };

  const reauth = useReauth(
    () => {
      confirm.close();
      stack.open('reauth');
    },
    () => stack.close('reauth'),
  );
  /** Submit a change; the re-authentication dialog opens when the server asks for it (3005). */
  const submit = (change: Change) => reauth.run(() => send(change));

  const columns: Column<Admin>[] = [
    {
      key: 'username',
      header: t('admin.fields.username'),
      sort: { field: 'username', first: 'asc' },
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
          checked={!admin.locked}
          onChange={() => askConfirm(admin, !admin.locked)}
          disabled={!canManage(admin)}
          color="teal"
          label={admin.locked ? t('admin.lockedYes') : t('admin.lockedNo')}
          aria-label={t('admin.lockToggle', { username: admin.username })}
          data-testid={`lock-${admin.username}`}
        />
      ),
    },
    {
      key: 'createdAt',
      header: t('admin.fields.createdAt'),
      sort: { field: 'createdAt', first: 'desc' },
      render: (admin) => <DateTimeText value={admin.createdAt} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 140,
      render: (admin) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEditAllowList(admin) ? (
            <Tooltip label={t('security.allowList.adminLabel', { username: admin.username })} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={t('security.allowList.adminLabel', { username: admin.username })}
                onClick={() => openAllowList(admin)}
              >
                <IconNetwork size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canManage(admin) ? (
            <Tooltip label={t('common.edit')} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={t('admin.editLabel', { username: admin.username })}
                onClick={() => openEdit(admin)}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canManage(admin) && allows(api.passwordReset, self.role) ? (
            <AdminSecurityActions admin={admin} />
          ) : null}
        </Group>
      ),
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
        <AdminAllowedIpsDialog
          {...stack.register('allowedIps')}
          admin={allowList}
          onSubmit={async (allowedIps) => {
            if (allowList) await submit({ kind: 'allowedIps', admin: allowList, allowedIps });
          }}
        />
        <ReauthDialog {...stack.register('reauth')} {...reauth.dialog} />
      </Modal.Stack>

      {confirm.dialog}
    </>
  );
}
