import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { allows, api, type Payment, type ReportMoney, type SettlementLine } from '@sapi/contract';
import { IconArrowLeft, IconBan, IconInfoCircle, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { ExportButton } from '../../components/export-button';
import { MoneyText } from '../../components/money-text';
import { PageHeader } from '../../components/page-header';
import { RowAction } from '../../components/row-action';
import { errorMessage, isRetryable } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { periodPaymentsQuery, statementQuery, useCreatePayment } from './api';
import { DirectedAmount } from './directed-amount';
import { PaymentDialog, usePaymentWords } from './payment-dialog';
import { PeriodStatusBadge } from './period-status';
import { netPaid, type StatementRow, statementRows } from './statement-lines';
import { useVoidDialog } from './void-payment';
import {
  absMoney,
  dayText,
  directionOf,
  grandTotalWords,
  outstandingWords,
  parentTotalWords,
  percentText,
  periodName,
  usePeriodParams,
  whoPays,
} from './words';
import './settlement.css';

/** Each version's percentage with its days: "35.00 %" over "01/11–14/11". */
function Segments({ line }: { line: SettlementLine }) {
  return (
    <Stack gap={4}>
      {line.segments.map((s) => (
        <Stack key={s.from} gap={0} data-testid="segment">
          <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {percentText(s.parentPercentage)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {dayText(s.from).slice(0, 5)}–{dayText(s.to).slice(0, 5)}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** The statement of a period (/settlement/:year/:month): lines by parent, totals, payments. */
export function StatementPage() {
  const period = usePeriodParams();
  return <Statement year={period.year} month={period.month} key={`${period.year}-${period.month}`} />;
}

function Statement({ year, month }: { year: string; month: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const self = useSelf();
  const statement = useQuery(statementQuery(year, month));
  const name = periodName(year, month);
  const data = statement.data;
  const rows = data ? statementRows(data) : undefined;
  const canPay = allows(api.settlementPaymentCreate, self.role);
  // The agent side reads the statement only: the payments list (with staff names) is staff's.
  const seesPayments = allows(api.settlementPaymentList, self.role);

  const child = (line: SettlementLine) => line.agentUsername;
  const parent = (line: SettlementLine) => line.parentAgentUsername;

  const columns: Column<StatementRow>[] = [
    {
      key: 'agent',
      header: t('settlement.statement.headers.agent'),
      minWidth: 150,
      render: (row) => {
        if (row.kind === 'heading')
          return (
            <Text size="sm" fw={700}>
              {t('settlement.statement.parentGroup', {
                parent: `${row.parentUsername} (${row.parentPrefix})`,
              })}
            </Text>
          );
        if (row.kind === 'subtotal')
          return (
            <Text size="sm" fw={700}>
              {t('settlement.statement.parentTotal', { parent: row.total.parentAgentUsername })}
            </Text>
          );
        const { line } = row;
        return (
          <Stack gap={0}>
            {/* Whole, never cut inside the name (issue 41, Deliver 8): the column widens for it. */}
            <Text size="sm" fw={600}>
              {line.agentUsername}
            </Text>
            <Text size="xs" c="dimmed">
              {line.agentPrefix}
            </Text>
            <Text size="xs" c="dimmed">
              {line.settleEachPeriod
                ? t('settlement.statement.settlesEachPeriod')
                : t('settlement.statement.carryForward')}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'summary',
      header: t('settlement.statement.headers.summary'),
      minWidth: 200,
      // Who pays whom, the statement's answer, first after the agent (in view on a laptop's width
      // however long the names; the workings follow); the line's printable statement beside it.
      render: (row) =>
        row.kind === 'line' ? (
          <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
            <Text size="sm" data-testid="line-words">
              {outstandingWords(
                t,
                row.line.outstanding,
                child(row.line),
                parent(row.line),
                row.line.settleEachPeriod,
              )}
            </Text>
            <RowAction
              tooltip={t('settlement.statement.print')}
              label={t('settlement.statement.printLabel', {
                agent: child(row.line),
                parent: parent(row.line),
              })}
              icon={IconPrinter}
              onClick={() => void navigate(`/settlement/${year}/${month}/print/${row.line.sharing}`)}
            />
          </Group>
        ) : row.kind === 'subtotal' ? (
          <Text size="sm" fw={700}>
            {parentTotalWords(t, row.total.outstanding, row.total.parentAgentUsername)}
          </Text>
        ) : null,
    },
    {
      key: 'percentage',
      header: t('settlement.statement.headers.percentage'),
      render: (row) => (row.kind === 'line' ? <Segments line={row.line} /> : null),
    },
    {
      key: 'winLose',
      header: t('settlement.statement.headers.winLose'),
      align: 'right',
      render: (row) =>
        row.kind === 'line' ? (
          <MoneyText value={row.line.winLose} />
        ) : row.kind === 'subtotal' ? (
          <MoneyText value={row.total.winLose} fw={700} />
        ) : null,
    },
    {
      key: 'parentShare',
      header: t('settlement.statement.headers.parentShare'),
      align: 'right',
      render: (row) =>
        row.kind === 'line' ? (
          <DirectedAmount
            value={row.line.parentShare}
            words={whoPays(t, row.line.parentShare, child(row.line), parent(row.line))}
          />
        ) : row.kind === 'subtotal' ? (
          <DirectedAmount
            value={row.total.parentShare}
            words={parentTotalWords(t, row.total.parentShare, row.total.parentAgentUsername)}
            fw={700}
          />
        ) : null,
    },
    {
      key: 'adjustment',
      header: t('settlement.statement.headers.adjustment'),
      align: 'right',
      render: (row) => {
        if (row.kind === 'subtotal')
          return (
            <DirectedAmount
              value={row.total.adjustment}
              words={parentTotalWords(t, row.total.adjustment, row.total.parentAgentUsername)}
              fw={700}
            />
          );
        if (row.kind !== 'line') return null;
        const { line } = row;
        return (
          <Stack gap={2} align="flex-end">
            <DirectedAmount
              value={line.adjustment}
              words={whoPays(t, line.adjustment, child(line), parent(line))}
            />
            {line.adjustments.map((a) => (
              <Text
                key={`${a.year}-${a.month}`}
                size="xs"
                c="dimmed"
                ta="right"
                data-testid="adjustment-period"
              >
                {t('settlement.statement.adjustmentOf', {
                  period: periodName(a.year, a.month),
                  amount: absMoney(a.amount),
                })}
              </Text>
            ))}
          </Stack>
        );
      },
    },
    {
      key: 'carriedIn',
      header: t('settlement.statement.headers.carriedIn'),
      align: 'right',
      render: (row) =>
        row.kind === 'line' ? (
          <DirectedAmount
            value={row.line.carriedIn}
            words={whoPays(t, row.line.carriedIn, child(row.line), parent(row.line))}
          />
        ) : row.kind === 'subtotal' ? (
          <DirectedAmount
            value={row.carriedIn}
            words={parentTotalWords(t, row.carriedIn, row.total.parentAgentUsername)}
            fw={700}
          />
        ) : null,
    },
    {
      key: 'payments',
      header: t('settlement.statement.headers.payments'),
      align: 'right',
      render: (row) => {
        if (row.kind === 'heading') return null;
        const paid = row.kind === 'line' ? netPaid(row.line) : row.paid;
        const words =
          row.kind === 'line'
            ? whoPaid(t, paid, child(row.line), parent(row.line))
            : parentTotalWords(t, paid, row.total.parentAgentUsername);
        return <DirectedAmount value={paid} words={words} fw={row.kind === 'subtotal' ? 700 : undefined} />;
      },
    },
    {
      key: 'outstanding',
      header: t('settlement.statement.headers.outstanding'),
      align: 'right',
      render: (row) =>
        row.kind === 'line' ? (
          <DirectedAmount
            value={row.line.outstanding}
            words={outstandingWords(
              t,
              row.line.outstanding,
              child(row.line),
              parent(row.line),
              row.line.settleEachPeriod,
            )}
            fw={700}
          />
        ) : row.kind === 'subtotal' ? (
          <DirectedAmount
            value={row.total.outstanding}
            words={parentTotalWords(t, row.total.outstanding, row.total.parentAgentUsername)}
            fw={700}
          />
        ) : null,
    },
  ];

  const statusNote =
    data?.status === 'closed'
      ? `${t('settlement.statement.frozenNote')} ${data.closedAt ? t('settlement.statement.closedAt', { at: formatDateTime(data.closedAt) }) : ''}`
      : data?.status === 'closing'
        ? t('settlement.statement.closingNote')
        : t('settlement.statement.openNote');

  return (
    <>
      <PageHeader
        title={t('settlement.statement.title', { period: name })}
        description={t('settlement.statement.description')}
        actions={
          <>
            <Button
              variant="subtle"
              component={Link}
              to={`/settlement?year=${year}`}
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t('settlement.statement.back')}
            </Button>
            <ExportButton
              route={api.settlementExport}
              body={{ year, month }}
              filename={`settlement_${year}_${month.padStart(2, '0')}.csv`}
            />
          </>
        }
      />
      <Alert
        variant="light"
        color="blue"
        icon={<IconInfoCircle size={18} aria-hidden />}
        mb="md"
        title={t('settlement.ruleTitle')}
      >
        <Stack gap={4}>
          <Text size="sm" data-testid="settlement-rule">
            {t('settlement.rule')}
          </Text>
          <Text size="sm">{t('settlement.signNote')}</Text>
          <Group gap="xs">
            {data ? <PeriodStatusBadge status={data.status} /> : null}
            <Text size="sm">{statusNote}</Text>
          </Group>
        </Stack>
      </Alert>
      <DataTable
        caption={t('settlement.statement.title', { period: name })}
        columns={columns}
        records={rows}
        rowKey={(row) =>
          row.kind === 'line'
            ? row.line.sharing
            : row.kind === 'heading'
              ? `h-${row.parent}`
              : `t-${row.total.parentAgent}`
        }
        rowProps={(row) => ({ 'data-kind': row.kind })}
        loading={statement.isPending}
        fetching={statement.isFetching && !statement.isPending}
        error={statement.isError ? errorMessage(statement.error) : null}
        onRetry={
          statement.isError && !isRetryable(statement.error) ? undefined : () => void statement.refetch()
        }
        emptyTitle={t('settlement.statement.empty')}
        emptyDescription={t('settlement.statement.emptyHint')}
        {...(data && data.lines.length > 0
          ? {
              footer: {
                agent: t('settlement.statement.grandTotal'),
                winLose: <MoneyText value={data.total.winLose} fw={700} />,
                parentShare: (
                  <DirectedAmount
                    value={data.total.parentShare}
                    words={grandTotalWords(t, data.total.parentShare)}
                    fw={700}
                  />
                ),
                adjustment: (
                  <DirectedAmount
                    value={data.total.adjustment}
                    words={grandTotalWords(t, data.total.adjustment)}
                    fw={700}
                  />
                ),
                carriedIn: (
                  <DirectedAmount
                    value={data.total.carriedIn}
                    words={grandTotalWords(t, data.total.carriedIn)}
                    fw={700}
                  />
                ),
                payments: (
                  <DirectedAmount
                    value={netPaid(data.total)}
                    words={grandTotalWords(t, netPaid(data.total))}
                    fw={700}
                  />
                ),
                outstanding: (
                  <DirectedAmount
                    value={data.total.outstanding}
                    words={grandTotalWords(t, data.total.outstanding)}
                    fw={700}
                  />
                ),
                summary: (
                  <Text size="sm" fw={700} data-testid="grand-total-words">
                    {grandTotalWords(t, data.total.outstanding)}
                  </Text>
                ),
              },
            }
          : {})}
      />
      {seesPayments ? (
        <Payments
          year={year}
          month={month}
          open={data?.status === 'open'}
          lines={data?.lines ?? []}
          canPay={canPay}
        />
      ) : null}
    </>
  );
}

/** "เอเจนต์ X จ่ายให้ Y แล้ว 100.00 บาท" for the net payments of a line (positive: the child paid). */
const whoPaid = (t: TFunction, paid: ReportMoney, child: string, parent: string) => {
  const direction = directionOf(paid);
  if (direction === 'none') return t('settlement.words.nothing', { child, parent });
  const [payer, payee] = direction === 'childPays' ? [child, parent] : [parent, child];
  return t('settlement.words.paid', { payer, payee, amount: absMoney(paid) });
};

/** The period's payments: record one, void one with a reason. */
function Payments({
  year,
  month,
  open,
  lines,
  canPay,
}: {
  year: string;
  month: string;
  /** Payments may still be dated in the period (neither closed nor closing). */
  open: boolean;
  lines: SettlementLine[];
  canPay: boolean;
}) {
  const { t } = useTranslation();
  const payments = useQuery(periodPaymentsQuery(year, month));
  const create = useCreatePayment();
  const words = usePaymentWords();
  const [opened, setOpened] = useState(false);
  const voiding = useVoidDialog();

  const columns: Column<Payment>[] = [
    {
      key: 'paidOn',
      header: t('settlement.statement.payments.paidOn'),
      render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{dayText(p.paidOn)}</span>,
    },
    {
      key: 'direction',
      header: t('settlement.statement.payments.direction'),
      render: (p) => (
        <Text size="sm" td={p.voidedAt ? 'line-through' : undefined}>
          {words(p.agentUsername, p.parentAgentUsername, p.direction, p.amount)}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: t('settlement.statement.payments.amount'),
      align: 'right',
      render: (p) => <MoneyText value={p.amount} />,
    },
    {
      key: 'reference',
      header: t('settlement.statement.payments.reference'),
      render: (p) => p.reference || '—',
    },
    { key: 'note', header: t('settlement.statement.payments.note'), render: (p) => p.note || '—' },
    {
      key: 'createdBy',
      header: t('settlement.statement.payments.createdBy'),
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{p.createdByUsername}</Text>
          <Text size="xs" c="dimmed">
            <DateTimeText value={p.createdAt} />
          </Text>
          {p.voidedAt ? (
            <Text size="xs" c="red.8">
              {t('settlement.statement.payments.voidedBecause', { reason: p.voidReason ?? '' })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];
  if (canPay) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 80,
      render: (p) =>
        p.voidedAt ? (
          <Badge color="gray" variant="light" tt="none">
            {t('settlement.statement.payments.voided')}
          </Badge>
        ) : (
          <RowAction
            tooltip={t('settlement.statement.payments.void')}
            label={t('settlement.statement.payments.voidLabel', {
              reference: p.reference || p.paidOn,
              amount: absMoney(p.amount),
            })}
            icon={IconBan}
            color="red"
            onClick={() => voiding.ask(p)}
          />
        ),
    });
  }

  return (
    <Paper withBorder p="md" mt="lg" data-testid="period-payments">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t('settlement.statement.payments.title')}
        </Title>
        {canPay && lines.length > 0 ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
            {t('settlement.statement.payments.add')}
          </Button>
        ) : null}
      </Group>
      <DataTable
        caption={t('settlement.statement.payments.title')}
        columns={columns}
        records={payments.data?.records}
        rowKey={(p) => p._id}
        rowProps={(p) => ({ 'data-voided': p.voidedAt ? 'true' : undefined })}
        loading={payments.isPending}
        error={payments.isError ? errorMessage(payments.error) : null}
        emptyTitle={t('settlement.statement.payments.empty')}
      />
      <PaymentDialog
        opened={opened}
        onClose={() => setOpened(false)}
        lines={lines}
        period={{ year, month, open }}
        onSubmit={async (values) => {
          const saved = await create.mutateAsync(values);
          notifySuccess(
            t('settlement.paymentDialog.saved', {
              words: words(saved.agentUsername, saved.parentAgentUsername, saved.direction, saved.amount),
            }),
          );
          setOpened(false);
        }}
      />
      {voiding.dialogs}
    </Paper>
  );
}
