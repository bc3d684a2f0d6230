import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconApi, IconLogout, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation, useSubmit } from 'react-router';
import { AccountMenuItems } from '../../features/account/account-menu-items';
import { ChangePasswordDialog } from '../../features/account/change-password-dialog';
import { apiBase } from '../../lib/config';
import { useSelf } from '../../lib/session';

/** Username and type of the signed-in admin, the account's own security items, the API reference, and Sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const self = useSelf();
  const submit = useSubmit();
  const navigation = useNavigation();
  const signingOut = navigation.formAction === '/logout';
  // Signing out is the one thing /logout does, and only by POST (app/guards.ts).
  const signOut = () => void submit(null, { method: 'post', action: '/logout', replace: true });
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <>
      <Menu position="top-start" width={240} withArrow shadow="md">
        <Menu.Target>
          <UnstyledButton
            w="100%"
            p="xs"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            aria-label={t('userMenu.label', { username: self.username })}
            data-testid="user-menu"
          >
            <Group gap="sm" wrap="nowrap">
              <Avatar color="indigo" radius="xl" aria-hidden>
                {self.username.slice(0, 2).toUpperCase()}
              </Avatar>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {self.username}
                </Text>
                <Text size="xs" c="dimmed" title={t(`roles.${self.role}`)}>
                  {self.type}
                </Text>
              </Stack>
              <IconSelector size={16} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('userMenu.signedInAs')}</Menu.Label>
          <Group px="sm" pb="xs" gap="xs">
            <Text size="sm" fw={600}>
              {self.username}
            </Text>
            <Badge size="sm" variant="light">
              {self.type}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" px="sm" pb="xs">
            {t(`roles.${self.role}`)}
          </Text>
          <Menu.Divider />
          <AccountMenuItems onChangePassword={() => setChangingPassword(true)} />
          <Menu.Divider />
          {/* The reference is the server's own page (docs/design.md §14), opened beside the console. */}
          <Menu.Item
            component="a"
            href={`${apiBase}/api/docs`}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconApi size={16} aria-hidden />}
          >
            {t('userMenu.apiDocs')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={signOut}
            disabled={signingOut}
          >
            {t('userMenu.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordDialog opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
