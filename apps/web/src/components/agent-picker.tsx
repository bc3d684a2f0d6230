import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AgentPick, api } from '@sapi/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors';
import { routeQuery } from '../lib/query-keys';
import { reachableClearButton } from './clear-button';

/** How many agents one search shows. */
const PICK_LIMIT = 20;
const DEBOUNCE_MS = 250;
/** The value of the list's "type to find more" note: no agent id looks like it. */
const MORE = 'more';

/** The label of an agent everywhere a picker shows one: `username (prefix)`. */
export const agentLabel = (agent: Pick<AgentPick, 'username' | 'prefix'>): string =>
  `${agent.username} (${agent.prefix})`;

/** Agents whose username or prefix contains `q` (the server's `agent/pick`). */
export const agentSearchQuery = (q: string) =>
  queryOptions({
    ...routeQuery(api.agentPick, { body: { q, limit: PICK_LIMIT } }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/**
 * One agent by id, reduced to what a picker shows (for a value that came without its label, e.g. a
 * URL). The same cache entry as every other look-up of that agent, so a change to it shows here too.
 */
export const agentByIdQuery = (id: string) =>
  queryOptions({
    ...routeQuery(api.agentGet, { params: { id } }),
    select: (agent): AgentPick => ({ _id: agent._id, username: agent.username, prefix: agent.prefix }),
    staleTime: 5 * 60_000,
  });

export interface AgentPickerProps {
  label: string;
  /** The chosen agent id, or '' for none. */
  value: string;
  /** The new id ('' when cleared) and the agent behind it. */
  onChange: (id: string, agent: AgentPick | null) => void;
  /**
   * The agent behind `value` when the caller already has it (a list row's agentUsername/agentPrefix);
   * otherwise the picker looks the id up itself.
   */
  known?: AgentPick | null;
  description?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  clearable?: boolean;
  required?: boolean;
  disabled?: boolean;
  w?: number | string;
  /** Focus this field when its dialog opens. */
  autoFocus?: boolean;
  'data-testid'?: string;
}

/**
 * Choose an agent by typing part of its username or prefix: the real agent list is searched on the
 * server as you type (debounced), never a fixed sample list. Shows `username (prefix)`.
 */
export function AgentPicker({
  label,
  value,
  onChange,
  known,
  description,
  error,
  placeholder,
  clearable = false,
  required = false,
  disabled = false,
  w,
  autoFocus = false,
  'data-testid': testId,
}: AgentPickerProps) {
  const { t } = useTranslation();
  // The agent picked in this session of the field, so its label survives a new search.
  const [picked, setPicked] = useState<AgentPick | null>(null);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);

  const knownAgent =
    (known && known._id === value ? known : null) ?? (picked && picked._id === value ? picked : null);
  const lookup = useQuery({ ...agentByIdQuery(value), enabled: value !== '' && knownAgent === null });
  const selected: AgentPick | null = value === '' ? null : (knownAgent ?? lookup.data ?? null);
  const selectedLabel = selected ? agentLabel(selected) : '';

  // The field shows the chosen agent's label; only text typed beyond it is a search.
  const typed = search === selectedLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, DEBOUNCE_MS);
  const results = useQuery({ ...agentSearchQuery(debounced), enabled: opened && !disabled });

  const options = useMemo(() => {
    const byId = new Map<string, AgentPick>();
    if (selected) byId.set(selected._id, selected);
    for (const agent of results.data ?? []) byId.set(agent._id, agent);
    return [...byId.values()];
  }, [selected, results.data]);
  const data: ComboboxItem[] = options.map((agent) => ({ value: agent._id, label: agentLabel(agent) }));
  // An id no agent answers to (a stale or edited link) shows as that id and says why on the field:
  // never as no choice at all, which reads "all agents" where the report is of that one.
  const unresolved = value !== '' && selected === null && lookup.isError;
  if (unresolved) data.unshift({ value, label: t('user.agentPicker.byId', { id: value }) });
  // A full page of matches: there may be more, found by typing (a note in the list, never chosen).
  if ((results.data?.length ?? 0) >= PICK_LIMIT) {
    data.push({ value: MORE, label: t('user.agentPicker.more', { count: PICK_LIMIT }), disabled: true });
  }

  const searching = opened && (results.isFetching || typed !== debounced);
  let nothingFound: string = t('user.agentPicker.nothingFound');
  if (searching) nothingFound = t('user.agentPicker.searching');
  else if (results.isError) nothingFound = t('user.agentPicker.failed');

  return (
    <Select
      label={label}
      description={description}
      error={error ?? (unresolved ? errorMessage(lookup.error) : undefined)}
      placeholder={placeholder ?? t('user.agentPicker.placeholder')}
      data={data}
      value={value === '' ? null : value}
      onChange={(id) => {
        const agent = options.find((a) => a._id === id) ?? null;
        setPicked(agent);
        onChange(id ?? '', agent);
      }}
      searchable
      // Focus alone (e.g. a dialog opening on this field) does not cover the form with a list.
      openOnFocus={false}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by what was typed.
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={nothingFound}
      rightSection={searching || lookup.isFetching ? <Loader size={14} aria-hidden /> : undefined}
      clearable={clearable}
      clearButtonProps={reachableClearButton(t('user.agentPicker.clear', { label }))}
      required={required}
      disabled={disabled}
      allowDeselect={false}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      w={w}
      // Never narrower than the chosen agent's whole label: its prefix is not cut off at the edge.
      miw={selectedLabel ? `calc(${selectedLabel.length}ch + 3.5rem)` : undefined}
      data-autofocus={autoFocus || undefined}
      data-testid={testId}
    />
  );
}
