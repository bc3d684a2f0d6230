import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { api } from '@sapi/contract';
import { IconLogout, IconSelector } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api-client';
import { authStore } from '../../lib/auth-store';
import { useSelf } from '../../lib/session';

/** Username and type of the signed-in admin, with Sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const self = useSelf();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await call(api.logout);
    } catch {
      // The token is dropped either way.
    }
    authStore.clearToken();
    await navigate('/', { replace: true });
    queryClient.clear();
  };

  return (
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
              <Text size="xs" c="dimmed" title={t(`roles.${self.type}`)}>
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
          {t(`roles.${self.type}`)}
        </Text>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void signOut()}
          disabled={signingOut}
        >
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
