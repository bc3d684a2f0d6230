import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { TKey } from '../lib/i18n';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** Route handle of a placeholder screen: the key of its title. */
export interface PlaceholderHandle {
  titleKey: TKey;
}

/**
 * A screen whose data arrives in a later issue: its title and an honest "no data" state,
 * never sample values.
 */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const match = useMatches().at(-1);
  const titleKey = (match?.handle as PlaceholderHandle | undefined)?.titleKey ?? 'placeholder.title';
  // Route params (e.g. the agent id of /transaction/:id) fill the title.
  const title = String(t(titleKey, match?.params ?? {}));
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md" p="xl">
        <EmptyState title={t('placeholder.title')} description={t('placeholder.description')} />
      </Paper>
    </>
  );
}
