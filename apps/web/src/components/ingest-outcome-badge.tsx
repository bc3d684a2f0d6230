import { Badge } from '@mantine/core';
import type { IngestLogOutcome } from '@sapi/contract';
import { useTranslation } from 'react-i18next';

const outcomeColors: Record<IngestLogOutcome, string> = {
  accepted: 'teal',
  partial: 'yellow',
  refused: 'red',
};

/** How an ingest request ended, coloured: accepted green, partial (duplicates) yellow, refused red. */
export function OutcomeBadge({ outcome }: { outcome: IngestLogOutcome }) {
  const { t } = useTranslation();
  return (
    <Badge color={outcomeColors[outcome]} variant="light" radius="sm" miw="max-content">
      {t(`ingestLog.outcomes.${outcome}`)}
    </Badge>
  );
}
