import { Alert, Code, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { INGEST_LOG_MAX_ITEMS, type IngestLogItem, type IngestLogRecord, issueText } from '@sapi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner';
import { OutcomeBadge } from '../../components/ingest-outcome-badge';
import { LabelledValue } from '../../components/labelled-value';
import { errorMessage, statusMessage } from '../../lib/errors';
import { formatDateTime, formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ingestLogEntryQuery } from './api';

/**
 * An issue in the user's language with the numbers and names the log kept (`params`); a row logged
 * before they were kept says it without them. Its code stays the tooltip, for support; a code the
 * contract has no words for shows as it is.
 */
const IssueText = ({ code, params }: { code: string; params: Record<string, unknown> | null }) => {
  const text = issueText({ code, params: params ?? {} }, currentLanguage());
  return text ? (
    <Text size="sm" span title={code}>
      {text}
    </Text>
  ) : (
    <Code>{code}</Code>
  );
};

/** An item's issue: the item's own bet type fills `{betType}` when the row kept no params. */
const itemParams = (item: IngestLogItem): Record<string, unknown> => ({
  ...(item.betType ? { betType: item.betType } : {}),
  ...item.params,
});

/** One ingest request: when, whose, from where, its outcome, and each refused or conflicting item. */
export function IngestLogDetailDialog({
  opened,
  record,
  onClose,
}: {
  opened: boolean;
  record: IngestLogRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery({ ...ingestLogEntryQuery(record?._id ?? ''), enabled: opened && record !== null });
  const items = detail.data?.items ?? [];
  const dash = (value: number | null) => (value === null ? '—' : formatNumber(value));

  return (
    <Modal opened={opened && record !== null} onClose={onClose} title={t('ingestLog.detail.title')} size="xl">
      {record ? (
        <Stack gap="lg" data-testid="ingest-log-detail">
          {record.lastAt ? (
            <Alert color="gray" data-testid="ingest-log-counted">
              {t('ingestLog.detail.counted', { count: record.count })}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            <LabelledValue label={t('ingestLog.fields.at')}>{formatDateTime(record.at)}</LabelledValue>
            <LabelledValue label={t('ingestLog.fields.count')}>{formatNumber(record.count)}</LabelledValue>
            {record.lastAt ? (
              <LabelledValue label={t('ingestLog.fields.lastAt')}>
                {formatDateTime(record.lastAt)}
              </LabelledValue>
            ) : null}
            <LabelledValue label={t('ingestLog.fields.agent')}>
              {record.agentUsername ?? t('ingestLog.noAgent')}
            </LabelledValue>
            <LabelledValue label={t('ingestLog.fields.ip')}>
              <Code>{record.ip}</Code>
            </LabelledValue>
            <LabelledValue label={t('ingestLog.fields.outcome')}>
              <OutcomeBadge outcome={record.outcome} />
            </LabelledValue>
            <LabelledValue label={t('ingestLog.fields.reason')}>
              {record.reason ? t(`ingestLog.reasons.${record.reason}`) : '—'}
            </LabelledValue>
            <LabelledValue label={t('ingestLog.fields.status')}>
              <Group gap={6} wrap="nowrap" align="baseline">
                <Code>{record.status}</Code>
                <Text size="sm" span>
                  {statusMessage(record.status)}
                </Text>
              </Group>
            </LabelledValue>
            {record.code ? (
              <LabelledValue label={t('ingestLog.fields.code')}>
                <IssueText code={record.code} params={record.params} />
              </LabelledValue>
            ) : null}
            <LabelledValue label={t('ingestLog.fields.items')}>{dash(record.itemCount)}</LabelledValue>
            <LabelledValue label={t('ingestLog.fields.accepted')}>{dash(record.accepted)}</LabelledValue>
            <LabelledValue label={t('ingestLog.fields.duplicates')}>{dash(record.duplicates)}</LabelledValue>
          </SimpleGrid>

          <Stack gap="xs">
            <Title order={4}>{t('ingestLog.detail.items')}</Title>
            {detail.isPending ? (
              <Loader size="sm" aria-label={t('common.loading')} />
            ) : detail.isError ? (
              <ErrorBanner>{errorMessage(detail.error)}</ErrorBanner>
            ) : items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {record.outcome === 'refused' && record.agent === null
                  ? t('ingestLog.detail.unauthenticated')
                  : t('ingestLog.detail.noItems')}
              </Text>
            ) : (
              <>
                {record.itemsTotal > items.length ? (
                  <Alert color="yellow" variant="light">
                    {t('ingestLog.detail.truncated', {
                      shown: formatNumber(items.length),
                      total: formatNumber(record.itemsTotal),
                      max: INGEST_LOG_MAX_ITEMS,
                    })}
                  </Alert>
                ) : null}
                <Table striped withTableBorder aria-label={t('ingestLog.detail.items')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ingestLog.detail.index')}</Table.Th>
                      <Table.Th>{t('transaction.fields.betId')}</Table.Th>
                      <Table.Th>{t('ingestLog.detail.betType')}</Table.Th>
                      <Table.Th>{t('ingestLog.detail.field')}</Table.Th>
                      <Table.Th>{t('ingestLog.detail.issue')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((item) => (
                      <Table.Tr
                        key={`${item.index ?? '-'}|${item.field ?? ''}|${item.code}|${item.betId ?? ''}`}
                      >
                        <Table.Td>{item.index ?? '—'}</Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                            {item.betId ?? '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>{item.betType ?? '—'}</Table.Td>
                        <Table.Td>{item.field ?? '—'}</Table.Td>
                        <Table.Td>
                          <IssueText code={item.code} params={itemParams(item)} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
