import { Paper } from '@mantine/core';
import { api, type Transaction } from '@sapi/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentPicker, agentByIdQuery } from '../../components/agent-picker';
import { BrandPicker } from '../../components/brand-picker';
import { DateTimeFilterInput } from '../../components/date-time-filter-input';
import { EmptyState } from '../../components/empty-state';
import { ExportButton } from '../../components/export-button';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { isNotFound, listBody, type ReportFilters, reportFilterKeys, transactionListQuery } from './api';
import { TransactionDetailDialog } from './transaction-detail-dialog';
import { TransactionTable } from './transaction-table';
import { useCursorPaging, useNextPageAhead, useTopOnPageChange } from './use-cursor-paging';

const emptyFilters: ReportFilters = { agent: '', gameBrand: '', startDate: '', endDate: '' };
const isId = (value: string) => /^[1-9][0-9]{0,18}$/.test(value);

/** Transaction From Report (/summary/tsreport): an agent's bets by game brand and period, read-only detail. */
export function TsReportPage() {
  const { t } = useTranslation();
  const paging = useCursorPaging(reportFilterKeys);
  const { filters, page, limit, cursor } = paging;
  const [draft, setDraft] = useState<ReportFilters>(filters);
  useEffect(() => setDraft(filters), [filters]);

  const agentId = isId(filters.agent) ? filters.agent : '';
  const body = listBody({
    gameBrand: filters.gameBrand,
    startDate: filters.startDate,
    endDate: filters.endDate,
  });
  const list = useQuery({
    ...transactionListQuery('summary', agentId, body, { page, limit, cursor }),
    enabled: agentId !== '',
  });
  useNextPageAhead('summary', agentId, body, { page, limit, cursor }, list.data);
  const tableTop = useTopOnPageChange(page, limit);

  const [row, setRow] = useState<Transaction | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: Transaction) => {
    setRow(next);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);

  const set = (key: keyof ReportFilters) => (value: string) => setDraft({ ...draft, [key]: value });
  const search = () => {
    if (!paging.apply(draft) && agentId) void list.refetch();
  };
  // The same lookup the picker makes (shared cache): names the agent in the file name and the dialog.
  const agent = useQuery({ ...agentByIdQuery(agentId), enabled: agentId !== '' });
  const shownAgent = agent.data ?? null;
  // An agent id no agent has (an old or edited link): one message in place of the list.
  const missing = agentId !== '' && (isNotFound(agent.error) || isNotFound(list.error));

  return (
    <>
      <PageHeader
        title={t('screens.summary.tsreport')}
        description={t('transaction.report.description')}
        actions={
          agentId && !missing ? (
            <ExportButton
              route={api.transactionExport}
              params={{ agentId }}
              body={body}
              filename={`transactions-${shownAgent?.username ?? agentId}.csv`}
            />
          ) : null
        }
      />

      <FilterBar
        onSearch={search}
        onReset={() => paging.apply(emptyFilters)}
        searching={list.isFetching && !list.isPending}
      >
        <AgentPicker
          label={t('transaction.filters.agent')}
          value={draft.agent}
          onChange={(id) => set('agent')(id)}
          placeholder={t('transaction.agentPicker.placeholder')}
          w={240}
          data-testid="agent-picker"
        />
        <BrandPicker
          label={t('transaction.fields.gameBrand')}
          value={draft.gameBrand}
          onChange={set('gameBrand')}
          w={180}
          data-testid="filter-brand"
        />
        <DateTimeFilterInput
          label={t('transaction.filters.startDate')}
          value={draft.startDate}
          onChange={set('startDate')}
          edge="start"
        />
        <DateTimeFilterInput
          label={t('transaction.filters.endDate')}
          value={draft.endDate}
          onChange={set('endDate')}
          edge="end"
        />
      </FilterBar>

      {missing ? (
        <Paper withBorder radius="md" data-testid="agent-missing">
          <EmptyState
            title={t('transaction.agentMissing')}
            description={t('transaction.report.agentMissingDescription', { id: agentId })}
          />
        </Paper>
      ) : agentId ? (
        <div ref={tableTop}>
          <TransactionTable list={list} paging={paging} onOpen={open} withViewAction />
        </div>
      ) : (
        <Paper withBorder radius="md">
          <EmptyState
            title={t('transaction.report.pickAgent')}
            description={t('transaction.report.pickAgentDescription')}
          />
        </Paper>
      )}

      <TransactionDetailDialog
        opened={opened}
        onClose={close}
        source="summary"
        agentId={agentId}
        row={row}
        agentLabel={shownAgent?.username}
      />
    </>
  );
}
