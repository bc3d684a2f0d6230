import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { api, betTypes, type Transaction } from '@sapi/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { agentLabel } from '../../components/agent-picker';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { BrandFilter, SelectFilter, TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { useTopOnPageChange } from '../../lib/use-keyset-paging';
import { type DraftFilters, useListScreen } from '../../lib/use-list-screen';
import { useRecordDialog } from '../../lib/use-record-dialog';
import { agentQuery, isNotFound, transactionList } from './api';
import { DrillTotals } from './drill-totals';
import { TransactionDetailDialog } from './transaction-detail-dialog';
import { TransactionPeriodFilter, TransactionTable } from './transaction-table';

/** Filters the reports have not: with one set, no report says the list's sums. */
const narrowingKeys = ['user', 'username', 'betId', 'betType', 'gameCode'] as const;

type FilterKey = (typeof transactionList.filters)[number];

/** The transaction filters (docs/spec.md §5); rendered again only when the draft or the language changes. */
function TransactionFilters({ list }: { list: DraftFilters<FilterKey> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextFilter list={list} name="user" label={t('transaction.fields.user')} inputMode="numeric" w={130} />
      <TextFilter list={list} name="username" label={t('transaction.fields.username')} w={160} />
      <TextFilter list={list} name="betId" label={t('transaction.fields.betId')} w={170} />
      <SelectFilter
        list={list}
        name="betType"
        label={t('transaction.fields.betType')}
        data={[
          { value: '', label: t('transaction.filters.anyBetType') },
          ...betTypes.map((type) => ({ value: type, label: t(`transaction.betTypes.${type}`) })),
        ]}
        w={200}
      />
      <BrandFilter list={list} name="gameBrand" label={t('transaction.fields.gameBrand')} />
      <TextFilter list={list} name="gameCode" label={t('transaction.fields.gameCode')} w={140} />
      <TransactionPeriodFilter list={list} />
    </>
  );
}

/** One agent's transactions (/transaction/:id): filters, keyset-paged table, detail with the bet's history. */
export function TransactionPage() {
  const { t } = useTranslation();
  // The route's loader has checked that :id is a record id.
  const agentId = useParams().id ?? '';
  const list = useListScreen({ ...transactionList, params: { agentId } });
  const agent = useQuery(agentQuery(agentId));
  const tableTop = useTopOnPageChange(list.page, list.keyset?.limit ?? 0);
  // The same fields while the draft stays: a page change renders only the rows (docs/design.md §11).
  const { draft, setDraft, patchDraft, errors } = list;
  const fields = useMemo(
    () => <TransactionFilters list={{ draft, setDraft, patchDraft, errors }} />,
    [draft, setDraft, patchDraft, errors],
  );

  const detail = useRecordDialog<Transaction>();

  // An id no agent has: one message, and nothing that cannot work without the agent.
  if (isNotFound(agent.error) || isNotFound(list.query.error)) {
    return (
      <>
        <PageHeader title={t('transaction.title')} description={t('transaction.description')} />
        <Paper withBorder radius="md" data-testid="agent-missing">
          <EmptyState
            title={t('transaction.agentMissing')}
            description={t('transaction.agentMissingDescription', { id: agentId })}
          />
          <Group justify="center" pb="xl">
            <Button
              component={Link}
              to="/agent/list"
              variant="light"
              leftSection={<IconArrowLeft size={16} />}
            >
              {t('transaction.backToAgents')}
            </Button>
          </Group>
        </Paper>
      </>
    );
  }

  const title = agent.data
    ? t('transaction.titleOf', { username: agent.data.username })
    : t('transaction.title');

  return (
    <>
      <ListScreen
        list={list}
        title={title}
        description={
          agent.data ? (
            <Group gap="xs" component="span" wrap="wrap">
              <Text span size="sm" c="dimmed">
                {t('transaction.agentInfo.prefix')}: <b>{agent.data.prefix}</b> ·{' '}
                {t('transaction.agentInfo.code')}: <b>{agent.data.code}</b> ·{' '}
                {t('transaction.agentInfo.type')}: <b>{agent.data.agentType}</b>
              </Text>
              <Badge
                component="span"
                size="sm"
                radius="sm"
                variant="light"
                color={agent.data.locked ? 'red' : 'green'}
              >
                {agent.data.locked ? t('transaction.agentInfo.locked') : t('transaction.agentInfo.active')}
              </Badge>
            </Group>
          ) : (
            t('transaction.description')
          )
        }
        exportCsv={{
          route: api.transactionExport,
          params: { agentId },
          filename: `transactions-${agent.data?.username ?? agentId}.csv`,
        }}
        above={
          // The agent's details failed but its list did not (a failed list says so itself).
          agent.isError && !list.query.isError ? (
            <ErrorBanner title={t('transaction.agentFailed')}>{errorMessage(agent.error)}</ErrorBanner>
          ) : null
        }
        filters={fields}
        content={
          <Stack gap="sm" ref={tableTop}>
            <DrillTotals
              agentId={agentId}
              filters={list.applied}
              narrowed={narrowingKeys.some((key) => list.applied[key] !== '')}
            />
            <TransactionTable list={list} onOpen={detail.open} />
          </Stack>
        }
      />

      <TransactionDetailDialog
        opened={detail.opened}
        onClose={detail.close}
        source="transaction"
        agentId={agentId}
        row={detail.record}
        {...(agent.data ? { agentLabel: agentLabel(agent.data) } : {})}
      />
    </>
  );
}
