import { Button, Group, Paper } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FilterBarProps {
  children: ReactNode;
  onSearch: () => void;
  onReset?: () => void;
  searching?: boolean;
}

/** The filter fields of a list with Search (and Reset) buttons; Enter searches. */
export function FilterBar({ children, onSearch, onReset, searching = false }: FilterBarProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <search aria-label={t('filters.label')}>
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="md" wrap="wrap">
            {children}
            <Group gap="xs">
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={searching}>
                {t('common.search')}
              </Button>
              {onReset ? (
                <Button
                  variant="default"
                  onClick={onReset}
                  leftSection={<IconRefresh size={16} aria-hidden />}
                >
                  {t('common.reset')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </form>
      </search>
    </Paper>
  );
}
