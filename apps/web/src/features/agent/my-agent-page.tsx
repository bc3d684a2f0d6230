import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type AgentTreeNode, allows, api, type MonthlyBalance } from '@sapi/contract';
import { IconKey, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useConfirmAction } from '../../components/confirm-dialog';
import { DateTimeText } from '../../components/date-time-text';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingFields } from '../../components/form-fields';
import { OutcomeBadge } from '../../components/ingest-outcome-badge';
import { MoneyText } from '../../components/money-text';
import { PageHeader } from '../../components/page-header';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { call } from '../../lib/api-client';
import { businessToday } from '../../lib/business-time';
import { errorMessage } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { addMoney } from '../../lib/money';
import { routeQuery } from '../../lib/query-keys';
import { useSelf } from '../../lib/session';
import { AllowedIpsDialog } from './allowed-ips-dialog';
import { agentAllowedIpsQuery, agentDetailQuery, useRotateSecret } from './api';
import { CopyField } from './copy-field';
import { SignInSettings } from './sign-in-settings';

/*
 * The agent side's own agent (docs/design.md §16, /my-agent): its key (the secret and its rotation only
 * for the accounts that may rotate it), the ingest allow-list, its games, its latest ingest requests,
 * its sign-in settings (owners), its downline as a tree with this month's win/lose, and a way to its statements. Staff have the agent
 * list instead.
 */

/** The tree's month widgets are read 100 agents a request (the batch route's most). */
const BATCH = 100;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Box>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {hint ? (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Box>
        {children}
      </Stack>
    </Paper>
  );
}

/** The key and, for its rotators, the secret with rotation (after a password re-check, 3005). */
function Credentials({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const self = useSelf();
  const detail = useQuery(agentDetailQuery(agentId));
  const rotate = useRotateSecret();
  const confirm = useConfirmAction();
  const reauth = useReauth(() => confirm.close());
  const [rotated, setRotated] = useState(false);
  const record = detail.data;
  const canRotate = allows(api.agentRotateSecret, self.role);
  return (
    <Section title={t('myAgent.credentials.title')} hint={t('myAgent.credentials.hint')}>
      {record ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CopyField label={t('agent.fields.prefix')} value={record.prefix} testId="my-agent-prefix" />
            <CopyField label={t('agent.fields.code')} value={record.code} testId="my-agent-code" />
          </SimpleGrid>
          <CopyField label={t('agent.fields.apiKey')} value={record.apiKey} testId="my-agent-apiKey" />
          {record.secret !== undefined ? (
            <CopyField
              label={t('agent.fields.secret')}
              value={record.secret}
              secret
              revealed={rotated}
              highlight={rotated}
              testId="my-agent-secret"
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="my-agent-no-secret">
              {t('myAgent.credentials.noSecret')}
            </Text>
          )}
          {rotated ? (
            <Alert color="teal" variant="light" icon={<IconKey aria-hidden />} data-testid="my-agent-rotated">
              {t('myAgent.credentials.rotated')}
            </Alert>
          ) : null}
          {canRotate && record.secret !== undefined ? (
            <Group justify="flex-end">
              <Button
                color="orange"
                variant="light"
                leftSection={<IconRefresh size={16} aria-hidden />}
                data-testid="my-agent-rotate"
                onClick={() =>
                  confirm.ask({
                    title: t('myAgent.credentials.rotateTitle', { username: record.username }),
                    message: t('myAgent.credentials.rotateMessage'),
                    confirmLabel: t('myAgent.credentials.rotate'),
                    danger: true,
                    run: () =>
                      reauth.run(async () => {
                        await rotate.mutateAsync(agentId);
                        setRotated(true);
                      }),
                  })
                }
              >
                {t('myAgent.credentials.rotate')}
              </Button>
            </Group>
          ) : null}
        </>
      ) : detail.isError ? (
        <ErrorBanner>{errorMessage(detail.error)}</ErrorBanner>
      ) : (
        <LoadingFields rows={2} />
      )}
      {confirm.dialog}
      <ReauthDialog {...reauth.dialog} />
    </Section>
  );
}

/** The ingest allow-list of the own agent: what it is, and the dialog that edits it. */
function AllowList({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const self = useSelf();
  const detail = useQuery(agentDetailQuery(agentId));
  const current = useQuery(agentAllowedIpsQuery(agentId));
  const [opened, setOpened] = useState(false);
  const canEdit = allows(api.agentAllowedIpsUpdate, self.role);
  const entries = current.data?.allowedIps;
  return (
    <Section title={t('myAgent.allowList.title')} hint={t('security.allowList.agentHint')}>
      {current.isError ? <ErrorBanner>{errorMessage(current.error)}</ErrorBanner> : null}
      {entries === undefined ? null : entries.length === 0 ? (
        <Text size="sm" data-testid="my-agent-allowed-any">
          {t('myAgent.allowList.any')}
        </Text>
      ) : (
        <Group gap="xs" data-testid="my-agent-allowed">
          {entries.map((entry) => (
            <Badge key={entry} variant="light" color="gray" ff="monospace" tt="none">
              {entry}
            </Badge>
          ))}
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setOpened(true)} disabled={!detail.data}>
          {canEdit ? t('myAgent.allowList.edit') : t('myAgent.allowList.view')}
        </Button>
      </Group>
      <AllowedIpsDialog
        opened={opened}
        onClose={() => setOpened(false)}
        agent={detail.data ?? null}
        canEdit={canEdit}
      />
    </Section>
  );
}

/** The agent's games, by provider name where the provider is readable. */
function Games({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const detail = useQuery(agentDetailQuery(agentId));
  const providers = useQuery(routeQuery(api.adapterList, { body: { page: 1, limit: 100 } }));
  const nameOf = (code: string) => providers.data?.records.find((p) => p.codename === code)?.name;
  const games = detail.data?.games;
  return (
    <Section title={t('myAgent.games.title')}>
      {games === undefined ? null : games.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('myAgent.games.none')}
        </Text>
      ) : (
        <Group gap="xs" data-testid="my-agent-games">
          {games.map((code) => (
            <Badge key={code} variant="light" tt="none">
              {nameOf(code) ? `${nameOf(code)} (${code})` : code}
            </Badge>
          ))}
        </Group>
      )}
    </Section>
  );
}

/** The own agent's latest ingest requests, with the way to its whole log. */
function IngestLog({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const log = useQuery(routeQuery(api.ingestLogList, { body: { agent: agentId, page: 1, limit: 10 } }));
  const records = log.data?.records;
  return (
    <Section title={t('myAgent.ingestLog.title')}>
      {log.isError ? <ErrorBanner>{errorMessage(log.error)}</ErrorBanner> : null}
      {records === undefined ? null : records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('myAgent.ingestLog.none')}
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm" aria-label={t('myAgent.ingestLog.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('myAgent.ingestLog.at')}</Table.Th>
              <Table.Th>{t('myAgent.ingestLog.outcome')}</Table.Th>
              <Table.Th ta="right">{t('myAgent.ingestLog.items')}</Table.Th>
              <Table.Th ta="right">{t('myAgent.ingestLog.accepted')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>
                  <DateTimeText value={r.at} />
                </Table.Td>
                <Table.Td>
                  <OutcomeBadge outcome={r.outcome} />
                </Table.Td>
                <Table.Td ta="right">{r.itemCount === null ? '–' : formatNumber(r.itemCount)}</Table.Td>
                <Table.Td ta="right">{r.accepted === null ? '–' : formatNumber(r.accepted)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Anchor component={Link} to={`/ingest-log/agent/${agentId}`} size="sm">
        {t('myAgent.ingestLog.seeAll')}
      </Anchor>
    </Section>
  );
}

/** The month's widgets of the tree's agents, 100 a request. */
const useMonthWinLose = (ids: string[], date: string) =>
  useQuery({
    queryKey: ['my-agent-tree-month', date, ids],
    enabled: ids.length > 0,
    queryFn: async ({ signal }) => {
      const out = new Map<string, MonthlyBalance>();
      for (let i = 0; i < ids.length; i += BATCH) {
        const rows = await call(api.agentReportMonthlyBatch, {
          body: { agentIds: ids.slice(i, i + BATCH), date },
          signal,
        });
        for (const row of rows) out.set(row.agent, row);
      }
      return out;
    },
  });

/** The downline as an indented tree, each agent with its month's win/lose. */
function Downline({ agentId }: { agentId: string }) {
  const { t, i18n } = useTranslation();
  const tree = useQuery(routeQuery(api.agentTree, { body: {} }));
  const month = `${businessToday().slice(0, 7)}-01`;
  const nodes = tree.data ?? [];
  const monthSums = useMonthWinLose(
    nodes.map((n) => n._id),
    month,
  );
  const children = new Map<string, AgentTreeNode[]>();
  for (const n of nodes) {
    const parent = n.parentAgent ?? '';
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const winLoseOf = (id: string) => {
    const b = monthSums.data?.get(id);
    return b ? addMoney(b.holdBalance, b.settleBalance, b.cancelBalance, b.voidBalance) : undefined;
  };
  const rows: { node: AgentTreeNode; depth: number }[] = [];
  const walk = (node: AgentTreeNode, depth: number) => {
    rows.push({ node, depth });
    for (const child of children.get(node._id) ?? []) walk(child, depth + 1);
  };
  // The own agent first; any agent whose parent is not listed (none expected) at the top level too.
  const listed = new Set(nodes.map((n) => n._id));
  const tops = nodes.filter((n) => n.parentAgent === null || !listed.has(n.parentAgent));
  for (const top of [...tops].sort((a, b) => (a._id === agentId ? -1 : b._id === agentId ? 1 : 0))) {
    walk(top, 0);
  }
  const monthLabel = dayjs(month).locale(i18n.language).format('MMMM YYYY');
  return (
    <Section title={t('myAgent.tree.title', { month: monthLabel })} hint={t('myAgent.tree.hint')}>
      {tree.isError ? <ErrorBanner>{errorMessage(tree.error)}</ErrorBanner> : null}
      {monthSums.isError ? <ErrorBanner>{errorMessage(monthSums.error)}</ErrorBanner> : null}
      <Table withTableBorder fz="sm" aria-label={t('myAgent.tree.label')} data-testid="my-agent-tree">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('agent.fields.username')}</Table.Th>
            <Table.Th ta="right">{t('myAgent.tree.winLose')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ node, depth }) => {
            const winLose = winLoseOf(node._id);
            return (
              <Table.Tr key={node._id} data-testid={`tree-row-${node.username}`} data-depth={depth}>
                <Table.Td>
                  <Group gap={6} pl={depth * 24} wrap="nowrap">
                    {depth > 0 ? (
                      <Text component="span" c="dimmed" aria-hidden>
                        └
                      </Text>
                    ) : null}
                    <Anchor
                      component={Link}
                      to={`/transaction/${node._id}`}
                      aria-label={t('myAgent.tree.transactions', { username: node.username })}
                      fw={node._id === agentId ? 700 : undefined}
                    >
                      {node.username}
                    </Anchor>
                    <Text component="span" size="xs" c="dimmed">
                      ({node.prefix})
                    </Text>
                    {node.locked ? (
                      <Badge color="red" variant="light" size="xs">
                        {t('myAgent.tree.locked')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{winLose === undefined ? '…' : <MoneyText value={winLose} />}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** My agent (/my-agent): the agent side's own agent. */
export function MyAgentPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const agentId = self.agentId;
  // Staff have no agent of their own: the agent list is theirs.
  if (self.kind === 'staff' || agentId === undefined) return <Navigate to="/agent/list" replace />;
  return (
    <>
      <PageHeader
        title={t('screens.myAgent')}
        description={t('myAgent.description', { agent: self.agentUsername ?? '', prefix: self.prefix ?? '' })}
      />
      <Stack gap="lg">
        <Credentials agentId={agentId} />
        {allows(api.agentAllowedIpsGet, self.role) ? <AllowList agentId={agentId} /> : null}
        {allows(api.agentSignInSettingsGet, self.role) ? (
          <SignInSettings agentId={agentId} section={Section} />
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Games agentId={agentId} />
          <Section title={t('myAgent.statements.title')} hint={t('myAgent.statements.hint')}>
            <Group>
              <Button component={Link} to="/settlement" variant="light">
                {t('myAgent.statements.open')}
              </Button>
            </Group>
          </Section>
        </SimpleGrid>
        <Downline agentId={agentId} />
        <IngestLog agentId={agentId} />
      </Stack>
    </>
  );
}
