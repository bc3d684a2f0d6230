import { Group, Paper, Text } from '@mantine/core';
import { api, type Totals } from '@sapi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../components/money-text';
import { daysInMonth, filterEdgeIso, normalizeFilterWall } from '../../lib/business-time';
import { formatNumber } from '../../lib/format';
import { routeQuery } from '../../lib/query-keys';

export interface DrillFilters {
  gameBrand: string;
  /** Wall minutes of the report zone (`YYYY-MM-DDTHH:mm`), as the list's URL keeps them. */
  startDate: string;
  endDate: string;
}

type Source =
  | { kind: 'brand'; from: string; to: string }
  | { kind: 'day' | 'month'; year: string; month: string; day: string }
  | { kind: 'none'; why: 'partial' | 'narrowed' };

/**
 * Which report answers the list's count and sums exactly: the rollups hold whole business days, so the
 * period must be whole days — of one brand over any range (game daily by game), or, over every brand,
 * one whole day or one whole month (agent daily). A filter the reports do not have (player, bet id,
 * type, game code) has no such sum.
 */
const sourceOf = (filters: DrillFilters, narrowed: boolean): Source => {
  if (narrowed) return { kind: 'none', why: 'narrowed' };
  const start = normalizeFilterWall(filters.startDate, 'start');
  const end = normalizeFilterWall(filters.endDate, 'end');
  if (!start.endsWith('T00:00') || !end.endsWith('T23:59') || end < start)
    return { kind: 'none', why: 'partial' };
  const [first, last] = [start.slice(0, 10), end.slice(0, 10)];
  if (filters.gameBrand) {
    return { kind: 'brand', from: filterEdgeIso(start, 'start'), to: filterEdgeIso(end, 'end') };
  }
  const [year, month, day] = first.split('-').map(Number) as [number, number, number];
  if (first === last) return { kind: 'day', year: String(year), month: String(month), day: String(day) };
  const monthEnd = `${first.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`;
  if (day === 1 && last === monthEnd)
    return { kind: 'month', year: String(year), month: String(month), day: '' };
  return { kind: 'none', why: 'partial' };
};

/**
 * The count and sums of a drill-down list's filter (issue 41: reconciling a report row needs no CSV):
 * read from the same rollups as the report it came from, so they equal that row. Shown when a report
 * can say them exactly; otherwise a line says which filters can.
 */
export function DrillTotals({
  agentId,
  filters,
  narrowed = false,
}: {
  agentId: string;
  filters: DrillFilters;
  /** A filter the reports have not (player, bet id, bet type, game code) is set. */
  narrowed?: boolean;
}) {
  const { t } = useTranslation();
  const source = sourceOf(filters, narrowed);
  const byBrand = useQuery({
    ...routeQuery(api.summaryGameDailyByGame, {
      params: { agentId, gameBrand: filters.gameBrand },
      body: source.kind === 'brand' ? { from: source.from, to: source.to } : { from: '', to: '' },
    }),
    enabled: agentId !== '' && source.kind === 'brand',
  });
  const byAgent = useQuery({
    ...routeQuery(api.summaryAgentDaily, {
      params: { agentId },
      body:
        source.kind === 'day' || source.kind === 'month'
          ? { year: source.year, month: source.month, day: source.day }
          : { year: '', month: '', day: '' },
    }),
    enabled: agentId !== '' && (source.kind === 'day' || source.kind === 'month'),
  });
  if (agentId === '') return null;
  if (source.kind === 'none') {
    return (
      <Text size="sm" c="dimmed" data-testid="drill-totals-note">
        {t(source.why === 'narrowed' ? 'transaction.totals.narrowed' : 'transaction.totals.partial')}
      </Text>
    );
  }
  const totals: Totals | undefined = source.kind === 'brand' ? byBrand.data?.totals : byAgent.data?.totals;
  if (!totals) return null;
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      data-testid="drill-totals"
      aria-label={t('transaction.totals.label')}
    >
      <Group gap="xl" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('transaction.totals.label')}
        </Text>
        <Text size="sm" data-testid="drill-count">
          {t('transaction.totals.count', { count: formatNumber(totals.transactionCount) })}
        </Text>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {t('transaction.totals.turnover')}
          </Text>
          <MoneyText value={totals.turnover} />
        </Group>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {t('transaction.totals.payout')}
          </Text>
          <MoneyText value={totals.payout} />
        </Group>
        <Group gap={6} data-testid="drill-win-lose">
          <Text size="sm" c="dimmed">
            {t('transaction.totals.winLose')}
          </Text>
          <MoneyText value={totals.winLose} fw={600} />
        </Group>
      </Group>
    </Paper>
  );
}
