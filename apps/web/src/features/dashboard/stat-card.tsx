import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const percentFormat = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const formatPercent = (value: number) => `${percentFormat.format(value)}%`;

interface StatCardProps {
  title: string;
  icon: Icon;
  value: string;
  /** Colour of the figure (e.g. red for a negative amount). */
  valueColor?: string;
  detail?: ReactNode;
  /** Change against last month in percent; undefined when last month had nothing. */
  change: number | undefined;
  /** Whether a rise is good news (coloured teal) or only a direction (win/lose). */
  tone: 'higher-is-better' | 'neutral';
  previous: string;
  to: string;
  /** What the link opens, when it is not the card's own figures in full ("view all"). */
  linkText?: string;
  testId: string;
}

/** A figure of the month with its change against last month and a link to the matching report. */
export function StatCard({
  title,
  icon: CardIcon,
  value,
  valueColor,
  detail,
  change,
  tone,
  previous,
  to,
  linkText,
  testId,
}: StatCardProps) {
  const { t } = useTranslation();
  const direction = change === undefined || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
  const ArrowIcon =
    direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconArrowRight;
  const color =
    direction === 'flat'
      ? 'gray.7'
      : tone === 'neutral'
        ? 'indigo.8'
        : direction === 'up'
          ? 'teal.9'
          : 'red.9';
  let changeText: string = t('dashboard.change.same');
  if (change === undefined) changeText = t('dashboard.change.noPrevious');
  else if (direction === 'up') changeText = t('dashboard.change.up', { percent: formatPercent(change) });
  else if (direction === 'down')
    changeText = t('dashboard.change.down', { percent: formatPercent(Math.abs(change)) });

  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId} component="section" aria-label={title}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          <ThemeIcon variant="light" radius="md" size="lg">
            <CardIcon size={20} aria-hidden />
          </ThemeIcon>
        </Group>
        <Text
          fz={28}
          fw={700}
          lh={1.2}
          c={valueColor}
          data-testid={`${testId}-value`}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {value}
        </Text>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Group gap={4} wrap="nowrap" c={color} data-testid={`${testId}-change`} data-direction={direction}>
          <ArrowIcon size={18} aria-hidden />
          <Text size="sm" fw={600} c={color}>
            {changeText}
          </Text>
        </Group>
        <Group justify="space-between" mt="auto" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {previous}
          </Text>
          <Anchor
            component={Link}
            to={to}
            size="sm"
            fw={600}
            aria-label={`${linkText ?? t('dashboard.cards.viewAll')}: ${title}`}
          >
            {linkText ?? t('dashboard.cards.viewAll')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
