import { Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { api } from '@sapi/contract';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { useVerifyPassword } from './api';

interface ReauthDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
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
export function ReauthDialog({ opened, onClose, stackId, username, onVerified }: ReauthDialogProps) {
  const { t } = useTranslation();
  const verify = useVerifyPassword();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      stackId={stackId}
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
          <TextInput label={t('reauth.username')} value={username} readOnly variant="filled" />
          <PasswordInput
            label={t('reauth.password')}
            {...form.field('password')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            data-autofocus
          />
        </>
      )}
    </FormDialog>
  );
}
