import {
  PasswordInput,
  type PasswordInputProps,
  Select,
  type SelectProps,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A value a dialog shows but does not let change (a username, the agent of a record). */
export function ReadOnlyField({
  label,
  value,
  description,
}: {
  label: string;
  value: string;
  description?: ReactNode;
}) {
  return <TextInput label={label} description={description} value={value} readOnly variant="filled" />;
}

/**
 * A password typed into a form, with a show/hide button named in the user's language. Marked invalid
 * for assistive technology when it has an error (Mantine's password input only styles it).
 */
export function PasswordField({
  autoComplete = 'new-password',
  ...props
}: Omit<PasswordInputProps, 'visibilityToggleButtonProps'>) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      {...props}
      autoComplete={autoComplete}
      aria-invalid={props.error ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
    />
  );
}

/** One of a fixed list (a type, a role): always a choice, never empty once set. */
export function ChoiceField(props: Omit<SelectProps, 'allowDeselect' | 'comboboxProps'>) {
  return <Select {...props} allowDeselect={false} comboboxProps={{ withinPortal: true }} />;
}

const placeholderRows = ['first', 'second', 'third'] as const;

/** Fields still on their way (a dialog's record being read): up to three grey bars. */
export function LoadingFields({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-live="polite">
      <Text size="sm" c="dimmed">
        {t('common.loading')}
      </Text>
      {placeholderRows.slice(0, rows).map((row) => (
        <Skeleton key={row} height={36} />
      ))}
    </Stack>
  );
}
