import { type ComboboxItem, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftFilters } from '../lib/use-list-screen';
import { AgentPicker } from './agent-picker';
import { DateTimeFilterInput } from './date-time-filter-input';

/** A filter field of a list: which draft filter it edits, and its label. */
interface FilterFieldProps<K extends string> {
  list: DraftFilters<K>;
  name: K;
  label: string;
  w?: number;
}

/** A text filter (the server matches it case-insensitively, anywhere in the value). */
export function TextFilter<K extends string>({ list, name, label, w = 200 }: FilterFieldProps<K>) {
  return (
    <TextInput
      label={label}
      value={list.draft[name]}
      onChange={(event) => list.setDraft(name, event.currentTarget.value)}
      w={w}
    />
  );
}

/** A choice among fixed values; the first option is usually "all" (''). */
export function SelectFilter<K extends string>({
  list,
  name,
  label,
  data,
  w = 180,
}: FilterFieldProps<K> & { data: ComboboxItem[] }) {
  return (
    <Select
      label={label}
      data={data}
      value={list.draft[name]}
      onChange={(value) => list.setDraft(name, value ?? '')}
      allowDeselect={false}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** One agent, chosen by typing part of its username or prefix; empty means every agent. */
export function AgentFilter<K extends string>({ list, name, label, w = 300 }: FilterFieldProps<K>) {
  const { t } = useTranslation();
  return (
    <AgentPicker
      label={label}
      value={list.draft[name]}
      onChange={(id) => list.setDraft(name, id)}
      placeholder={t('common.all')}
      clearable
      w={w}
    />
  );
}

/**
 * From and to date-time pickers (`MM/dd/yyyy hh:mm aa`, spec §9), holding local wall time; a day
 * alone from a link reads as its first or last minute.
 */
export function DateRangeFilter<K extends string>({
  list,
  from,
  to,
}: {
  list: DraftFilters<K>;
  from: K;
  to: K;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DateTimeFilterInput
        label={t('filters.startDate')}
        value={list.draft[from]}
        onChange={(value) => list.setDraft(from, value)}
        edge="start"
      />
      <DateTimeFilterInput
        label={t('filters.endDate')}
        value={list.draft[to]}
        onChange={(value) => list.setDraft(to, value)}
        edge="end"
      />
    </>
  );
}
