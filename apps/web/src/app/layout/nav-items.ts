import { type AccountRole, allows, api, isPortalRole, type RouteDef } from '@sapi/contract';
import {
  type Icon,
  IconBuildingStore,
  IconCashRegister,
  IconChartBar,
  IconChecklist,
  IconDeviceGamepad2,
  IconDevices,
  IconFileAnalytics,
  IconHistory,
  IconId,
  IconLayoutDashboard,
  IconPlugConnected,
  IconReportAnalytics,
  IconScale,
  IconShare,
  IconShieldCheck,
  IconShieldLock,
  IconShieldX,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import type { TKey } from '../../lib/i18n';

export interface NavItem {
  to: string;
  labelKey: TKey;
  icon: Icon;
  /** The API route the screen lists from; the entry shows only to roles that may call it. */
  access?: RouteDef;
  /** Paths of screens reached from this one (its drill-downs): the entry stays highlighted there. */
  also?: readonly string[];
  /** Only for the agent side (docs/design.md §16): its own agent's screen. */
  agentSide?: true;
}

/** Does the menu show this entry to the role: its route allowed, and the agent side's own only to it. */
export const navAllows = (item: NavItem, role: AccountRole): boolean =>
  (!item.access || allows(item.access, role)) && (!item.agentSide || isPortalRole(role));

export interface NavGroup {
  labelKey: TKey | null;
  items: NavItem[];
}

/** Every screen of the spec route table, grouped (the sidebar). */
export const navGroups: NavGroup[] = [
  {
    labelKey: null,
    items: [
      { to: '/dashboard', labelKey: 'nav.dashboard', icon: IconLayoutDashboard, access: api.dashboard },
    ],
  },
  {
    labelKey: 'nav.groups.management',
    items: [
      {
        to: '/my-agent',
        labelKey: 'nav.myAgent',
        icon: IconId,
        access: api.agentTree,
        agentSide: true,
      },
      { to: '/admin/list', labelKey: 'nav.admin', icon: IconShieldLock, access: api.adminList },
      { to: '/user/list', labelKey: 'nav.user', icon: IconUsers, access: api.userList },
      { to: '/adapter/list', labelKey: 'nav.adapter', icon: IconDeviceGamepad2, access: api.adapterList },
      {
        to: '/agent/list',
        labelKey: 'nav.agent',
        icon: IconBuildingStore,
        access: api.agentList,
        // An agent's transactions open from the agent list (and from reports' agent links).
        also: ['/transaction'],
      },
      {
        to: '/agent/report',
        labelKey: 'nav.agentReport',
        icon: IconReportAnalytics,
        access: api.agentReportMonthlyBatch,
      },
      {
        to: '/agentoperator',
        labelKey: 'nav.agentOperator',
        icon: IconUserCog,
        access: api.agentOperatorList,
      },
      { to: '/agentsharing', labelKey: 'nav.agentSharing', icon: IconShare, access: api.agentSharingList },
    ],
  },
  {
    labelKey: 'nav.groups.reports',
    items: [
      { to: '/report', labelKey: 'nav.report', icon: IconFileAnalytics, access: api.registerCount },
      { to: '/summary', labelKey: 'nav.summary', icon: IconChartBar, access: api.summaryAgentDaily },
      {
        to: '/reconciliation',
        labelKey: 'nav.reconciliation',
        icon: IconScale,
        access: api.reconciliationRun,
      },
      {
        to: '/settlement',
        labelKey: 'settlement.nav.settlement',
        icon: IconCashRegister,
        access: api.settlementList,
      },
      {
        to: '/approval',
        labelKey: 'settlement.nav.approvals',
        icon: IconChecklist,
        access: api.approvalList,
      },
    ],
  },
  {
    labelKey: 'nav.groups.system',
    items: [
      { to: '/ingest-log', labelKey: 'nav.ingestLog', icon: IconPlugConnected, access: api.ingestLogList },
      { to: '/audit', labelKey: 'nav.audit', icon: IconHistory, access: api.auditList },
      {
        to: '/admin/sessions',
        labelKey: 'security.nav.allSessions',
        icon: IconDevices,
        access: api.sessionListAll,
      },
      {
        to: '/security/ip-refusals',
        labelKey: 'security.nav.refusals',
        icon: IconShieldX,
        access: api.ipRefusalList,
      },
      {
        to: '/security/settings',
        labelKey: 'security.nav.settings',
        icon: IconShieldCheck,
        access: api.securitySettingsGet,
      },
    ],
  },
];

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The menu entry a path belongs to (its own screen, or one reached from it), for the role. */
export const navEntryOf = (
  pathname: string,
  allowed: (item: NavItem) => boolean,
): { group: NavGroup; item: NavItem } | null => {
  for (const group of navGroups) {
    for (const item of group.items) {
      if (!allowed(item)) continue;
      if (within(pathname, item.to) || item.also?.some((path) => within(pathname, path))) {
        return { group, item };
      }
    }
  }
  return null;
};
