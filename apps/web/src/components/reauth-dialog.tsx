import { Group, Text } from '@mantine/core';
import { api, Status } from '@sapi/contract';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../lib/api-client';
import { useSelf } from '../lib/session';
import { type DialogState, FormDialog } from './form-dialog';
import { PasswordField, ReadOnlyField } from './form-fields';

/** Re-check the signed-in admin's password before a sensitive change (POST verify). */
export const useVerifyPassword = () =>
  useMutation({ mutationFn: (password: string) => call(api.verify, { body: { password } }) });

/** A change the server held back for a password re-check (3005), and how to settle whoever sent it. */
interface Held {
  send: () => Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Sensitive changes that the server may hold back for a password re-check (3005). `run(send)` sends
 * the change; answered 3005, it opens the ReauthDialog and waits: the change is sent again once the
 * password is verified (the dialog then closes), and given up (resolved, nothing sent) when the
 * dialog is closed. Any other failure rejects, so the form that sent it shows why. Spread `dialog`
 * on the ReauthDialog; `show` and `hide` run beside opening and closing it (another dialog to close
 * first, a modal stack to keep in step).
 */
export function useReauth(show?: () => void, hide?: () => void) {
  const held = useRef<Held | null>(null);
  const [opened, setOpened] = useState(false);
  const open = () => {
    show?.();
    setOpened(true);
  };
  const close = () => {
    hide?.();
    setOpened(false);
  };

  const run = async (send: () => Promise<void>): Promise<void> => {
    try {
      await send();
    } catch (err) {
      if (!(err instanceof ApiError && err.status === Status.REAUTH_REQUIRED)) throw err;
      await new Promise<void>((resolve, reject) => {
        held.current = { send, resolve, reject };
        open();
      });
    }
  };

  /** The password is verified: send the held change again. */
  const onVerified = async () => {
    const waiting = held.current;
    if (!waiting) return;
    held.current = null;
    try {
      await waiting.send();
      close();
      waiting.resolve();
    } catch (err) {
      close();
      waiting.reject(err);
    }
  };

  /** The re-authentication is given up: the form that sent the change is free again. */
  const onClose = () => {
    held.current?.resolve();
    held.current = null;
    close();
  };

  return { run, dialog: { opened, onVerified, onClose } };
}

interface ReauthDialogProps extends DialogState {
  /** Runs once the password is verified (sends the pending change). */
  onVerified: () => Promise<void>;
}

/**
 * The login-style dialog of docs/spec.md §2: opened when the server answers a sensitive change with 3005;
 * the signed-in admin's password is checked with POST verify, then the change is sent again. Its
 * prompt turns into the red error when the check fails.
 */
export function ReauthDialog({ onVerified, ...dialog }: ReauthDialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
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
      confirmDiscard={false}
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
          <ReadOnlyField label={t('reauth.username')} value={self.username} />
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
