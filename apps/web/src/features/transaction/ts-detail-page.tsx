import { Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { formatMoney, formatNumber } from '../../lib/format';
import { betHistoryQuery } from './api';
import { BetTimeline } from './bet-timeline';

/** /summary/tsdetail: one bet id looked up across every agent, its full history as a timeline. */
export function TsDetailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const betId = (params.get('betId') ?? '').trim().slice(0, 64);
  const [draft, setDraft] = useState(betId);
  useEffect(() => setDraft(betId), [betId]);

  const history = useQuery(betHistoryQuery(betId));
  const search = () => {
    const next = draft.trim();
    if (next === betId) {
      if (next) void history.refetch();
      return;
    }
    setParams(next ? { betId: next } : {});
  };

  const rows = history.data ?? [];
  const agents = new Set(rows.map((r) => r.agent)).size;
  const net = rows.reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100;

  let body: ReactNode;
  if (!betId) {
    body = (
      <EmptyState
        title={t('transaction.lookup.prompt')}
        description={t('transaction.lookup.promptDescription')}
      />
    );
  } else if (history.isPending) {
    body = (
      <Group p="xl" justify="center" gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('common.loading')}</Text>
      </Group>
    );
  } else if (history.isError) {
    body = <EmptyState size="sm" title={t('errors.listFailed')} description={t('errors.listFailedHint')} />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        title={t('transaction.lookup.notFound')}
        description={t('transaction.lookup.notFoundDescription', { betId })}
      />
    );
  } else {
    body = (
      <Stack gap="lg" p="lg">
        <Text fw={600} data-testid="lookup-summary">
          {t('transaction.lookup.summary', {
            betId,
            count: rows.length,
            agents: formatNumber(agents),
            net: formatMoney(net),
          })}
        </Text>
        <BetTimeline betId={betId} rows={rows} />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('screens.summary.tsdetail')} description={t('transaction.lookup.description')} />
      <FilterBar onSearch={search} searching={history.isFetching && !history.isPending}>
        <TextInput
          label={t('transaction.lookup.betId')}
          placeholder={t('transaction.lookup.betIdPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          maxLength={64}
          w={280}
        />
      </FilterBar>
      <Stack gap="sm">
        {history.isError ? (
          <ErrorBanner title={t('transaction.lookup.failed')}>{errorMessage(history.error)}</ErrorBanner>
        ) : null}
        <Paper withBorder radius="md">
          {body}
        </Paper>
      </Stack>
    </>
  );
}
