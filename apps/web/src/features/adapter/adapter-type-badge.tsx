import { Badge, Stack, Text } from '@mantine/core';
import type { AdapterType } from '@sapi/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<AdapterType, string> = {
  SLOT: 'grape',
  LIVE: 'red',
  SPORT: 'green',
  FISHING: 'cyan',
  TABLE: 'orange',
  LOTTO: 'yellow',
  OTHER: 'gray',
};

/** The provider type as the API names it, with its translated meaning beside it. */
export function AdapterTypeBadge({ type }: { type: AdapterType }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={colors[type]} variant="light" radius="sm" miw="max-content">
        {type}
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t(`adapter.types.${type}`)}
      </Text>
    </Stack>
  );
}
