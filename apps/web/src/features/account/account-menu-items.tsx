import { Menu } from '@mantine/core';
import { allows, api } from '@sapi/contract';
import { IconDevices, IconKey, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelf } from '../../lib/session';

/**
 * The account's own items of the user menu (docs/design.md §13): change password (a dialog the menu's owner
 * shows, as the menu closes on click), two-factor sign-in and the signed-in sessions (screens).
 */
export function AccountMenuItems({ onChangePassword }: { onChangePassword: () => void }) {
  const { t } = useTranslation();
  // Only what the account may use.
  const role = useSelf().role;
  return (
    <>
      <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={onChangePassword}>
        {t('account.menu.changePassword')}
      </Menu.Item>
      {allows(api.totpStatus, role) ? (
        <Menu.Item
          component={Link}
          to="/account/security"
          leftSection={<IconShieldLock size={16} aria-hidden />}
        >
          {t('account.menu.security')}
        </Menu.Item>
      ) : null}
      {allows(api.sessionList, role) ? (
        <Menu.Item
          component={Link}
          to="/account/sessions"
          leftSection={<IconDevices size={16} aria-hidden />}
        >
          {t('account.menu.sessions')}
        </Menu.Item>
      ) : null}
    </>
  );
}
