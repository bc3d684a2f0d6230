import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReportMoney, SettlementLine } from '@sapi/contract';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingFields } from '../../components/form-fields';
import { MoneyText } from '../../components/money-text';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { fromSatang, toSatang } from '../../lib/money';
import { statementQuery } from './api';
import { DirectedAmount } from './directed-amount';
import { PeriodStatusBadge } from './period-status';
import {
  absMoney,
  dayText,
  directionOf,
  outstandingWords,
  percentText,
  periodName,
  usePeriodParams,
  whoPays,
} from './words';
import './settlement.css';

/**
 * The printable statement of one arrangement (/settlement/:year/:month/print/:sharing), in Thai: who,
 * which period, the percentages and their days, each amount with who pays whom, and the outstanding
 * balance in words. The print stylesheet leaves the page alone on paper.
 */
export function PrintStatementPage() {
  const { t } = useTranslation();
  const { year, month } = usePeriodParams();
  const { sharing = '' } = useParams();
  const statement = useQuery(statementQuery(year, month));
  const line = statement.data?.lines.find((l) => l.sharing === sharing);
  const name = periodName(year, month);
  const back = `/settlement/${year}/${month}`;

  return (
    <Stack gap="md" maw={900} className="print-statement">
      <div data-print="hide">
        <PageHeader
          title={t('settlement.print.title')}
          description={t('settlement.print.period', { period: name })}
          actions={
            <>
              <Button
                variant="subtle"
                component={Link}
                to={back}
                leftSection={<IconArrowLeft size={16} aria-hidden />}
              >
                {t('settlement.print.back')}
              </Button>
              <Button
                leftSection={<IconPrinter size={16} aria-hidden />}
                onClick={() => window.print()}
                disabled={!line}
              >
                {t('settlement.print.print')}
              </Button>
            </>
          }
        />
      </div>
      {statement.isError ? <ErrorBanner>{errorMessage(statement.error)}</ErrorBanner> : null}
      {statement.isPending ? <LoadingFields /> : null}
      {statement.isSuccess && !line ? <EmptyState title={t('settlement.print.notFound')} /> : null}
      {statement.data && line ? (
        <StatementSheet
          line={line}
          name={name}
          status={statement.data.status}
          closedAt={statement.data.closedAt}
        />
      ) : null}
    </Stack>
  );
}

function StatementSheet({
  line,
  name,
  status,
  closedAt,
}: {
  line: SettlementLine;
  name: string;
  status: 'open' | 'closing' | 'closed';
  closedAt: string | undefined;
}) {
  const { t } = useTranslation();
  const child = line.agentUsername;
  const parent = line.parentAgentUsername;
  const paidWords = (amount: ReportMoney, payer: string, payee: string) =>
    directionOf(amount) === 'none'
      ? t('settlement.words.noPayment')
      : t('settlement.words.paid', { payer, payee, amount: absMoney(amount) });
  const items: { key: string; label: string; value: ReportMoney; words: string }[] = [
    {
      key: 'carriedIn',
      label: t('settlement.statement.columns.carriedIn'),
      value: line.carriedIn,
      words: whoPays(t, line.carriedIn, child, parent),
    },
    {
      key: 'parentShare',
      label: t('settlement.statement.columns.parentShare'),
      value: line.parentShare,
      words: whoPays(t, line.parentShare, child, parent),
    },
    ...line.adjustments.map((a) => ({
      key: `adj-${a.year}-${a.month}`,
      label: t('settlement.statement.adjustmentOf', {
        period: periodName(a.year, a.month),
        amount: absMoney(a.amount),
      }),
      value: a.amount,
      words: whoPays(t, a.amount, child, parent),
    })),
    {
      key: 'toParent',
      label: t('settlement.print.paymentsToParent'),
      value: line.paymentsToParent,
      words: paidWords(line.paymentsToParent, child, parent),
    },
    {
      key: 'toChild',
      label: t('settlement.print.paymentsToChild'),
      // Paid by the parent: the other way round.
      value: fromSatang(-toSatang(line.paymentsToChild)),
      words: paidWords(line.paymentsToChild, parent, child),
    },
  ];
  return (
    <Paper withBorder p="xl" radius="md" data-testid="statement-sheet">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz={22}>
              {t('settlement.print.title')}
            </Title>
            <Text fw={600}>{t('settlement.print.period', { period: name })}</Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <PeriodStatusBadge status={status} />
            {closedAt ? (
              <Text size="xs" c="dimmed">
                {t('settlement.statement.closedAt', { at: formatDateTime(closedAt) })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('settlement.print.printedAt', { at: formatDateTime(new Date().toISOString()) })}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={2} spacing="md">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('settlement.print.from')}
            </Text>
            <Text fw={600}>
              {line.agentUsername} ({line.agentPrefix})
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('settlement.print.to')}
            </Text>
            <Text fw={600}>
              {line.parentAgentUsername} ({line.parentAgentPrefix})
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="sm">{t('settlement.rule')}</Text>
        <Table withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settlement.print.days')}</Table.Th>
              <Table.Th ta="right">{t('settlement.statement.columns.percentage')}</Table.Th>
              <Table.Th ta="right">{t('settlement.statement.columns.winLose')}</Table.Th>
              <Table.Th ta="right">{t('settlement.statement.columns.parentShare')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {line.segments.map((s) => (
              <Table.Tr key={s.from}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {dayText(s.from)} – {dayText(s.to)}
                </Table.Td>
                <Table.Td ta="right">{percentText(s.parentPercentage)}</Table.Td>
                <Table.Td ta="right">
                  <MoneyText value={s.winLose} />
                </Table.Td>
                <Table.Td ta="right">
                  <DirectedAmount value={s.parentShare} words={whoPays(t, s.parentShare, child, parent)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settlement.print.item')}</Table.Th>
              <Table.Th ta="right">{t('settlement.print.amount')}</Table.Th>
              <Table.Th>{t('settlement.print.meaning')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.key}>
                <Table.Td>{item.label}</Table.Td>
                <Table.Td ta="right">
                  <DirectedAmount value={item.value} words={item.words} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.words}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Paper p="md" bg="gray.0" withBorder>
          <Text size="xs" c="dimmed">
            {t('settlement.print.result')}
          </Text>
          <Text fw={700} fz="lg" data-testid="statement-outstanding">
            {outstandingWords(t, line.outstanding, child, parent, line.settleEachPeriod)}
          </Text>
        </Paper>
      </Stack>
    </Paper>
  );
}
