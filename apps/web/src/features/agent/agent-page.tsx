import { ActionIcon, Anchor, Badge, Code, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import {
  type Agent,
  type AgentRegister,
  type AgentWithSecret,
  allows,
  api,
  RECENT_REFUSALS_CAP,
} from '@sapi/contract';
import { IconAlertTriangle, IconEye, IconNetwork, IconPencil, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirmAction } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { DateRangeFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { TwoFactorResetAction, useTwoFactorReset } from '../../components/two-factor-reset';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { AgentStats } from './agent-stats';
import { AgentTypeBadge } from './agent-type-badge';
import { AllowedIpsDialog } from './allowed-ips-dialog';
import { agentList, useRegisterAgent, useResetAgentTotp, useSetAgentLocked } from './api';
import { CredentialsDialog } from './credentials-dialog';
import { EditAgentDialog } from './edit-agent-dialog';
import { RegisterAgentDialog } from './register-agent-dialog';

const MAX_GAME_BADGES = 3;

function GamesCell({ games }: { games: string[] }) {
  const { t } = useTranslation();
  if (games.length === 0) {
    // One line: Thai breaks between its words, and a narrow column would stack them one a line.
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('agent.noGames')}
      </Text>
    );
  }
  const shown = games.slice(0, MAX_GAME_BADGES);
  const rest = games.length - shown.length;
  return (
    <Group gap={4} wrap="wrap" maw={260}>
      {shown.map((code) => (
        <Badge key={code} variant="outline" color="gray" radius="sm" tt="none" c="dark.6" miw="max-content">
          {code}
        </Badge>
      ))}
      {rest > 0 ? (
        <Tooltip label={games.slice(MAX_GAME_BADGES).join(', ')} withArrow multiline maw={280}>
          <Badge variant="light" color="indigo" radius="sm">
            {t('agent.moreGames', { count: rest })}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** What the warnings under a username share: a small light badge with a warning sign. */
const warningBadge = {
  variant: 'light',
  radius: 'sm',
  mt: 4,
  w: 'fit-content',
  leftSection: <IconAlertTriangle size={12} aria-hidden />,
} as const;

/**
 * The warning of an agent whose ingest requests were refused in the last 24 hours (counted by the
 * agent list, up to RECENT_REFUSALS_CAP): a link to its ingest log, refusals only.
 */
function RefusalsBadge({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const count = agent.ingestRefusals24h ?? 0;
  if (count === 0) return null;
  const more = count >= RECENT_REFUSALS_CAP;
  const shown = more ? RECENT_REFUSALS_CAP - 1 : count;
  return (
    <Badge
      component={Link}
      to={`/ingest-log/agent/${agent._id}?outcome=refused`}
      {...warningBadge}
      color="red"
      aria-label={t('ingestLog.badgeLabel', { username: agent.username, count })}
      data-testid={`refusals-${agent.username}`}
      style={{ cursor: 'pointer', textTransform: 'none' }}
    >
      {t(more ? 'ingestLog.badgeMore' : 'ingestLog.badge', { count: shown })}
    </Badge>
  );
}

/**
 * The warning of an agent another agent shares its secret with (`secretShared`): for a role that may
 * edit agents it opens the agent, where the secret is rotated; for others it only explains.
 */
function SharedSecretBadge({ agent, onOpen }: { agent: Agent; onOpen: (() => void) | null }) {
  const { t } = useTranslation();
  if (!agent.secretShared) return null;
  return (
    <Tooltip label={t('agent.sharedSecret.hint')} withArrow multiline maw={300}>
      <Badge
        {...(onOpen
          ? {
              component: 'button',
              type: 'button',
              onClick: onOpen,
              'aria-label': t('agent.sharedSecret.open', { username: agent.username }),
            }
          : {})}
        {...warningBadge}
        color="orange"
        data-testid={`shared-secret-${agent.username}`}
        style={{ cursor: onOpen ? 'pointer' : 'help', textTransform: 'none' }}
      >
        {t('agent.sharedSecret.badge')}
      </Badge>
    </Tooltip>
  );
}

/** Agents (/agent/list, the landing screen): counts, filters, table with lock toggles, register and edit. */
export function AgentPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const list = useListScreen(agentList);
  const register = useRegisterAgent();
  const setLocked = useSetAgentLocked();
  const resetTotp = useResetAgentTotp();

  const canRegister = allows(api.agentRegister, self.role);
  // The agent side reads its own agent's allow-list only (docs/design.md §16).
  const mayReadAllowList = (agent: Agent) =>
    allows(api.agentAllowedIpsGet, self.role) && (self.kind === 'staff' || agent._id === self.agentId);
  // The agent side edits and locks its sub-agents, never its own agent (docs/design.md §16).
  const agentSide = self.kind !== 'staff';
  const ownRow = (agent: Agent) => agentSide && agent._id === self.agentId;
  const canEditRow = (agent: Agent) => allows(api.agentUpdate, self.role) && !ownRow(agent);
  const canLockRow = (agent: Agent) => allows(api.agentLock, self.role) && !ownRow(agent);
  // Staff managers remove an agent's own second factor where it has one (the list tells staff only).
  const canResetTotpRow = (agent: Agent) =>
    allows(api.agentTotpReset, self.role) && agent.totpEnabled === true;

  // Records outlive their dialogs' closing transitions, so the content does not blank out.
  const [registerOpened, setRegisterOpened] = useState(false);
  const [created, setCreated] = useState<AgentWithSecret | null>(null);
  const [credentialsOpened, setCredentialsOpened] = useState(false);
  const [editing, setEditing] = useState<Agent | null>(null);
  const [editOpened, setEditOpened] = useState(false);
  const [allowList, setAllowList] = useState<Agent | null>(null);
  const [allowListOpened, setAllowListOpened] = useState(false);
  const confirm = useConfirmAction();
  const twoFactorReset = useTwoFactorReset();

  const openRegister = () => setRegisterOpened(true);
  const openEdit = (agent: Agent) => {
    setEditing(agent);
    setEditOpened(true);
  };
  const openAllowList = (agent: Agent) => {
    setAllowList(agent);
    setAllowListOpened(true);
  };
  const askConfirm = (agent: Agent, lock: boolean) =>
    confirm.ask({
      title: t('agent.confirm.title'),
      message: t(lock ? 'agent.confirm.lockMessage' : 'agent.confirm.unlockMessage', {
        username: agent.username,
      }),
      confirmLabel: t(lock ? 'agent.confirm.lock' : 'agent.confirm.unlock'),
      danger: lock,
      run: () => setLocked.mutateAsync({ id: agent._id, locked: lock }),
      success: t(lock ? 'agent.toast.locked' : 'agent.toast.unlocked', { username: agent.username }),
    });

  const submitRegister = async (body: AgentRegister) => {
    const agent = await register.mutateAsync(body);
    notifySuccess(t('agent.toast.registered', { username: agent.username }));
    setRegisterOpened(false);
    // A sub-agent's credentials are its own: it reads them once it signs in.
    if (agentSide) return;
    setCreated(agent);
    setCredentialsOpened(true);
  };

  const columns: Column<Agent>[] = [
    {
      key: 'username',
      header: t('agent.fields.username'),
      sort: { field: 'username', first: 'asc' },
      render: (agent) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={`/transaction/${agent._id}`}
            fw={600}
            size="sm"
            title={t('agent.transactionsLabel', { username: agent.username })}
          >
            {agent.username}
          </Anchor>
          {/* Who registered an agent is staff's to know; the agent side is never told. */}
          {!agentSide && agent.createdBy ? (
            <Text size="xs" c="dimmed">
              {t('agent.fields.createdBy')}: {agent.createdBy}
            </Text>
          ) : null}
          <RefusalsBadge agent={agent} />
          <SharedSecretBadge agent={agent} onOpen={canEditRow(agent) ? () => openEdit(agent) : null} />
        </Stack>
      ),
    },
    {
      key: 'prefix',
      header: t('agent.fields.prefix'),
      render: (agent) => <Code fz="sm">{agent.prefix}</Code>,
    },
    {
      key: 'code',
      header: t('agent.fields.code'),
      render: (agent) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {agent.code}
        </Text>
      ),
    },
    {
      key: 'agentType',
      header: <span style={{ whiteSpace: 'nowrap' }}>{t('agent.fields.agentType')}</span>,
      render: (agent) => <AgentTypeBadge type={agent.agentType} />,
    },
    { key: 'games', header: t('agent.fields.games'), render: (agent) => <GamesCell games={agent.games} /> },
    {
      key: 'locked',
      header: t('agent.fields.locked'),
      width: 130,
      render: (agent) =>
        canLockRow(agent) ? (
          <Switch
            checked={!agent.locked}
            onChange={() => askConfirm(agent, !agent.locked)}
            color="teal"
            label={agent.locked ? t('agent.lockedState') : t('agent.active')}
            styles={{ label: { whiteSpace: 'nowrap' } }}
            aria-label={t('agent.lockToggle', { username: agent.username })}
            data-testid={`lock-${agent.username}`}
          />
        ) : (
          <Badge color={agent.locked ? 'red' : 'teal'} variant="light" radius="sm">
            {agent.locked ? t('agent.lockedState') : t('agent.active')}
          </Badge>
        ),
    },
    {
      key: 'createdAt',
      header: t('agent.fields.createdAt'),
      sort: { field: 'createdAt', first: 'desc' },
      render: (agent) => <DateTimeText value={agent.createdAt} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 140,
      render: (agent) => {
        const canEdit = canEditRow(agent);
        const label = t(canEdit ? 'agent.editLabel' : 'agent.viewLabel', { username: agent.username });
        const ipsLabel = t('security.allowList.agentLabel', { username: agent.username });
        const logLabel = t('ingestLog.openLabel', { username: agent.username });
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={logLabel} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={logLabel}
                component={Link}
                to={`/ingest-log/agent/${agent._id}`}
              >
                <IconPlugConnected size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {mayReadAllowList(agent) ? (
              <Tooltip label={ipsLabel} withArrow>
                <ActionIcon variant="subtle" aria-label={ipsLabel} onClick={() => openAllowList(agent)}>
                  <IconNetwork size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label={label} withArrow>
              <ActionIcon variant="subtle" aria-label={label} onClick={() => openEdit(agent)}>
                {canEdit ? <IconPencil size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            {canResetTotpRow(agent) ? (
              <TwoFactorResetAction
                username={agent.username}
                onClick={() => twoFactorReset.ask(agent.username, () => resetTotp.mutateAsync(agent._id))}
              />
            ) : null}
          </Group>
        );
      },
    },
  ];

  return (
    <>
      <ListScreen
        list={list}
        title={t('screens.agent')}
        description={t('agent.description')}
        exportCsv={{ route: api.agentExport, filename: 'agents.csv' }}
        add={
          canRegister
            ? { label: t(agentSide ? 'agent.addSubAgent' : 'agent.add'), onClick: openRegister }
            : null
        }
        above={<AgentStats locked={list.applied.locked} onSelect={(locked) => list.apply({ locked })} />}
        filters={
          <>
            <TextFilter list={list} name="username" label={t('agent.fields.username')} />
            <TextFilter list={list} name="prefix" label={t('agent.fields.prefix')} w={140} />
            <DateRangeFilter list={list} from="startDate" to="endDate" />
          </>
        }
        columns={columns}
        rowKey={(agent) => agent._id}
        rowProps={(agent) => ({ 'data-testid': `agent-row-${agent.username}` })}
      />

      <RegisterAgentDialog
        opened={registerOpened}
        onClose={() => setRegisterOpened(false)}
        onSubmit={submitRegister}
        subAgent={agentSide}
      />
      <CredentialsDialog
        opened={credentialsOpened}
        onClose={() => setCredentialsOpened(false)}
        agent={created}
      />
      <EditAgentDialog
        opened={editOpened}
        onClose={() => setEditOpened(false)}
        agent={editing}
        canEdit={editing !== null && canEditRow(editing)}
        canRotate={!agentSide && editing !== null && canEditRow(editing)}
      />

      <AllowedIpsDialog
        opened={allowListOpened}
        onClose={() => setAllowListOpened(false)}
        agent={allowList}
        canEdit={allows(api.agentAllowedIpsUpdate, self.role)}
      />

      {confirm.dialog}
      {twoFactorReset.dialogs}
    </>
  );
}
