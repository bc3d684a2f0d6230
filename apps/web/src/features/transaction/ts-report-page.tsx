import { Paper, Stack } from '@mantine/core';
import { api, type Transaction } from '@sapi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agentByIdQuery, agentLabel } from '../../components/agent-picker';
import { EmptyState } from '../../components/empty-state';
import { AgentFilter, BrandFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { useTopOnPageChange } from '../../lib/use-keyset-paging';
import { useListScreen } from '../../lib/use-list-screen';
import { useRecordDialog } from '../../lib/use-record-dialog';
import { isNotFound, reportTransactionList } from './api';
import { DrillTotals } from './drill-totals';
import { TransactionDetailDialog } from './transaction-detail-dialog';
import { TransactionPeriodFilter, TransactionTable } from './transaction-table';

/** Transaction From Report (/summary/tsreport): an agent's bets by game brand and period, read-only detail. */
export function TsReportPage() {
  const { t } = useTranslation();
  const list = useListScreen(reportTransactionList);
  const agentId = list.params?.agentId ?? '';
  const tableTop = useTopOnPageChange(list.page, list.keyset?.limit ?? 0);

  const detail = useRecordDialog<Transaction>();

  // The same lookup the picker makes (shared cache): names the agent in the file name and the dialog.
  const agent = useQuery({ ...agentByIdQuery(agentId), enabled: agentId !== '' });
  const shownAgent = agent.data ?? null;
  // An agent id no agent has (an old or edited link): one message in place of the list.
  const missing = agentId !== '' && (isNotFound(agent.error) || isNotFound(list.query.error));

  let content = (
    <Paper withBorder radius="md">
      <EmptyState
        title={t('transaction.report.pickAgent')}
        description={t('transaction.report.pickAgentDescription')}
      />
    </Paper>
  );
  if (missing) {
    content = (
      <Paper withBorder radius="md" data-testid="agent-missing">
        <EmptyState
          title={t('transaction.agentMissing')}
          description={t('transaction.report.agentMissingDescription', { id: agentId })}
        />
      </Paper>
    );
  } else if (agentId) {
    content = (
      <Stack gap="sm" ref={tableTop}>
        <DrillTotals agentId={agentId} filters={list.applied} />
        <TransactionTable list={list} onOpen={detail.open} withViewAction />
      </Stack>
    );
  }

  return (
    <>
      <ListScreen
        list={list}
        title={t('screens.summary.tsreport')}
        description={t('transaction.report.description')}
        exportCsv={
          agentId && !missing
            ? {
                route: api.transactionExport,
                params: { agentId },
                filename: `transactions-${shownAgent?.username ?? agentId}.csv`,
              }
            : null
        }
        filters={
          <>
            <AgentFilter
              list={list}
              name="agent"
              label={t('transaction.filters.agent')}
              placeholder={t('transaction.agentPicker.placeholder')}
              required
              w={240}
              data-testid="agent-picker"
            />
            <BrandFilter list={list} name="gameBrand" label={t('transaction.fields.gameBrand')} />
            <TransactionPeriodFilter list={list} />
          </>
        }
        content={content}
      />

      <TransactionDetailDialog
        opened={detail.opened}
        onClose={detail.close}
        source="summary"
        agentId={agentId}
        row={detail.record}
        {...(shownAgent ? { agentLabel: agentLabel(shownAgent) } : {})}
      />
    </>
  );
}
