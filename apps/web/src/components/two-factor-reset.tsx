import { Badge } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../lib/notify';
import { useConfirmAction } from './confirm-dialog';
import { ReauthDialog, useReauth } from './reauth-dialog';
import { RowAction } from './row-action';

/** Whether an account of a list signs in with a second factor: "2FA" column's badge. */
export function TwoFactorBadge({ username, enabled }: { username: string; enabled: boolean }) {
  const { t } = useTranslation();
  const state = t(enabled ? 'security.twoFactor.on' : 'security.twoFactor.off');
  return (
    <Badge
      color={enabled ? 'teal' : 'gray'}
      variant="light"
      radius="sm"
      aria-label={t('security.twoFactor.stateLabel', { username, state })}
      data-testid={`two-factor-${username}`}
    >
      {state}
    </Badge>
  );
}

export interface TwoFactorReset {
  /** Ask to remove `username`'s second factor; `reset` is the route call. */
  ask: (username: string, reset: () => Promise<unknown>) => void;
  /** The confirmation and password dialogs, to place once in the screen. */
  dialogs: ReactNode;
}

/**
 * Removing another account's second factor (a lost phone and recovery codes; docs/design.md §13, §16):
 * asked first, then the password re-check the server holds the change back for (3005), and the
 * notification. One flow for every screen that offers it (agents, agent operators).
 */
export function useTwoFactorReset(): TwoFactorReset {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const reauth = useReauth(() => confirm.close());
  const ask = (username: string, reset: () => Promise<unknown>) =>
    confirm.ask({
      title: t('security.twoFactor.confirmTitle', { username }),
      message: t('security.twoFactor.confirmMessage'),
      confirmLabel: t('security.twoFactor.confirm'),
      danger: true,
      run: async () => {
        // Said only once it is done: a password check given up sends nothing.
        let done = false;
        await reauth.run(async () => {
          await reset();
          done = true;
        });
        if (done) notifySuccess(t('security.twoFactor.done', { username }));
      },
    });
  return {
    ask,
    dialogs: (
      <>
        {confirm.dialog}
        <ReauthDialog {...reauth.dialog} />
      </>
    ),
  };
}

/** The row action that starts it, named for the account. */
export function TwoFactorResetAction({ username, onClick }: { username: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowAction
      tooltip={t('security.twoFactor.reset')}
      label={t('security.twoFactor.resetLabel', { username })}
      icon={IconShieldOff}
      onClick={onClick}
      color="orange"
    />
  );
}
