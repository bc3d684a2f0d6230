import { AppShell, Badge, Burger, Group, Progress, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { useSelf } from '../../lib/session';
import { CompanyLabel } from './company-label';
import { HeaderTrail } from './header-trail';
import { SidebarNav } from './sidebar-nav';
import navClasses from './sidebar-nav.module.css';
import { UserMenu } from './user-menu';

/** A thin bar under the top edge while the router loads a screen (alone, so the layout stays). */
function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      pos="absolute"
      top={0}
      left={0}
      right={0}
      aria-label={t('common.loading')}
    />
  );
}

/**
 * The menu's scroller names its scroll timeline (`.footer::before` in sidebar-nav.module.css fades by
 * it): inline, as Mantine's ScrollArea takes no class for its viewport.
 */
const menuViewportProps = { style: { scrollTimeline: '--nav-menu block' } };

/** Sidebar (company label, grouped menu, user menu), header and the screen. */
export function AppLayout() {
  const { t } = useTranslation();
  const self = useSelf();
  const [opened, { toggle, close }] = useDisclosure(false);

  // The header and the sidebar render again only for what they show (the menu's state, the role,
  // the language): not on every new page or filter of a screen. What follows the path inside them
  // (the trail, the highlighted entry) updates itself.
  const header = useMemo(
    () => (
      <AppShell.Header>
        <NavigationProgress />
        <Group h="100%" px="lg" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'nav.closeMenu' : 'nav.openMenu')}
            />
            <HeaderTrail type={self.role} />
          </Group>
          <Group gap="md" wrap="nowrap">
            {/* The agent side works for one agent: the header names it on every screen. */}
            {self.kind !== 'staff' && self.agentUsername ? (
              <Badge size="lg" variant="light" color="teal" tt="none" data-testid="working-for-agent">
                {t('portal.workingFor', { agent: self.agentUsername, prefix: self.prefix ?? '' })}
              </Badge>
            ) : null}
            <LanguageSwitch />
          </Group>
        </Group>
      </AppShell.Header>
    ),
    [opened, toggle, self.role, self.kind, self.agentUsername, self.prefix, t],
  );
  const navbar = useMemo(
    () => (
      <AppShell.Navbar aria-label={t('nav.label')} bg="gray.0" className={navClasses.navbar}>
        <AppShell.Section px="lg" py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Group justify="space-between" wrap="nowrap">
            <CompanyLabel />
            <Burger
              opened={opened}
              onClick={close}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.closeMenu')}
            />
          </Group>
        </AppShell.Section>
        {/* A menu taller than the window shows its scrollbar (not only on hover) and fades out
            above the user menu until its end is in view: the entries below the fold are seen to be there. */}
        <AppShell.Section
          grow
          component={ScrollArea}
          type="auto"
          scrollbars="y"
          offsetScrollbars="present"
          viewportProps={menuViewportProps}
          py="sm"
        >
          <SidebarNav type={self.role} onNavigate={close} />
        </AppShell.Section>
        <AppShell.Section
          p="sm"
          className={navClasses.footer}
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <UserMenu />
        </AppShell.Section>
      </AppShell.Navbar>
    ),
    [opened, close, self.role, t],
  );

  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      {header}
      {navbar}
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
