import { ActionIcon, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { MonthlyBalance } from '@sapi/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../components/money-text';
import { errorMessage } from '../../lib/errors';
import { addMoney } from '../../lib/money';
import { fetchWidget } from './api';

const ZERO: MonthlyBalance = {
  holdBalance: 0,
  settleBalance: 0,
  voidBalance: 0,
  cancelBalance: 0,
  depositBalance: 0,
  withdrawBalance: 0,
  promotionBalance: 0,
  promotionRefundBalance: 0,
  promotionAffiliateBalance: 0,
  transactionCount: 0,
};

/** The four figures of the widget (docs/spec.md §2), added in satang so they stay exact. */
export const widgetFigures = (b: MonthlyBalance) => ({
  hold: b.holdBalance,
  winLose: addMoney(b.holdBalance, b.settleBalance, b.cancelBalance, b.voidBalance),
  deposit: b.depositBalance,
  profit: addMoney(b.depositBalance, b.withdrawBalance),
});

/** docs/spec.md §4: a widget takes an answer only when it has data with a nonzero hold balance. */
const takes = (next: MonthlyBalance | undefined): next is MonthlyBalance =>
  next !== undefined && next.holdBalance !== 0;

interface MonthlyWidgetProps {
  agentId: string;
  username: string;
  /** First day of the month (`YYYY-MM-DD`). */
  date: string;
  monthLabel: string;
  /** This agent's entry of the page's batch answer. */
  fromBatch: MonthlyBalance | undefined;
  batchLoading: boolean;
}

/**
 * An agent's monthly widget (docs/spec.md §2): hold, win/lose, deposit and profit of the month, with a refresh
 * icon that fetches this agent's figures again. Mount it per agent and month (key), so another month
 * starts from zeros.
 */
export function MonthlyWidget({
  agentId,
  username,
  date,
  monthLabel,
  fromBatch,
  batchLoading,
}: MonthlyWidgetProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<MonthlyBalance>(ZERO);
  useEffect(() => {
    if (takes(fromBatch)) setShown(fromBatch);
  }, [fromBatch]);

  const refresh = useMutation({
    mutationFn: () => fetchWidget(agentId, date),
    onSuccess: (next) => {
      if (takes(next)) setShown(next);
    },
    // docs/spec.md §8: the widget's error is logged; the previous figures stay.
    onError: (error) => console.error(`monthly widget of agent ${agentId}:`, error),
  });

  const loading = batchLoading || refresh.isPending;
  const figures = widgetFigures(shown);
  const cells = [
    { key: 'hold', label: t('agentReport.widget.hold'), value: figures.hold },
    { key: 'winLose', label: t('agentReport.widget.winLose'), value: figures.winLose },
    { key: 'deposit', label: t('agentReport.widget.deposit'), value: figures.deposit },
    { key: 'profit', label: t('agentReport.widget.profit'), value: figures.profit },
  ] as const;

  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="center"
      role="group"
      aria-label={t('agentReport.widget.label', { username, month: monthLabel })}
      aria-busy={loading}
      data-testid={`widget-${username}`}
    >
      {/* Four columns each at least as wide as its label and amount: in a narrow table the widget
          widens its column (the table scrolls) instead of drawing the amounts over each other. */}
      <Box
        style={{
          flex: 1,
          display: 'grid',
          gridTemplateColumns: 'repeat(4, minmax(max-content, 1fr))',
          columnGap: 'var(--mantine-spacing-md)',
          opacity: loading ? 0.6 : 1,
        }}
      >
        {cells.map((cell) => (
          <Stack key={cell.key} gap={0} data-field={cell.key}>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {cell.label}
            </Text>
            <MoneyText value={cell.value} fw={600} />
          </Stack>
        ))}
      </Box>
      <Stack gap={2} align="center" w={96}>
        <Tooltip label={t('agentReport.widget.refresh', { username })} withArrow>
          <ActionIcon
            variant="subtle"
            onClick={() => refresh.mutate()}
            disabled={loading}
            aria-label={t('agentReport.widget.refresh', { username })}
            data-testid={`refresh-${username}`}
          >
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {loading ? (
          <Text size="xs" c="dimmed" role="status">
            {t('agentReport.widget.loading')}
          </Text>
        ) : refresh.isError ? (
          <Text size="xs" c="red.9" role="alert">
            {t('agentReport.widget.failed', { reason: errorMessage(refresh.error) })}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
