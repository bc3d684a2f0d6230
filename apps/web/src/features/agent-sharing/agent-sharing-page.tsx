import { Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { type AgentSharing, type AgentSharingCreate, allows, api } from '@sapi/contract';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentLabel } from '../../components/agent-picker';
import { useConfirmAction } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { AgentFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { RowAction } from '../../components/row-action';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { formatPercent, sharingList, useCreateSharing, useSetSharingDisabled, useUpdateSharing } from './api';
import { SharingDialog } from './sharing-dialog';

const childLabel = (s: AgentSharing) => agentLabel({ username: s.agentUsername, prefix: s.agentPrefix });
const parentLabel = (s: AgentSharing) =>
  agentLabel({ username: s.parentAgentUsername, prefix: s.parentAgentPrefix });

/** Agent sharing (/agentsharing): who shares revenue with which parent, create, edit, disable/enable. */
export function AgentSharingPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const list = useListScreen(sharingList);
  const create = useCreateSharing();
  const update = useUpdateSharing();
  const setDisabled = useSetSharingDisabled();

  const canCreate = allows(api.agentSharingCreate, self.type);
  const canUpdate = allows(api.agentSharingUpdate, self.type);
  const canToggle = allows(api.agentSharingDisable, self.type) && allows(api.agentSharingEnable, self.type);

  const [dialogOpened, setDialogOpened] = useState(false);
  // null = create. It outlives the closing transition so the title does not flip.
  const [editing, setEditing] = useState<AgentSharing | null>(null);
  const confirm = useConfirmAction();

  const openDialog = (sharing: AgentSharing | null) => {
    setEditing(sharing);
    setDialogOpened(true);
  };

  const submit = async (values: AgentSharingCreate) => {
    if (editing) {
      const { agent, parentAgent, parentPercentage } = values;
      const saved = await update.mutateAsync({
        id: editing._id,
        body: { agent, parentAgent, parentPercentage },
      });
      notifySuccess(t('agentSharing.toast.updated', { agent: childLabel(saved) }));
    } else {
      const saved = await create.mutateAsync(values);
      notifySuccess(
        t('agentSharing.toast.created', {
          agent: childLabel(saved),
          parent: parentLabel(saved),
          percent: formatPercent(saved.parentPercentage),
        }),
      );
    }
    setDialogOpened(false);
  };

  // A refusal (e.g. 409: the agent already has another enabled arrangement, or a cycle) is said as the server words it.
  const askToggle = (sharing: AgentSharing, disable: boolean) =>
    confirm.ask({
      title: t('agentSharing.confirm.title'),
      message: t(disable ? 'agentSharing.confirm.disableMessage' : 'agentSharing.confirm.enableMessage', {
        agent: childLabel(sharing),
        parent: parentLabel(sharing),
        percent: formatPercent(sharing.parentPercentage),
      }),
      confirmLabel: t(disable ? 'agentSharing.confirm.disable' : 'agentSharing.confirm.enable'),
      danger: disable,
      run: () => setDisabled.mutateAsync({ id: sharing._id, disable }),
      success: t(disable ? 'agentSharing.toast.disabled' : 'agentSharing.toast.enabled', {
        agent: childLabel(sharing),
      }),
    });

  const columns: Column<AgentSharing>[] = [
    {
      key: 'agent',
      header: t('agentSharing.fields.agent'),
      render: (s) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {s.agentUsername}
          </Text>
          <Badge variant="light" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {s.agentPrefix}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'parentAgentPrefix',
      header: t('agentSharing.fields.parentAgentPrefix'),
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {s.parentAgentPrefix}
          </Text>
          <Text size="xs" c="dimmed">
            {s.parentAgentUsername}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'parentPercentage',
      header: t('agentSharing.fields.parentPercentage'),
      align: 'right',
      render: (s) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPercent(s.parentPercentage)}
        </Text>
      ),
    },
    {
      key: 'isDisable',
      header: t('agentSharing.fields.isDisable'),
      render: (s) => (
        <Switch
          checked={s.isDisable}
          onChange={() => askToggle(s, !s.isDisable)}
          disabled={!canToggle}
          color="red"
          label={s.isDisable ? t('agentSharing.disabledYes') : t('agentSharing.disabledNo')}
          aria-label={t('agentSharing.disableToggle', { agent: childLabel(s), parent: parentLabel(s) })}
        />
      ),
    },
  ];
  if (canUpdate) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 90,
      render: (s) => (
        <RowAction
          tooltip={t('common.edit')}
          label={t('agentSharing.editLabel', { agent: childLabel(s), parent: parentLabel(s) })}
          icon={IconPencil}
          onClick={() => openDialog(s)}
        />
      ),
    });
  }

  return (
    <>
      <ListScreen
        list={list}
        title={t('agentSharing.title')}
        description={t('agentSharing.description')}
        exportCsv={{ route: api.agentSharingExport, filename: 'agent-sharing.csv' }}
        add={canCreate ? { label: t('agentSharing.add'), onClick: () => openDialog(null) } : null}
        filters={
          <>
            <AgentFilter list={list} name="agent" label={t('agentSharing.fields.agent')} />
            <AgentFilter list={list} name="parentAgent" label={t('agentSharing.fields.parentAgent')} />
          </>
        }
        columns={columns}
        rowKey={(s) => s._id}
        emptyTitle={t('agentSharing.emptyTitle')}
      />

      <SharingDialog
        opened={dialogOpened}
        onClose={() => setDialogOpened(false)}
        sharing={editing}
        onSubmit={submit}
      />

      {confirm.dialog}
    </>
  );
}
