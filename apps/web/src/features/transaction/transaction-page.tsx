import { Badge, Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { api, betTypes, type Transaction } from '@sapi/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BrandPicker } from '../../components/brand-picker';
import { DateTimeFilterInput } from '../../components/date-time-filter-input';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { ExportButton } from '../../components/export-button';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import {
  agentQuery,
  isNotFound,
  listBody,
  type TransactionFilters,
  transactionFilterKeys,
  transactionListQuery,
} from './api';
import { TransactionDetailDialog } from './transaction-detail-dialog';
import { TransactionTable } from './transaction-table';
import { useCursorPaging, useNextPageAhead, useTopOnPageChange } from './use-cursor-paging';

const emptyFilters: TransactionFilters = {
  user: '',
  username: '',
  betId: '',
  betType: '',
  gameBrand: '',
  gameCode: '',
  startDate: '',
  endDate: '',
};

/** One agent's transactions (/transaction/:id): filters, keyset-paged table, detail with the bet's history. */
export function TransactionPage() {
  const { t } = useTranslation();
  // The route's loader has checked that :id is a record id.
  const agentId = useParams().id ?? '';
  const paging = useCursorPaging(transactionFilterKeys);
  const { filters, page, limit, cursor } = paging;
  const [draft, setDraft] = useState<TransactionFilters>(filters);
  useEffect(() => setDraft(filters), [filters]);

  const agent = useQuery(agentQuery(agentId));
  const body = listBody(filters);
  const list = useQuery(transactionListQuery('transaction', agentId, body, { page, limit, cursor }));
  useNextPageAhead('transaction', agentId, body, { page, limit, cursor }, list.data);
  const tableTop = useTopOnPageChange(page, limit);

  // The row outlives the dialog's closing transition, so its text does not blank out.
  const [row, setRow] = useState<Transaction | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: Transaction) => {
    setRow(next);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);

  const set = useCallback(
    (key: keyof TransactionFilters) => (value: string) => setDraft((prev) => ({ ...prev, [key]: value })),
    [],
  );
  const search = () => {
    if (!paging.apply(draft)) void list.refetch();
  };

  // The fields render again only when the draft or the language changes, not on every page change.
  const fields = useMemo(
    () => (
      <>
        <TextInput
          label={t('transaction.fields.user')}
          value={draft.user}
          onChange={(e) => set('user')(e.currentTarget.value)}
          inputMode="numeric"
          w={130}
        />
        <TextInput
          label={t('transaction.fields.username')}
          value={draft.username}
          onChange={(e) => set('username')(e.currentTarget.value)}
          w={160}
        />
        <TextInput
          label={t('transaction.fields.betId')}
          value={draft.betId}
          onChange={(e) => set('betId')(e.currentTarget.value)}
          w={170}
        />
        <Select
          label={t('transaction.fields.betType')}
          data={[
            { value: '', label: t('transaction.filters.anyBetType') },
            ...betTypes.map((type) => ({ value: type, label: t(`transaction.betTypes.${type}`) })),
          ]}
          value={draft.betType}
          onChange={(value) => set('betType')(value ?? '')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={200}
        />
        <BrandPicker
          label={t('transaction.fields.gameBrand')}
          value={draft.gameBrand}
          onChange={set('gameBrand')}
          w={180}
          data-testid="filter-brand"
        />
        <TextInput
          label={t('transaction.fields.gameCode')}
          value={draft.gameCode}
          onChange={(e) => set('gameCode')(e.currentTarget.value)}
          w={140}
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
      </>
    ),
    [draft, set, t],
  );

  // An id no agent has: one message, and nothing that cannot work without the agent.
  if (isNotFound(agent.error) || isNotFound(list.error)) {
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
      <PageHeader
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
        actions={
          <ExportButton
            route={api.transactionExport}
            params={{ agentId }}
            body={body}
            filename={`transactions-${agent.data?.username ?? agentId}.csv`}
          />
        }
      />
      {/* The agent's details failed but its list did not (a failed list says so itself). */}
      {agent.isError && !list.isError ? (
        <ErrorBanner title={t('transaction.agentFailed')}>{errorMessage(agent.error)}</ErrorBanner>
      ) : null}

      <FilterBar
        onSearch={search}
        onReset={() => paging.apply(emptyFilters)}
        searching={list.isFetching && !list.isPending}
      >
        {fields}
      </FilterBar>

      <div ref={tableTop}>
        <TransactionTable list={list} paging={paging} onOpen={open} />
      </div>

      <TransactionDetailDialog
        opened={opened}
        onClose={close}
        source="transaction"
        agentId={agentId}
        row={row}
        agentLabel={agent.data?.username}
      />
    </>
  );
}
