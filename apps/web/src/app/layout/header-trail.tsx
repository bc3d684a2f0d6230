import { Box, Breadcrumbs, Text } from '@mantine/core';
import { type AdminType, allows } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { navGroups } from './nav-items';

/** Where the user is: menu group / screen, in the header. */
export function HeaderTrail({ type }: { type: AdminType }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  for (const group of navGroups) {
    const item = group.items.find(
      (entry) =>
        (pathname === entry.to || pathname.startsWith(`${entry.to}/`)) &&
        (!entry.access || allows(entry.access, type)),
    );
    if (!item) continue;
    return (
      <Box component="nav" aria-label={t('nav.trail')} visibleFrom="sm">
        <Breadcrumbs separator="/">
          {group.labelKey ? (
            <Text size="sm" c="dimmed">
              {t(group.labelKey)}
            </Text>
          ) : null}
          <Text size="sm" fw={600}>
            {t(item.labelKey)}
          </Text>
        </Breadcrumbs>
      </Box>
    );
  }
  return null;
}
