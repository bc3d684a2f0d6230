import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { type Agent, allows, api } from '@sapi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTimeText } from '../../components/date-time-text';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { IpListInput } from '../../components/ip-list-input';
import { formatNumber } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { agentAllowedIpsQuery, agentRefusalsQuery, useUpdateAgentAllowedIps } from './api';

interface AllowedIpsDialogProps extends DialogState {
  agent: Agent | null;
  /** Roles that may edit agents; the others see the list and the refusals only. */
  canEdit: boolean;
}

/**
 * An agent's ingest API address allow-list (docs/design.md §13): the addresses and CIDR ranges its signed
 * requests may come from (empty = any), checked in the browser by the contract, and below it the
 * requests refused for their address lately (valid credentials used from elsewhere).
 */
export function AllowedIpsDialog({ agent, canEdit, ...dialog }: AllowedIpsDialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const update = useUpdateAgentAllowedIps();
  const current = useQuery({
    ...agentAllowedIpsQuery(agent?._id ?? ''),
    enabled: dialog.opened && agent !== null,
  });
  return (
    <FormDialog
      {...dialog}
      title={agent ? t('security.allowList.agentTitle', { username: agent.username }) : ''}
      size="lg"
      schema={api.agentAllowedIpsUpdate.body}
      initialValues={current.data ? { allowedIps: current.data.allowedIps } : null}
      onSubmit={async (body) => {
        if (!agent) return;
        const saved = await update.mutateAsync({ id: agent._id, body });
        notifySuccess(
          saved.allowedIps.length === 0
            ? t('security.allowList.toast.cleared', { username: agent.username })
            : t('security.allowList.toast.saved', {
                username: agent.username,
                count: saved.allowedIps.length,
              }),
        );
        dialog.onClose();
      }}
      readOnly={!canEdit}
    >
      {(form) => (
        <>
          <IpListInput
            field={form.field('allowedIps')}
            label={t('security.allowList.label')}
            description={t('security.allowList.agentHint')}
            readOnly={!canEdit}
          />
          {/* The refusals list is staff's (it names every agent's and account's): the agent side has not it. */}
          {agent && allows(api.ipRefusalList, self.role) ? <AgentRefusals agentId={agent._id} /> : null}
        </>
      )}
    </FormDialog>
  );
}

/** This agent's recent refusals per day: how many, the last address and when. */
function AgentRefusals({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const refusals = useQuery(agentRefusalsQuery(agentId));
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm">
        {t('security.refusals.recentTitle')}
      </Title>
      {refusals.data === undefined ? (
        <Text size="sm" c="dimmed">
          {refusals.isError ? t('security.refusals.unavailable') : t('common.loading')}
        </Text>
      ) : refusals.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="agent-refusals-none">
          {t('security.refusals.none')}
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm" aria-label={t('security.refusals.recentTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('security.refusals.fields.day')}</Table.Th>
              <Table.Th ta="right">{t('security.refusals.fields.count')}</Table.Th>
              <Table.Th>{t('security.refusals.fields.lastIp')}</Table.Th>
              <Table.Th>{t('security.refusals.fields.lastAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refusals.data.slice(0, 7).map((r) => (
              <Table.Tr key={r.day} data-testid={`agent-refusal-${r.day}`}>
                <Table.Td>{r.day.split('-').reverse().join('/')}</Table.Td>
                <Table.Td ta="right">{formatNumber(r.count)}</Table.Td>
                <Table.Td ff="monospace">{r.lastIp}</Table.Td>
                <Table.Td>
                  <DateTimeText value={r.lastAt} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Anchor component={Link} to="/security/ip-refusals?scope=agent" size="sm">
        {t('security.refusals.seeAll')}
      </Anchor>
    </Stack>
  );
}
