import { Button, type ComboboxItem, Input, Menu, Select, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { businessDaysFilter } from '../lib/business-time';
import { QUICK_RANGES, quickRangeDays } from '../lib/date-text';
import { asciiDigits } from '../lib/digits';
import type { DraftFilters } from '../lib/use-list-screen';
import { AgentPicker } from './agent-picker';
import { BrandPicker } from './brand-picker';
import { reachableClearButton } from './clear-button';
import { DateTimeFilterInput } from './date-time-filter-input';

/** A filter field of a list: which draft filter it edits, and its label. */
interface FilterFieldProps<K extends string> {
  list: DraftFilters<K>;
  name: K;
  label: string;
  w?: number;
  'data-testid'?: string;
}

/** A text filter (the server matches it case-insensitively, anywhere in the value). */
export function TextFilter<K extends string>({
  list,
  name,
  label,
  w = 200,
  inputMode,
  'data-testid': testId,
}: FilterFieldProps<K> & { inputMode?: 'numeric' }) {
  return (
    <TextInput
      label={label}
      value={list.draft[name]}
      onChange={(event) => {
        // A number typed in Thai digits is the same number (๔๒๔ is 424).
        const typed = event.currentTarget.value;
        list.setDraft(name, inputMode === 'numeric' ? asciiDigits(typed) : typed);
      }}
      error={list.errors[name]}
      w={w}
      inputMode={inputMode}
      data-testid={testId}
    />
  );
}

/** One game provider of every registered one, by its codename; empty means every brand. */
export function BrandFilter<K extends string>({
  list,
  name,
  label,
  w = 180,
  'data-testid': testId = 'filter-brand',
}: FilterFieldProps<K>) {
  return (
    <BrandPicker
      label={label}
      value={list.draft[name]}
      onChange={(value) => list.setDraft(name, value)}
      error={list.errors[name]}
      w={w}
      data-testid={testId}
    />
  );
}

/**
 * A choice among fixed values. The first option is usually "all" (''); or, with `anyLabel`, the
 * field may be left empty (showing that label) and cleared by its clear button.
 */
export function SelectFilter<K extends string>({
  list,
  name,
  label,
  data,
  anyLabel,
  w = 180,
}: FilterFieldProps<K> & { data: ComboboxItem[]; anyLabel?: string }) {
  const { t } = useTranslation();
  const value = list.draft[name];
  return (
    <Select
      label={label}
      data={data}
      value={anyLabel !== undefined && !data.some((item) => item.value === value) ? null : value}
      onChange={(next) => list.setDraft(name, next ?? '')}
      error={list.errors[name]}
      allowDeselect={false}
      {...(anyLabel !== undefined
        ? {
            placeholder: anyLabel,
            clearable: true,
            clearButtonProps: reachableClearButton(t('filters.clearField', { label })),
          }
        : {})}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** One agent, chosen by typing part of its username or prefix; empty means every agent. */
export function AgentFilter<K extends string>({
  list,
  name,
  label,
  w = 300,
  placeholder,
  required = false,
  'data-testid': testId,
}: FilterFieldProps<K> & { placeholder?: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <AgentPicker
      label={label}
      value={list.draft[name]}
      onChange={(id) => list.setDraft(name, id)}
      error={list.errors[name]}
      placeholder={placeholder ?? t('common.all')}
      clearable={!required}
      w={w}
      data-testid={testId}
    />
  );
}

/**
 * From and to date-time fields, typed (`dd/MM/yyyy HH:mm` in Thai, `MM/dd/yyyy hh:mm aa` in English) or
 * picked, holding the report zone's wall time; a day alone from a link reads as its first or last
 * minute. Quick ranges (today … last month) fill both at once.
 */
export function DateRangeFilter<K extends string>({
  list,
  from,
  to,
  labels,
}: {
  list: DraftFilters<K>;
  from: K;
  to: K;
  /** The two fields' labels, when not the usual start and end date. */
  labels?: [string, string];
}) {
  const { t } = useTranslation();
  return (
    <>
      <DateTimeFilterInput
        label={labels?.[0] ?? t('filters.startDate')}
        value={list.draft[from]}
        onChange={(value) => list.setDraft(from, value)}
        error={list.errors[from]}
        edge="start"
      />
      <DateTimeFilterInput
        label={labels?.[1] ?? t('filters.endDate')}
        value={list.draft[to]}
        onChange={(value) => list.setDraft(to, value)}
        error={list.errors[to]}
        edge="end"
      />
      <QuickRangeMenu
        onPick={(start, end) => list.patchDraft({ [from]: start, [to]: end } as Partial<Record<K, string>>)}
      />
    </>
  );
}

/** Today, yesterday, this week, this month, last month: whole business days into a from–to pair. */
export function QuickRangeMenu({ onPick }: { onPick: (from: string, to: string) => void }) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('pickers.dateTime.quick.label')} labelElement="div">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
            {t('pickers.dateTime.quick.choose')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {QUICK_RANGES.map((range) => (
            <Menu.Item
              key={range}
              onClick={() => {
                const [first, last] = quickRangeDays(range);
                const days = businessDaysFilter(first, last);
                onPick(days.startDate, days.endDate);
              }}
            >
              {t(`pickers.dateTime.quick.${range}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Input.Wrapper>
  );
}
