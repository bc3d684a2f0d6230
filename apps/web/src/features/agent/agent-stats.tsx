import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { type Icon, IconBuildingStore, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { agentCountQuery } from './api';

type LockedFilter = '' | '0' | '1';

interface TileProps {
  value: LockedFilter;
  label: string;
  icon: Icon;
  color: string;
  active: boolean;
  onSelect: (value: LockedFilter) => void;
}

function CountTile({ value, label, icon: TileIcon, color, active, onSelect }: TileProps) {
  const count = useQuery(agentCountQuery(value));
  return (
    <UnstyledButton
      onClick={() => onSelect(value)}
      aria-pressed={active}
      data-testid={`agent-count-${value || 'all'}`}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Paper
        withBorder
        radius="md"
        p="md"
        style={{
          borderColor: active ? `var(--mantine-color-${color}-6)` : undefined,
          boxShadow: active ? `0 0 0 1px var(--mantine-color-${color}-6)` : undefined,
          background: active ? `var(--mantine-color-${color}-0)` : undefined,
        }}
      >
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm" c="dimmed" fw={500}>
              {label}
            </Text>
            {count.data === undefined ? (
              <Skeleton height={30} width={60} mt={4} />
            ) : (
              <Text fz={28} fw={700} lh={1.2} data-testid="agent-count-value">
                {formatNumber(count.data)}
              </Text>
            )}
          </div>
          <ThemeIcon size={44} radius="md" variant="light" color={color}>
            <TileIcon size={24} aria-hidden />
          </ThemeIcon>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** Counts of all, active and locked agents; each tile filters the list by that status. */
export function AgentStats({
  locked,
  onSelect,
}: {
  locked: string;
  onSelect: (value: LockedFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('agent.stats.label')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="md">
        <CountTile
          value=""
          label={t('agent.stats.all')}
          icon={IconBuildingStore}
          color="indigo"
          active={locked === ''}
          onSelect={onSelect}
        />
        <CountTile
          value="0"
          label={t('agent.stats.active')}
          icon={IconCircleCheck}
          color="teal"
          active={locked === '0'}
          onSelect={onSelect}
        />
        <CountTile
          value="1"
          label={t('agent.stats.locked')}
          icon={IconLock}
          color="red"
          active={locked === '1'}
          onSelect={onSelect}
        />
      </SimpleGrid>
    </section>
  );
}
