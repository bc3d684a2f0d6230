import { ActionIcon, Alert, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import type { Admin } from '@sapi/contract';
import { IconAlertTriangle, IconKey, IconShieldCog, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyText } from '../../components/copy-text';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useResetPassword, useResetTotp } from './api';

type Reset = 'password' | 'totp';

/**
 * A row's security actions for an account this admin may manage (docs/design.md §5, §13): reset its password
 * (a temporary one, shown once, to be changed at its next sign-in) or its second factor (a lost
 * phone). Each is confirmed first and may ask for the admin's password again (3005).
 */
export function AdminSecurityActions({ admin }: { admin: Admin }) {
  const { t } = useTranslation();
  const resetPassword = useResetPassword();
  const resetTotp = useResetTotp();
  const [asked, setAsked] = useState<Reset | null>(null);
  const [shownReset, setShownReset] = useState<Reset>('password');
  const [temporary, setTemporary] = useState<string | null>(null);
  const reauth = useReauth(() => setAsked(null));

  const ask = (reset: Reset) => {
    setShownReset(reset);
    setAsked(reset);
  };

  const send = async (reset: Reset) => {
    if (reset === 'password') {
      const { temporaryPassword } = await resetPassword.mutateAsync(admin._id);
      setTemporary(temporaryPassword);
    } else {
      await resetTotp.mutateAsync(admin._id);
      notifySuccess(t('adminSecurity.totpReset', { username: admin.username }));
    }
    setAsked(null);
  };

  const confirm = () => {
    const reset = asked;
    if (!reset) return;
    reauth
      .run(() => send(reset))
      .catch((err: unknown) => {
        setAsked(null);
        notifyError(errorMessage(err));
      });
  };

  const passwordReset = shownReset === 'password';
  return (
    <>
      <Menu position="bottom-end" withArrow shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('adminSecurity.menu', { username: admin.username })}
            title={t('adminSecurity.menu', { username: admin.username })}
          >
            <IconShieldCog size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => ask('password')}>
            {t('adminSecurity.resetPassword')}
          </Menu.Item>
          <Menu.Item leftSection={<IconShieldOff size={16} aria-hidden />} onClick={() => ask('totp')}>
            {t('adminSecurity.resetTotp')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <ConfirmDialog
        opened={asked !== null}
        title={passwordReset ? t('adminSecurity.confirmPasswordTitle') : t('adminSecurity.confirmTotpTitle')}
        message={
          passwordReset
            ? t('adminSecurity.confirmPassword', { username: admin.username })
            : t('adminSecurity.confirmTotp', { username: admin.username })
        }
        confirmLabel={
          passwordReset ? t('adminSecurity.confirmPasswordSubmit') : t('adminSecurity.confirmTotpSubmit')
        }
        color="red"
        loading={resetPassword.isPending || resetTotp.isPending}
        onConfirm={confirm}
        onClose={() => setAsked(null)}
      />
      <ReauthDialog {...reauth.dialog} />
      <Modal
        opened={temporary !== null}
        onClose={() => setTemporary(null)}
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
        title={t('adminSecurity.temporaryTitle', { username: admin.username })}
        size="md"
      >
        <Stack gap="md">
          <Text size="sm">{t('adminSecurity.temporaryIntro', { username: admin.username })}</Text>
          <CopyText
            label={t('adminSecurity.temporaryLabel')}
            value={temporary ?? ''}
            testId="temporary-password"
          />
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('adminSecurity.temporaryOnce')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={() => setTemporary(null)}>{t('common.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
