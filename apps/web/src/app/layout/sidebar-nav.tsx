import { NavLink, Stack, Text } from '@mantine/core';
import type { AccountRole } from '@sapi/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type NavItem, navAllows, navEntryOf, navGroups } from './nav-items';
import classes from './sidebar-nav.module.css';

interface MenuProps {
  type: AccountRole;
  pathname: string;
  onNavigate?: () => void;
}

/** Grouped menu; entries the role cannot use are not shown. */
const Menu = memo(function Menu({ type, pathname, onNavigate }: MenuProps) {
  const { t } = useTranslation();
  const allowed = (item: NavItem) => navAllows(item, type);
  // The entry of this screen, or of the screen it was reached from (an agent's transactions: Agent).
  const current = navEntryOf(pathname, allowed)?.item.to;
  return (
    <Stack gap="sm" px="sm" py="xs">
      {navGroups.map((group) => {
        const items = group.items.filter(allowed);
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
              const active = item.to === current;
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
});

/** The menu, rendered again only when the path changes (not on a new page or filter of a list). */
export function SidebarNav({ type, onNavigate }: { type: AccountRole; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return <Menu type={type} pathname={pathname} onNavigate={onNavigate} />;
}
