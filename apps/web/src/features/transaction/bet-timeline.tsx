import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import type { Transaction } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { agentLabel } from '../../components/agent-picker';
import { DateTimeText } from '../../components/date-time-text';
import { AmountText } from './amount-text';
import { BetTypeBadge, betTypeColors } from './bet-type-badge';

export type TimelineRow = Transaction & { agentUsername?: string; agentPrefix?: string };

interface BetTimelineProps {
  betId: string;
  /** Oldest first, as the API answers (HOLD → SETTLE/CANCEL/VOID). */
  rows: TimelineRow[];
  /** The row the dialog was opened on, marked in the timeline. */
  currentId?: string;
}

/** A bet's rows as a vertical timeline: type, amount, time, agent and game. */
export function BetTimeline({ betId, rows, currentId }: BetTimelineProps) {
  const { t } = useTranslation();
  return (
    <Timeline
      active={rows.length - 1}
      bulletSize={18}
      lineWidth={2}
      aria-label={t('transaction.timeline.label', { betId })}
      data-testid="bet-timeline"
    >
      {rows.map((row) => (
        <Timeline.Item
          key={row._id}
          color={betTypeColors[row.betType]}
          data-testid="timeline-item"
          title={
            <Group gap="sm" wrap="wrap">
              <BetTypeBadge type={row.betType} />
              <AmountText value={row.amount} fw={600} />
              {row._id === currentId ? (
                <Badge size="sm" variant="outline" color="indigo">
                  {t('transaction.detail.current')}
                </Badge>
              ) : null}
            </Group>
          }
        >
          <Stack gap={2} mt={4}>
            <Text size="sm" c="dimmed">
              <DateTimeText value={row.startDate} />
              {row.endDate ? (
                <>
                  {' → '}
                  <DateTimeText value={row.endDate} />
                </>
              ) : null}
            </Text>
            <Text size="sm">
              {row.agentUsername
                ? `${t('transaction.timeline.agent')}: ${row.agentPrefix ? agentLabel({ username: row.agentUsername, prefix: row.agentPrefix }) : row.agentUsername} · `
                : ''}
              {t('transaction.timeline.player')}: {row.username} · {t('transaction.timeline.game')}:{' '}
              {row.gameBrand} / {row.gameCode}
              {row.betTypeFromGame ? ` · ${t('transaction.timeline.fromGame')}: ${row.betTypeFromGame}` : ''}
            </Text>
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
