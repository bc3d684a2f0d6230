import { Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { type AgentSharing, type AgentSharingCreate, allows, api } from '@sapi/contract';
import { IconHistory, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentLabel } from '../../components/agent-picker';
import type { Column } from '../../components/data-table';
import { AgentFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { RowAction } from '../../components/row-action';
import { businessToday } from '../../lib/business-time';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { formatPercent, sharingList, useCreateSharing, useSetSharingDisabled, useUpdateSharing } from './api';
import { HistoryDialog } from './history-dialog';
import { SharingDialog } from './sharing-dialog';
import { SwitchDialog } from './switch-dialog';

const dayText = (day: string) => day.split('-').reverse().join('/');
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

  const canCreate = allows(api.agentSharingCreate, self.role);
  const canUpdate = allows(api.agentSharingUpdate, self.role);
  const canToggle = allows(api.agentSharingDisable, self.role) && allows(api.agentSharingEnable, self.role);
  const canSeeHistory = allows(api.agentSharingHistory, self.role);
  // The agent side asks for a percentage change of its own direct sub-agents only (docs/design.md §16).
  const agentSide = self.kind !== 'staff';
  const mayEdit = (s: AgentSharing) => canUpdate && (!agentSide || s.parentAgent === self.agentId);

  const [dialogOpened, setDialogOpened] = useState(false);
  // null = create. It outlives the closing transition so the title does not flip.
  const [editing, setEditing] = useState<AgentSharing | null>(null);
  // The arrangement being disabled or enabled, and which; kept through the closing transition.
  const [switching, setSwitching] = useState<{ sharing: AgentSharing; disable: boolean } | null>(null);
  const [switchOpened, setSwitchOpened] = useState(false);
  const [historyOf, setHistoryOf] = useState<AgentSharing | null>(null);
  const [historyOpened, setHistoryOpened] = useState(false);

  const openDialog = (sharing: AgentSharing | null) => {
    setEditing(sharing);
    setDialogOpened(true);
  };

  const submit = async (values: AgentSharingCreate) => {
    if (editing) {
      const { agent, parentAgent, parentPercentage, effectiveFrom, settleEachPeriod } = values;
      const saved = await update.mutateAsync({
        id: editing._id,
        body: { agent, parentAgent, parentPercentage, effectiveFrom, settleEachPeriod },
      });
      // With approvals on (always for the agent side), a percentage change waits for staff approval;
      // the arrangement is unchanged.
      notifySuccess(
        saved.pendingApproval
          ? t(agentSide ? 'agentSharing.requestSent' : 'agentSharing.pendingSaved', {
              agent: childLabel(saved),
              percent: formatPercent(Number(parentPercentage)),
            })
          : t('agentSharing.toast.updated', { agent: childLabel(saved) }),
      );
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

  const askToggle = (sharing: AgentSharing, disable: boolean) => {
    setSwitching({ sharing, disable });
    setSwitchOpened(true);
  };

  // A refusal (e.g. 409: the agent already has another enabled arrangement, or a cycle; a closed
  // period) stays in the dialog, as the server words it.
  const submitToggle = async (effectiveFrom: string) => {
    if (!switching) return;
    const { sharing, disable } = switching;
    await setDisabled.mutateAsync({ id: sharing._id, disable, effectiveFrom });
    notifySuccess(
      t(disable ? 'agentSharing.toast.disabled' : 'agentSharing.toast.enabled', {
        agent: childLabel(sharing),
      }),
    );
    setSwitchOpened(false);
  };

  const columns: Column<AgentSharing>[] = [
    {
      key: 'agent',
      header: t('agentSharing.fields.agent'),
      sort: { field: 'agentUsername', first: 'asc' },
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
        <Stack gap={2} align="flex-end">
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatPercent(s.parentPercentage)}
          </Text>
          {s.effectiveFrom ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t(
                s.effectiveFrom > businessToday() ? 'agentSharing.scheduled' : 'agentSharing.effectiveSince',
                {
                  date: dayText(s.effectiveFrom),
                },
              )}
            </Text>
          ) : null}
          {s.pendingChange ? (
            <Badge color="yellow" variant="light" radius="sm" tt="none" data-testid="pending-change">
              {t('agentSharing.pendingChange', {
                percent: formatPercent(s.pendingChange.parentPercentage),
                date: dayText(s.pendingChange.effectiveFrom),
              })}
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'isDisable',
      header: t('agentSharing.fields.isDisable'),
      render: (s) => (
        <Switch
          // On while the arrangement is in force, as every status switch of the console.
          checked={!s.isDisable}
          onChange={() => askToggle(s, !s.isDisable)}
          disabled={!canToggle}
          color="teal"
          label={s.isDisable ? t('agentSharing.disabledYes') : t('agentSharing.disabledNo')}
          aria-label={t('agentSharing.disableToggle', { agent: childLabel(s), parent: parentLabel(s) })}
        />
      ),
    },
  ];
  columns.push({
    key: 'actions',
    header: t('common.actions'),
    align: 'right',
    width: 100,
    render: (s) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {canSeeHistory ? (
          <RowAction
            tooltip={t('agentSharing.history.title', { agent: s.agentUsername })}
            label={t('agentSharing.historyLabel', { agent: childLabel(s), parent: parentLabel(s) })}
            icon={IconHistory}
            onClick={() => {
              setHistoryOf(s);
              setHistoryOpened(true);
            }}
          />
        ) : null}
        {mayEdit(s) ? (
          <RowAction
            tooltip={t('common.edit')}
            label={t('agentSharing.editLabel', { agent: childLabel(s), parent: parentLabel(s) })}
            icon={IconPencil}
            onClick={() => openDialog(s)}
          />
        ) : null}
      </Group>
    ),
  });

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
        percentageOnly={agentSide}
        whatIf={allows(api.agentSharingWhatIf, self.role)}
      />

      <SwitchDialog
        opened={switchOpened}
        onClose={() => setSwitchOpened(false)}
        sharing={switching?.sharing ?? null}
        disable={switching?.disable ?? true}
        labels={{
          agent: switching ? childLabel(switching.sharing) : '',
          parent: switching ? parentLabel(switching.sharing) : '',
        }}
        onSubmit={submitToggle}
      />
      <HistoryDialog sharing={historyOf} opened={historyOpened} onClose={() => setHistoryOpened(false)} />
    </>
  );
}
