import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from './error-banner';

export interface ListErrorBannerProps {
  /** The message in the user's language; nothing shows without one. */
  error: string | null | undefined;
  /** The server refused a filter: the banner says to correct it (its field shows why, where it can). */
  refused?: boolean | undefined;
  /** "Try again", where a second try can help. */
  onRetry?: (() => void) | undefined;
}

/** The red banner of a list or report that could not be loaded, above its table. */
export function ListErrorBanner({ error, refused = false, onRetry }: ListErrorBannerProps) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <ErrorBanner title={refused ? t('errors.filtersRefused') : t('errors.listFailed')}>
      <Group justify="space-between" gap="sm">
        <span>{error}</span>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Group>
    </ErrorBanner>
  );
}
