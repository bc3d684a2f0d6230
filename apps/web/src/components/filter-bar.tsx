import { Button, Group, Input, Paper } from '@mantine/core';
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
          {/* Aligned by their tops, so a field's reason under it (a refused filter) moves no input. */}
          <Group align="flex-start" gap="md" wrap="wrap">
            {children}
            {/* An empty label of the fields' own kind puts the buttons level with their inputs. */}
            <Input.Wrapper label={'\u00a0'} labelElement="div" labelProps={{ 'aria-hidden': true }}>
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
            </Input.Wrapper>
          </Group>
        </form>
      </search>
    </Paper>
  );
}
