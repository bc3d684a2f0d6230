import { Group, Pagination, Text } from '@mantine/core';
import { lastServedPage } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';

export interface PagerProps {
  page: number;
  limit: number;
  total: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/** "Showing x–y of n" and page buttons, never one the server would refuse (then a hint to narrow). */
export function Pager({ page, limit, total, onChange, disabled = false }: PagerProps) {
  const { t } = useTranslation();
  const allPages = Math.max(1, Math.ceil(total / limit));
  const pages = Math.min(allPages, lastServedPage(limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" data-testid="pager-summary">
        {t('table.summary', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
        {pages < allPages && ` · ${t('table.capped', { pages: formatNumber(pages) })}`}
      </Text>
      <nav aria-label={t('table.pagination')}>
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          disabled={disabled}
          size="sm"
          withEdges
          getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('table.page', { page: item }) })}
        />
      </nav>
    </Group>
  );
}
