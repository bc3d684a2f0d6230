import { Anchor, Avatar, Badge, Group, Switch, Text } from '@mantine/core';
import { type Adapter, type AdapterCreate, allows, api } from '@sapi/contract';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { SelectFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { RowAction } from '../../components/row-action';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { AdapterFormDialog } from './adapter-form-dialog';
import { AdapterTypeBadge } from './adapter-type-badge';
import { adapterList, useCreateAdapter, useSetAdapterDisabled, useUpdateAdapter } from './api';

/** A URL shown short (host and path, or only the file name), linking to the full one in a new tab. */
function ExternalLink({ url, short = 'path' }: { url: string; short?: 'path' | 'file' }) {
  const { t } = useTranslation();
  let text = url;
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    text =
      short === 'file' ? (path.split('/').filter(Boolean).at(-1) ?? parsed.host) : `${parsed.host}${path}`;
  } catch {
    // Not a URL the browser reads: show it as stored.
  }
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      title={url}
      aria-label={t('adapter.openLink', { url })}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: 220, minWidth: 0 }}
    >
      <Text span size="sm" truncate="end" inherit>
        {text}
      </Text>
      <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
    </Anchor>
  );
}

/** Game providers (/adapter/list): table with thumbnails, add and edit dialogs, disable/enable with confirm. */
export function AdapterPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const list = useListScreen(adapterList);
  const create = useCreateAdapter();
  const update = useUpdateAdapter();
  const setDisabled = useSetAdapterDisabled();

  const canCreate = allows(api.adapterCreate, self.role);
  const canEdit = allows(api.adapterUpdate, self.role);
  const canToggle = allows(api.adapterDisable, self.role);

  // The record outlives the dialog's closing transition, so its content does not blank out.
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<Adapter | null>(null);
  const confirm = useConfirmAction();

  const openCreate = () => {
    setEditing(null);
    setFormOpened(true);
  };
  const openEdit = (adapter: Adapter) => {
    setEditing(adapter);
    setFormOpened(true);
  };
  const askConfirm = (adapter: Adapter, disable: boolean) =>
    confirm.ask({
      title: t('adapter.confirm.title'),
      message: t(disable ? 'adapter.confirm.disableMessage' : 'adapter.confirm.enableMessage', {
        name: adapter.name,
        codename: adapter.codename,
      }),
      confirmLabel: t(disable ? 'adapter.confirm.disable' : 'adapter.confirm.enable'),
      danger: disable,
      run: () => setDisabled.mutateAsync({ id: adapter._id, disabled: disable }),
      success: t(disable ? 'adapter.toast.disabled' : 'adapter.toast.enabled', { name: adapter.name }),
    });

  const save = async (values: AdapterCreate) => {
    if (editing) {
      const { name: _name, ...body } = values;
      const saved = await update.mutateAsync({ id: editing._id, body });
      notifySuccess(t('adapter.toast.updated', { name: saved.name }));
    } else {
      const saved = await create.mutateAsync(values);
      notifySuccess(t('adapter.toast.created', { name: saved.name }));
    }
    setFormOpened(false);
  };

  const columns: Column<Adapter>[] = [
    {
      key: 'name',
      header: t('adapter.fields.name'),
      sort: { field: 'name', first: 'asc' },
      render: (adapter) => (
        <Text fw={600} size="sm">
          {adapter.name}
        </Text>
      ),
    },
    {
      key: 'codename',
      header: t('adapter.fields.codename'),
      render: (adapter) => (
        <Text size="sm" ff="monospace" fw={500}>
          {adapter.codename}
        </Text>
      ),
    },
    {
      key: 'type',
      header: t('adapter.fields.type'),
      width: 110,
      render: (adapter) => <AdapterTypeBadge type={adapter.type} />,
    },
    {
      key: 'endpoint',
      header: t('adapter.fields.endpoint'),
      render: (adapter) => <ExternalLink url={adapter.endpoint} />,
    },
    {
      key: 'logo',
      header: t('adapter.fields.logo'),
      render: (adapter) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={adapter.logo}
            alt={t('adapter.logoAlt', { name: adapter.name })}
            size={32}
            radius="md"
            color="indigo"
            variant="light"
          >
            {adapter.codename.slice(0, 2)}
          </Avatar>
          <ExternalLink url={adapter.logo} short="file" />
        </Group>
      ),
    },
    {
      key: 'isDisable',
      header: t('adapter.fields.isDisable'),
      width: 150,
      render: (adapter) =>
        canToggle ? (
          <Switch
            checked={!adapter.isDisable}
            onChange={() => askConfirm(adapter, !adapter.isDisable)}
            color="teal"
            label={adapter.isDisable ? t('adapter.disabled') : t('adapter.enabled')}
            styles={{ label: { whiteSpace: 'nowrap' } }}
            aria-label={t('adapter.toggle', { name: adapter.name })}
            data-testid={`disable-${adapter.codename}`}
          />
        ) : (
          <Badge color={adapter.isDisable ? 'red' : 'teal'} variant="light" radius="sm">
            {adapter.isDisable ? t('adapter.disabled') : t('adapter.enabled')}
          </Badge>
        ),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 90,
      render: (adapter) => (
        <RowAction
          tooltip={t('common.edit')}
          label={t('adapter.editLabel', { name: adapter.name })}
          icon={IconPencil}
          onClick={() => openEdit(adapter)}
        />
      ),
    });
  }

  return (
    <>
      <ListScreen
        list={list}
        title={t('screens.adapter')}
        description={t('adapter.description')}
        exportCsv={{ route: api.adapterExport, filename: 'adapters.csv' }}
        add={canCreate ? { label: t('adapter.add'), onClick: openCreate } : null}
        filters={
          <>
            <TextFilter list={list} name="name" label={t('adapter.filters.name')} w={240} />
            <SelectFilter
              list={list}
              name="isDisable"
              label={t('adapter.filters.status')}
              data={[
                { value: '', label: t('common.all') },
                { value: '0', label: t('adapter.enabled') },
                { value: '1', label: t('adapter.disabled') },
              ]}
            />
          </>
        }
        columns={columns}
        rowKey={(adapter) => adapter._id}
        rowProps={(adapter) => ({
          'data-testid': `adapter-row-${adapter.codename}`,
          'data-disabled': adapter.isDisable ? 'true' : undefined,
        })}
      />

      <AdapterFormDialog
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        adapter={editing}
        onSubmit={save}
      />

      {confirm.dialog}
    </>
  );
}
