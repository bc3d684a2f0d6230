import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reachableClearButton } from '../../components/clear-button';
import { errorMessage } from '../../lib/errors';
import { enabledGamesQuery } from './api';

interface GamesSelectProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
  readOnly?: boolean;
}

/**
 * An agent's games: codes of the enabled game providers. Codes already held but since disabled stay
 * visible (marked), so the user sees why the server refuses them and can remove them.
 */
export function GamesSelect({ value, onChange, error, readOnly = false }: GamesSelectProps) {
  const { t } = useTranslation();
  const games = useQuery(enabledGamesQuery);
  const enabled = games.data ?? [];
  const stale = games.data ? value.filter((code) => !enabled.includes(code)) : [];
  const data = [
    ...enabled.map((code) => ({ value: code, label: code })),
    ...stale.map((code) => ({ value: code, label: t('agent.gameDisabled', { code }) })),
  ];
  const loadError = games.isError ? t('agent.gamesLoadFailed', { reason: errorMessage(games.error) }) : null;

  return (
    <MultiSelect
      label={t('agent.fields.games')}
      description={readOnly ? undefined : t('agent.hints.games')}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder={value.length === 0 ? t(readOnly ? 'agent.noGames' : 'agent.gamesPlaceholder') : undefined}
      variant={readOnly ? 'filled' : 'default'}
      data={games.data ? data : value.map((code) => ({ value: code, label: code }))}
      value={value}
      onChange={onChange}
      searchable
      clearable={!readOnly}
      clearButtonProps={reachableClearButton(t('agent.clearGames'))}
      readOnly={readOnly}
      hidePickedOptions
      nothingFoundMessage={t('agent.gamesEmpty')}
      error={error ?? loadError}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={240}
    />
  );
}
