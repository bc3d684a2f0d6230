import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import noDataUrl from '../assets/no-data.svg';

export interface EmptyStateProps {
  /** Defaults to "no data". */
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons under the text. */
  children?: ReactNode;
  size?: 'sm' | 'md';
}

/** The no-data picture with a title: empty lists, failed lists and screens still without data. */
export function EmptyState({ title, description, children, size = 'md' }: EmptyStateProps) {
  const { t } = useTranslation();
  const width = size === 'sm' ? 120 : 180;
  return (
    <MantineEmptyState
      py={size === 'sm' ? 'lg' : 'xl'}
      title={title ?? t('empty.title')}
      description={description ?? t('empty.description')}
      icon={<img src={noDataUrl} alt="" width={width} height={(width * 3) / 4} />}
      styles={{ indicator: { width: 'auto', height: 'auto', background: 'none' } }}
      data-testid="empty-state"
    >
      {children}
    </MantineEmptyState>
  );
}
