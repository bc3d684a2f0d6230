import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import type { KeysetPager } from '../../lib/use-list-screen';
import { PAGE_SIZES } from './api';

/** The keyset pager's state and moves, as the list mechanism gives them. */
type CursorPagerProps = KeysetPager;

/**
 * The transaction pager (docs/spec.md §5): page size 10/50/100; First and Previous only after page 1, Next
 * only when this page is full. No total: the list is keyset-paged and never counts.
 */
export function CursorPager({
  page,
  limit,
  count,
  onLimitChange,
  onFirst,
  onPrevious,
  onNext,
  disabled = false,
}: CursorPagerProps) {
  const { t } = useTranslation();
  const from = count === 0 ? 0 : (page - 1) * limit + 1;
  const to = (page - 1) * limit + count;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="cursor-pager">
      <Group gap="md" wrap="wrap">
        <NativeSelect
          label={t('transaction.pager.pageSize')}
          data={PAGE_SIZES.map((size) => String(size))}
          value={String(limit)}
          onChange={(event) => onLimitChange(Number(event.currentTarget.value))}
          size="xs"
          w={120}
          disabled={disabled}
        />
        <Text size="sm" c="dimmed" data-testid="pager-summary" aria-live="polite">
          {t('transaction.pager.page', { page: formatNumber(page) })}
          {count > 0
            ? ` · ${t('transaction.pager.rows', { from: formatNumber(from), to: formatNumber(to) })}`
            : ''}
        </Text>
      </Group>
      <nav aria-label={t('transaction.pager.label')}>
        <Group gap="xs">
          {page > 1 ? (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronsLeft size={16} aria-hidden />}
              onClick={onFirst}
              disabled={disabled}
            >
              {t('transaction.pager.first')}
            </Button>
          ) : null}
          {page > 1 ? (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              onClick={onPrevious}
              disabled={disabled}
            >
              {t('transaction.pager.previous')}
            </Button>
          ) : null}
          {count === limit ? (
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              onClick={onNext}
              disabled={disabled}
            >
              {t('transaction.pager.next')}
            </Button>
          ) : null}
        </Group>
      </nav>
    </Group>
  );
}
