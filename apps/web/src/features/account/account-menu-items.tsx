import { Menu } from '@mantine/core';
import { IconDevices, IconKey, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The account's own items of the user menu (docs/design.md §13): change password (a dialog the menu's owner
 * shows, as the menu closes on click), two-factor sign-in and the signed-in sessions (screens).
 */
export function AccountMenuItems({ onChangePassword }: { onChangePassword: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={onChangePassword}>
        {t('account.menu.changePassword')}
      </Menu.Item>
      <Menu.Item
        component={Link}
        to="/account/security"
        leftSection={<IconShieldLock size={16} aria-hidden />}
      >
        {t('account.menu.security')}
      </Menu.Item>
      <Menu.Item component={Link} to="/account/sessions" leftSection={<IconDevices size={16} aria-hidden />}>
        {t('account.menu.sessions')}
      </Menu.Item>
    </>
  );
}
