import {
  type ComboboxItem,
  type ComboboxLikeRenderOptionInput,
  Group,
  Loader,
  Select,
  Text,
} from '@mantine/core';
import { type Adapter, api } from '@sapi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllRecords, queryKeyOf } from '../lib/query-keys';
import { reachableClearButton } from './clear-button';

/** A game provider as the picker shows it: its code (the brand of the bets), name and state. */
export interface BrandOption {
  codename: string;
  name: string;
  disabled: boolean;
}

/**
 * Every game provider, page after page of the adapter list (most platforms have tens; none has more
 * than the list serves), by code. A disabled provider stays: its bets are still in the reports.
 */
export const allBrandsQuery = queryOptions({
  // Under the adapter resource: adding, editing or disabling a provider refreshes the picker.
  queryKey: queryKeyOf(api.adapterList, {}, 'brand-options'),
  queryFn: async ({ signal }): Promise<BrandOption[]> => {
    const adapters: Adapter[] = await fetchAllRecords(api.adapterList, {}, signal);
    const byCode = new Map<string, BrandOption>();
    for (const adapter of adapters) {
      byCode.set(adapter.codename, {
        codename: adapter.codename,
        name: adapter.name,
        disabled: adapter.isDisable,
      });
    }
    return [...byCode.values()].sort((a, b) => a.codename.localeCompare(b.codename));
  },
  staleTime: 5 * 60_000,
});

export interface BrandPickerProps {
  label: string;
  /** The chosen provider's code, or '' for none (every brand, or "choose one" where one is needed). */
  value: string;
  onChange: (codename: string) => void;
  placeholder?: string;
  /** A brand must be chosen (no clear button). */
  required?: boolean;
  /** Why the value was refused, under the field. */
  error?: string | undefined;
  w?: number | string;
  'data-testid'?: string;
}

/**
 * Choose a game brand from every registered provider: type part of its code or name, in any case.
 * A brand in the URL that no provider has (any longer) stays shown and chosen, marked as such.
 */
export function BrandPicker({
  label,
  value,
  onChange,
  placeholder,
  required = false,
  error,
  w,
  'data-testid': testId,
}: BrandPickerProps) {
  const { t } = useTranslation();
  const brands = useQuery(allBrandsQuery);

  const { data, byCode } = useMemo(() => {
    const list = brands.data ?? [];
    const map = new Map(list.map((brand) => [brand.codename, brand]));
    const items: ComboboxItem[] = list.map((brand) => ({ value: brand.codename, label: brand.codename }));
    if (value !== '' && !map.has(value)) items.unshift({ value, label: value });
    return { data: items, byCode: map };
  }, [brands.data, value]);

  const renderOption = ({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) => {
    const brand = byCode.get(option.value);
    return (
      <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
        <Text size="sm" fw={600}>
          {option.label}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {brand
            ? `${brand.name}${brand.disabled ? ` · ${t('pickers.brand.disabled')}` : ''}`
            : t('pickers.brand.unknown')}
        </Text>
      </Group>
    );
  };

  let nothingFound: string = t('pickers.brand.nothingFound');
  if (brands.isPending) nothingFound = t('pickers.brand.loading');
  else if (brands.isError) nothingFound = t('pickers.brand.failed');

  return (
    <Select
      label={label}
      placeholder={placeholder ?? (required ? t('pickers.brand.choose') : t('pickers.brand.all'))}
      data={data}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      searchable
      // Erasing the text clears the choice (the clear button is for the mouse only).
      onSearchChange={(search) => {
        if (search === '' && value !== '') onChange('');
      }}
      // Part of the code or of the provider's name, in any case.
      filter={({ options, search }) => {
        const needle = search.trim().toLowerCase();
        if (needle === '') return options;
        return (options as ComboboxItem[]).filter((option) => {
          const name = byCode.get(option.value)?.name ?? '';
          return option.value.toLowerCase().includes(needle) || name.toLowerCase().includes(needle);
        });
      }}
      renderOption={renderOption}
      nothingFoundMessage={nothingFound}
      rightSection={brands.isFetching ? <Loader size={14} aria-hidden /> : undefined}
      clearable={!required}
      clearButtonProps={reachableClearButton(t('pickers.brand.clear', { label }))}
      allowDeselect={false}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true, width: 320, position: 'bottom-start' }}
      w={w}
      data-testid={testId}
    />
  );
}
