import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type Approval, allows, api, type SettlementPeriod } from '@sapi/contract';
import { IconFileInvoice, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConfirmAction } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { ErrorBanner } from '../../components/error-banner';
import { SelectFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { RowAction } from '../../components/row-action';
import { businessMonth } from '../../lib/business-time';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { pendingApprovalsQuery, periodsList, useRequestClose } from './api';
import { approvalSummary, DecisionButtons, useApprovalDecisions } from './approval-decisions';
import { PeriodStatusBadge } from './period-status';
import { periodName } from './words';

const YEARS_BACK = 5;

/** Settlement hub (/settlement): the months of a year with their status, the close request and pending approvals. */
export function SettlementHubPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const navigate = useNavigate();
  const list = useListScreen(periodsList);
  const canClose = allows(api.settlementClose, self.role);
  const canDecide = allows(api.approvalApprove, self.role);
  const close = useRequestClose();
  const confirm = useConfirmAction();
  const reauth = useReauth(confirm.close);

  const thisYear = businessMonth().year;
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(thisYear - i));
  if (list.draft.year !== '' && !years.includes(list.draft.year)) years.push(list.draft.year);

  const askClose = (period: SettlementPeriod) => {
    const name = periodName(period.year, period.month);
    confirm.ask({
      title: t('settlement.hub.closeConfirmTitle'),
      message: t('settlement.hub.closeConfirmMessage', { period: name }),
      confirmLabel: t('settlement.hub.closeConfirm'),
      run: () =>
        reauth.run(async () => {
          await close.mutateAsync({ year: period.year, month: period.month });
          notifySuccess(t('settlement.hub.closeRequested', { period: name }));
        }),
    });
  };

  const columns: Column<SettlementPeriod>[] = [
    {
      key: 'month',
      header: t('settlement.hub.month'),
      render: (p) => (
        <Anchor component={Link} to={`/settlement/${p.year}/${p.month}`} fw={600} size="sm">
          {periodName(p.year, p.month)}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: t('settlement.hub.status'),
      render: (p) => <PeriodStatusBadge status={p.status} />,
    },
    {
      key: 'requestedBy',
      header: t('settlement.hub.requestedBy'),
      render: (p) =>
        p.requestedByUsername ? (
          <Stack gap={0}>
            <Text size="sm">{p.requestedByUsername}</Text>
            {p.requestedAt ? (
              <Text size="xs" c="dimmed">
                <DateTimeText value={p.requestedAt} />
              </Text>
            ) : null}
          </Stack>
        ) : null,
    },
    {
      key: 'closedAt',
      header: t('settlement.hub.closedAt'),
      render: (p) =>
        p.closedAt ? (
          <Stack gap={0}>
            <DateTimeText value={p.closedAt} />
            {p.closedByUsername ? (
              <Text size="xs" c="dimmed">
                {p.closedByUsername}
              </Text>
            ) : null}
          </Stack>
        ) : null,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (p) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {canClose && p.closable ? (
            <Button
              size="xs"
              leftSection={<IconLock size={14} aria-hidden />}
              onClick={() => askClose(p)}
              aria-label={t('settlement.hub.requestCloseLabel', { period: periodName(p.year, p.month) })}
            >
              {t('settlement.hub.requestClose')}
            </Button>
          ) : null}
          <RowAction
            tooltip={t('settlement.hub.view')}
            label={t('settlement.hub.viewLabel', { period: periodName(p.year, p.month) })}
            icon={IconFileInvoice}
            onClick={() => void navigate(`/settlement/${p.year}/${p.month}`)}
          />
        </Group>
      ),
    },
  ];

  return (
    <>
      <ListScreen
        list={list}
        title={t('settlement.hub.title')}
        description={t('settlement.hub.description')}
        above={canDecide ? <PendingApprovals /> : null}
        filters={
          <SelectFilter
            list={list}
            name="year"
            label={t('settlement.hub.year')}
            data={years.map((year) => ({ value: year, label: year }))}
            w={140}
          />
        }
        caption={t('settlement.hub.periodsTitle', { year: list.applied.year })}
        columns={columns}
        rowKey={(p) => `${p.year}-${p.month}`}
        emptyTitle={t('settlement.hub.empty')}
      />
      {confirm.dialog}
      <ReauthDialog {...reauth.dialog} />
    </>
  );
}

/** The approvals waiting for a decision, each with approve and reject (not one's own). */
function PendingApprovals() {
  const { t } = useTranslation();
  const self = useSelf();
  const pending = useQuery(pendingApprovalsQuery);
  const decisions = useApprovalDecisions();
  const records = pending.data?.records ?? [];
  return (
    <Paper withBorder p="md" mb="lg" data-testid="pending-approvals">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          {t('settlement.hub.pendingTitle')}
        </Title>
        <Anchor component={Link} to="/approval" size="sm">
          {t('settlement.hub.seeAllApprovals')}
        </Anchor>
      </Group>
      {pending.isError ? <ErrorBanner>{errorMessage(pending.error)}</ErrorBanner> : null}
      {pending.isSuccess && records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('settlement.hub.pendingEmpty')}
        </Text>
      ) : null}
      <Stack gap="xs">
        {records.map((approval: Approval) => {
          const summary = approvalSummary(t, approval);
          const own = approval.requestedBy === self.id;
          return (
            <Group
              key={approval._id}
              justify="space-between"
              wrap="wrap"
              gap="sm"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="pending-approval"
            >
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {summary}
                </Text>
                <Text size="xs" c="dimmed">
                  {approval.requestedByUsername} · <DateTimeText value={approval.requestedAt} />
                </Text>
              </Stack>
              <DecisionButtons approval={approval} own={own} decisions={decisions} />
            </Group>
          );
        })}
      </Stack>
      {decisions.dialogs}
    </Paper>
  );
}
