import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import type { AccountRole } from '@sapi/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router';
import type { TKey } from '../../lib/i18n';
import { navAllows, navEntryOf } from './nav-items';

interface TrailProps {
  type: AccountRole;
  pathname: string;
  /** The screen's own title when it is not the menu entry itself (a report, an agent's transactions). */
  screenKey: TKey | undefined;
}

/** Menu group / menu entry / screen, the entry a link back when the screen is one reached from it. */
const Trail = memo(function Trail({ type, pathname, screenKey }: TrailProps) {
  const { t } = useTranslation();
  const entry = navEntryOf(pathname, (item) => navAllows(item, type));
  if (!entry) return null;
  const { group, item } = entry;
  const deeper = pathname !== item.to && screenKey !== undefined;
  return (
    <Box component="nav" aria-label={t('nav.trail')} visibleFrom="sm" data-testid="header-trail">
      <Breadcrumbs separator="/">
        {group.labelKey ? (
          <Text size="sm" c="dimmed">
            {t(group.labelKey)}
          </Text>
        ) : null}
        {deeper ? (
          <Anchor component={Link} to={item.to} size="sm" c="dimmed">
            {t(item.labelKey)}
          </Anchor>
        ) : (
          <Text size="sm" fw={600} aria-current="page">
            {t(item.labelKey)}
          </Text>
        )}
        {deeper && screenKey ? (
          <Text size="sm" fw={600} aria-current="page">
            {t(screenKey)}
          </Text>
        ) : null}
      </Breadcrumbs>
    </Box>
  );
});

/** Where the user is, in the header (rendered again only when the path changes, not its query). */
export function HeaderTrail({ type }: { type: AccountRole }) {
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as { crumbKey?: TKey; titleKey?: TKey } | undefined;
  return <Trail type={type} pathname={pathname} screenKey={handle?.crumbKey ?? handle?.titleKey} />;
}
