import { Badge, Divider, Group, Loader, Modal, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { Transaction } from '@sapi/contract';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { type ListSource, transactionDetailQuery } from './api';
import { BetTimeline } from './bet-timeline';

interface TransactionDetailDialogProps {
  opened: boolean;
  onClose: () => void;
  source: ListSource;
  agentId: string;
  /** The row clicked; kept while the dialog closes so its text does not blank out. */
  row: Transaction | null;
  /** How to name the agent (`username (prefix)`, the pickers' label), when known; else its id. */
  agentLabel?: string;
}

/** Read-only detail of one transaction (every field, disabled) and its bet's history timeline. */
function TransactionDetailDialogInner({
  opened,
  onClose,
  source,
  agentId,
  row,
  agentLabel,
}: TransactionDetailDialogProps) {
  const { t } = useTranslation();
  const detail = useQuery({
    ...transactionDetailQuery(source, agentId, row?._id ?? ''),
    enabled: opened && row !== null,
  });
  const record = detail.data ?? row;

  const fields: [string, string][] = record
    ? [
        [t('transaction.fields.id'), record._id],
        [t('transaction.fields.agent'), agentLabel ?? record.agent],
        [t('transaction.fields.user'), record.user],
        [t('transaction.fields.username'), record.username],
        [t('transaction.fields.betId'), record.betId],
        [t('transaction.fields.betType'), record.betType],
        [t('transaction.fields.betTypeFromGame'), record.betTypeFromGame],
        [t('transaction.fields.gameBrand'), record.gameBrand],
        [t('transaction.fields.gameCode'), record.gameCode],
        [t('transaction.fields.amount'), formatMoney(record.amount)],
        [t('transaction.fields.startDate'), formatDateTime(record.startDate)],
        [t('transaction.fields.endDate'), formatDateTime(record.endDate)],
        [t('transaction.fields.createdAt'), formatDateTime(record.createdAt)],
      ]
    : [];

  const history = detail.data?.history;

  return (
    <Modal opened={opened} onClose={onClose} title={t('transaction.detail.title')} size="xl">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
          {fields.map(([label, value]) => (
            <TextInput
              key={label}
              label={label}
              value={value}
              disabled
              // Read-only, but readable: full-strength text instead of the faded disabled look.
              styles={{ input: { opacity: 1, color: 'var(--mantine-color-gray-8)' } }}
            />
          ))}
        </SimpleGrid>
        <Divider />
        <Stack gap="sm">
          <Group gap="sm">
            <Title order={3} fz="md">
              {t('transaction.detail.history')}
            </Title>
            {history ? (
              <Badge variant="light" color="gray" radius="sm">
                {t('transaction.detail.historyCount', { count: history.length })}
              </Badge>
            ) : null}
          </Group>
          {detail.isError ? <ErrorBanner>{errorMessage(detail.error)}</ErrorBanner> : null}
          {detail.isPending && !detail.isError ? (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="sm" aria-hidden />
              {t('transaction.detail.loading')}
            </Group>
          ) : null}
          {history && history.length === 0 ? (
            <EmptyState size="sm" title={t('transaction.detail.historyEmpty')} description="" />
          ) : null}
          {history && history.length > 0 && record ? (
            <BetTimeline betId={record.betId} rows={history} currentId={record._id} />
          ) : null}
        </Stack>
      </Stack>
    </Modal>
  );
}

/** Rendered again only when its own props change (not on every page change of the list behind it). */
export const TransactionDetailDialog = memo(TransactionDetailDialogInner);
