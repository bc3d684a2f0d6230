import '@mantine/dates/styles.css';
import {
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import {
  allows,
  api,
  type BodyOf,
  type Language,
  RECONCILIATION_MAX_BYTES,
  RECONCILIATION_MAX_ROWS,
  type ReconciliationData,
  type ReconciliationKind,
} from '@sapi/contract';
import { IconCalendar, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { reachableClearButton } from '../../components/clear-button';
import { DateField } from '../../components/date-field';
import { ErrorBanner } from '../../components/error-banner';
import { MoneyText } from '../../components/money-text';
import { PageHeader } from '../../components/page-header';
import { businessToday } from '../../lib/business-time';
import { saveFile } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { DATE_FORMAT, formatDateTime, formatNumber } from '../../lib/format';
import { useSelf } from '../../lib/session';
import { uploadFile } from '../../lib/upload';

type Period = 'day' | 'month';
const kindColor: Record<ReconciliationKind, string> = {
  missing_in_ledger: 'orange',
  missing_in_upload: 'blue',
  differs: 'red',
};
const noop = () => undefined;

/**
 * Reconciliation by upload (/reconciliation, docs/design.md §16): the agent side (or staff, choosing an
 * agent) sends its own bets of a day or a month as CSV and reads which are missing on either side and
 * which differ; the whole result downloads as CSV.
 */
export function ReconciliationPage() {
  const { t, i18n } = useTranslation();
  const self = useSelf();
  const language = i18n.language as Language;
  const [agentId, setAgentId] = useState(self.agentId ?? '');
  const [period, setPeriod] = useState<Period>('day');
  const [date, setDate] = useState(businessToday());
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ReconciliationData | null>(null);
  const [error, setError] = useState<unknown>(null);
  const busy = progress !== null;
  /** A change of agent, period or file makes the result shown (and its download) another file's. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setResult(null);
    };
  const ready = agentId !== '' && /^\d{4}-\d{2}-\d{2}$/.test(date) && file !== null && !busy;
  const canExport = allows(api.reconciliationExport, self.role);

  const send = async <R extends typeof api.reconciliationRun | typeof api.reconciliationExport>(def: R) => {
    if (!file) return undefined;
    setError(null);
    setProgress(0);
    try {
      return await uploadFile(def, {
        params: { agentId },
        // Both routes take the same query (contract reconciliationQuerySchema).
        query: { period, date } as BodyOf<R>,
        file,
        language,
        onProgress: setProgress,
      });
    } catch (err) {
      setError(err);
      return undefined;
    } finally {
      setProgress(null);
    }
  };

  const run = async () => {
    setResult(null);
    const answer = await send(api.reconciliationRun);
    if (answer && 'data' in answer) setResult(answer.data);
  };
  const download = async () => {
    const answer = await send(api.reconciliationExport);
    if (answer && 'file' in answer) saveFile(answer.file, `reconciliation-${agentId}-${date}.csv`);
  };

  const percent = Math.round((progress ?? 0) * 100);
  const counts = result
    ? ([
        ['uploaded', result.uploaded],
        ['ledger', result.ledger],
        ['matched', result.matched],
        ['missingInLedger', result.missingInLedger],
        ['missingInUpload', result.missingInUpload],
        ['differ', result.differ],
      ] as const)
    : [];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('screens.reconciliation')}
        description={t(
          self.kind === 'staff' ? 'reconciliation.descriptionStaff' : 'reconciliation.description',
        )}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="md" wrap="wrap">
            <AgentPicker
              label={t('reconciliation.agent')}
              placeholder={t('reconciliation.agentPlaceholder')}
              value={agentId}
              onChange={(id) => changed(setAgentId)(id)}
              required
              w={260}
              data-testid="reconcile-agent"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('reconciliation.period')}
              </Text>
              <SegmentedControl
                value={period}
                onChange={(v) => changed(setPeriod)(v as Period)}
                data={[
                  { value: 'day', label: t('reconciliation.day') },
                  { value: 'month', label: t('reconciliation.month') },
                ]}
                aria-label={t('reconciliation.period')}
                data-testid="reconcile-period"
              />
            </Stack>
            {period === 'day' ? (
              <DateField
                label={t('reconciliation.date')}
                value={date}
                onChange={(v: unknown) => changed(setDate)(typeof v === 'string' ? v : '')}
                error={null}
                onFocus={noop}
                onBlur={noop}
                data-path="date"
                w={190}
                data-testid="reconcile-date"
              />
            ) : (
              <MonthPickerInput
                label={t('reconciliation.monthLabel')}
                value={date || null}
                onChange={(next) =>
                  changed(setDate)(typeof next === 'string' ? `${next.slice(0, 7)}-01` : '')
                }
                valueFormat="MMMM YYYY"
                locale={i18n.language}
                leftSection={<IconCalendar size={16} aria-hidden />}
                w={190}
                data-testid="reconcile-month"
              />
            )}
            <FileInput
              label={t('reconciliation.file')}
              placeholder={t('reconciliation.filePlaceholder')}
              accept=".csv,text/csv"
              value={file}
              onChange={changed(setFile)}
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              clearable
              clearButtonProps={reachableClearButton(t('reconciliation.clearFile'))}
              w={260}
              data-testid="reconcile-file"
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('reconciliation.fileHint', {
              rows: formatNumber(RECONCILIATION_MAX_ROWS),
              size: formatNumber(RECONCILIATION_MAX_BYTES / 1024 / 1024),
            })}
          </Text>
          <Group gap="sm">
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={run}
              disabled={!ready}
              data-testid="reconcile-run"
            >
              {t('reconciliation.run')}
            </Button>
            {canExport && result && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={download}
                disabled={!ready}
                data-testid="reconcile-download"
              >
                {t('reconciliation.download')}
              </Button>
            )}
          </Group>
          {busy && (
            <Stack gap={4} role="status" aria-live="polite" data-testid="reconcile-progress">
              <Progress value={percent} animated={percent >= 100} />
              <Text size="xs" c="dimmed">
                {percent >= 100
                  ? t('reconciliation.checking')
                  : t('reconciliation.uploading', { percent: formatNumber(percent) })}
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>
      {error !== null && (
        <ErrorBanner title={t('reconciliation.failed')}>
          <span data-testid="reconcile-error">{errorMessage(error)}</span>
        </ErrorBanner>
      )}
      {result && (
        <Paper withBorder radius="md" p="md" data-testid="reconcile-result">
          <Stack gap="md">
            <Text fw={600}>
              {result.from === result.to
                ? t('reconciliation.resultTitleDay', { from: dayjs(result.from).format(DATE_FORMAT) })
                : t('reconciliation.resultTitle', {
                    from: dayjs(result.from).format(DATE_FORMAT),
                    to: dayjs(result.to).format(DATE_FORMAT),
                  })}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
              {counts.map(([key, value]) => (
                <Paper key={key} withBorder radius="sm" p="xs" data-testid={`reconcile-count-${key}`}>
                  <Text size="xs" c="dimmed">
                    {t(`reconciliation.counts.${key}`)}
                  </Text>
                  <Text fw={700} size="lg">
                    {formatNumber(value)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            {result.differences.length === 0 ? (
              <Text c="teal" fw={600} data-testid="reconcile-all-matched">
                {t('reconciliation.allMatched')}
              </Text>
            ) : (
              <Table.ScrollContainer
                minWidth={900}
                type="native"
                tabIndex={0}
                role="region"
                aria-label={t('reconciliation.table.caption')}
              >
                <Table striped="even" highlightOnHover>
                  <VisuallyHidden component="caption">{t('reconciliation.table.caption')}</VisuallyHidden>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('reconciliation.table.kind')}</Table.Th>
                      <Table.Th>{t('reconciliation.table.betId')}</Table.Th>
                      <Table.Th>{t('reconciliation.table.betType')}</Table.Th>
                      <Table.Th ta="right">{t('reconciliation.table.line')}</Table.Th>
                      <Table.Th ta="right">{t('reconciliation.table.uploadAmount')}</Table.Th>
                      <Table.Th ta="right">{t('reconciliation.table.ledgerAmount')}</Table.Th>
                      <Table.Th>{t('reconciliation.table.uploadStart')}</Table.Th>
                      <Table.Th>{t('reconciliation.table.ledgerStart')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.differences.map((d) => (
                      <Table.Tr key={`${d.kind}/${d.betType}/${d.betId}`} data-testid="reconcile-row">
                        <Table.Td>
                          <Badge color={kindColor[d.kind]} variant="light">
                            {t(`reconciliation.kinds.${d.kind}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{d.betId}</Table.Td>
                        <Table.Td>{d.betType}</Table.Td>
                        <Table.Td ta="right">{d.line ?? '—'}</Table.Td>
                        <Table.Td ta="right" fw={d.fields.includes('amount') ? 700 : undefined}>
                          {d.uploadAmount === null ? '—' : <MoneyText value={d.uploadAmount} />}
                        </Table.Td>
                        <Table.Td ta="right">
                          {d.ledgerAmount === null ? '—' : <MoneyText value={d.ledgerAmount} />}
                        </Table.Td>
                        <Table.Td fw={d.fields.includes('startDate') ? 700 : undefined}>
                          {formatDateTime(d.uploadStartDate)}
                        </Table.Td>
                        <Table.Td>{formatDateTime(d.ledgerStartDate)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {result.truncated && (
              <Text size="sm" c="dimmed" data-testid="reconcile-truncated">
                {t('reconciliation.truncated', { shown: formatNumber(result.differences.length) })}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
