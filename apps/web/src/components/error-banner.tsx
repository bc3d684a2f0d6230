import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The red banner of forms and lists showing the server's message. */
export function ErrorBanner({ children, title }: { children: ReactNode; title?: ReactNode }) {
  const { t } = useTranslation();
  if (children === null || children === undefined || children === '') return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={title ?? t('common.error')}
      data-testid="error-banner"
    >
      {children}
    </Alert>
  );
}
