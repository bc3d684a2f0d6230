import { NavLink, Stack, Text } from '@mantine/core';
import { type AdminType, allows } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { navGroups } from './nav-items';
import classes from './sidebar-nav.module.css';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Grouped menu; entries the role cannot use are not shown. */
export function SidebarNav({ type, onNavigate }: { type: AdminType; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="md" px="sm" py="xs">
      {navGroups.map((group) => {
        const items = group.items.filter((item) => !item.access || allows(item.access, type));
        if (items.length === 0) return null;
        const key = group.labelKey ?? 'main';
        return (
          <Stack gap={2} key={key}>
            {group.labelKey ? (
              <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pb={4} lts={0.6}>
                {t(group.labelKey)}
              </Text>
            ) : null}
            {items.map((item) => {
              const active = isActive(pathname, item.to);
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={t(item.labelKey)}
                  leftSection={<item.icon size={18} stroke={1.7} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  classNames={{ root: classes.link, label: classes.label }}
                />
              );
            })}
          </Stack>
        );
      })}
    </Stack>
  );
}
