import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
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
 * sent again.
 */
export function ReauthDialog({ opened, onClose, stackId, username, onVerified }: ReauthDialogProps) {
  const { t } = useTranslation();
  const verify = useVerifyPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (opened) {
      setPassword('');
      setError(null);
      verify.reset();
    }
  }, [opened]);

  const busy = verify.isPending || sending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError(t('reauth.required'));
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync(password);
    } catch (err) {
      setError(errorMessage(err));
      return;
    }
    setSending(true);
    try {
      await onVerified();
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      stackId={stackId}
      title={
        <Group gap="xs">
          <IconShieldCheck size={20} aria-hidden />
          {t('reauth.title')}
        </Group>
      }
      size="sm"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text
            size="sm"
            c={error ? 'red.8' : 'dimmed'}
            role={error ? 'alert' : undefined}
            data-testid="reauth-message"
          >
            {error ?? t('reauth.prompt')}
          </Text>
          <TextInput label={t('reauth.username')} value={username} readOnly variant="filled" />
          <PasswordInput
            label={t('reauth.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            error={error ? true : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('reauth.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
