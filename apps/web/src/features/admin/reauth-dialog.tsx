import { Group, Text } from '@mantine/core';
import { api } from '@sapi/contract';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { PasswordField, ReadOnlyField } from '../../components/form-fields';
import { useVerifyPassword } from './api';

interface ReauthDialogProps extends DialogState {
  /** The signed-in admin (shown read-only). */
  username: string;
  /** Runs once the password is verified (sends the pending change). */
  onVerified: () => Promise<void>;
}

/**
 * The login-style dialog of the admin screen (spec §2): opened when the server answers a sensitive
 * change with 3005; the signed-in admin's password is checked with POST verify, then the change is
 * sent again. Its prompt turns into the red error when the check fails.
 */
export function ReauthDialog({ username, onVerified, ...dialog }: ReauthDialogProps) {
  const { t } = useTranslation();
  const verify = useVerifyPassword();
  return (
    <FormDialog
      {...dialog}
      title={
        <Group gap="xs">
          <IconShieldCheck size={20} aria-hidden />
          {t('reauth.title')}
        </Group>
      }
      size="sm"
      schema={api.verify.body}
      initialValues={{ password: '' }}
      onSubmit={async ({ password }) => {
        await verify.mutateAsync(password);
        await onVerified();
      }}
      submitLabel={t('reauth.submit')}
      cancelLabel={t('common.close')}
      renderMessage={(message) => (
        <Text
          size="sm"
          c={message ? 'red.8' : 'dimmed'}
          role={message ? 'alert' : undefined}
          data-testid="reauth-message"
        >
          {message ?? t('reauth.prompt')}
        </Text>
      )}
    >
      {(form) => (
        <>
          <ReadOnlyField label={t('reauth.username')} value={username} />
          <PasswordField
            label={t('reauth.password')}
            {...form.field('password')}
            autoComplete="current-password"
            data-autofocus
          />
        </>
      )}
    </FormDialog>
  );
}
