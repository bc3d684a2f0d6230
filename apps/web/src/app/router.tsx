import { api } from '@sapi/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { summaryReports } from '../features/summary/summary-reports';
import { authStore } from '../lib/auth-store';
import { i18n, type TKey } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import {
  accessLoader,
  idParamLoader,
  loginLoader,
  onlyPostLoader,
  periodParamLoader,
  revalidateOnNewPath,
  sessionLoader,
  setupLoader,
  signOutAction,
} from './guards';
import { RouteErrorPage } from './route-error-page';

type Lazy = LazyRouteFunction<RouteObject>;
type PageModule = Record<string, ComponentType>;

/** A screen: its title key (for the header trail and placeholders) and its lazily loaded page component. */
const screen = (titleKey: TKey, load: () => Promise<PageModule>, name: string) => ({
  handle: { titleKey },
  lazy: (async () => ({ Component: (await load())[name] })) satisfies Lazy,
});

type SummaryPath = (typeof summaryReports)[number]['path'];
/** Each summary tile's page module, one chunk per report. */
const summaryScreens: Record<SummaryPath, () => Promise<PageModule>> = {
  tsreport: () => import('../features/transaction/ts-report-page'),
  tsdetail: () => import('../features/transaction/ts-detail-page'),
  agentdaily: () => import('../features/reports/agent-daily-page'),
  agentmonthly: () => import('../features/reports/agent-monthly-page'),
  gamedaily: () => import('../features/reports/game-daily-page'),
  gamedailybygame: () => import('../features/reports/game-daily-by-game-page'),
  gamemonthly: () => import('../features/reports/game-monthly-page'),
  gamemonthlybygame: () => import('../features/reports/game-monthly-by-game-page'),
  revenueshare: () => import('../features/reports/revenue-share-page'),
};
const summaryComponents: Record<SummaryPath, string> = {
  tsreport: 'TsReportPage',
  tsdetail: 'TsDetailPage',
  agentdaily: 'AgentDailyPage',
  agentmonthly: 'AgentMonthlyPage',
  gamedaily: 'GameDailyPage',
  gamedailybygame: 'GameDailyByGamePage',
  gamemonthly: 'GameMonthlyPage',
  gamemonthlybygame: 'GameMonthlyByGamePage',
  revenueshare: 'RevenueSharePage',
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteErrorPage standalone />,
    HydrateFallback: () => <FullScreenLoader />,
    children: [
      {
        index: true,
        loader: loginLoader,
        lazy: async () => {
          const { LoginPage } = await import('../features/auth/login-page');
          // While the user types, fetch what signing in lands on (the layout and the agent list).
          const warm = () => {
            void import('./layout/app-layout');
            void import('../features/agent/agent-page');
          };
          if ('requestIdleCallback' in window) window.requestIdleCallback(warm);
          else setTimeout(warm, 500);
          return { Component: LoginPage };
        },
      },
      {
        // What the account must set up before any other screen (docs/design.md §13): outside the layout, so
        // no menu leads away from it.
        path: 'setup',
        loader: setupLoader,
        HydrateFallback: () => <FullScreenLoader label={i18n.t('session.checking')} />,
        lazy: async () => ({ Component: (await import('../features/account/setup-page')).SetupPage }),
      },
      {
        id: 'protected',
        loader: sessionLoader,
        shouldRevalidate: revalidateOnNewPath,
        HydrateFallback: () => <FullScreenLoader label={i18n.t('session.checking')} />,
        lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
        children: [
          {
            // Errors of a screen show inside the layout, the menu stays.
            errorElement: <RouteErrorPage />,
            children: [
              {
                path: 'dashboard',
                loader: accessLoader(api.dashboard),
                ...screen(
                  'screens.dashboard',
                  () => import('../features/dashboard/dashboard-page'),
                  'DashboardPage',
                ),
              },
              {
                path: 'logout',
                loader: onlyPostLoader,
                action: signOutAction,
              },
              {
                path: 'admin/list',
                loader: accessLoader(api.adminList),
                shouldRevalidate: revalidateOnNewPath,
                lazy: async () => ({ Component: (await import('../features/admin/admin-page')).AdminPage }),
              },
              {
                path: 'user/list',
                loader: accessLoader(api.userList),
                ...screen('screens.user', () => import('../features/user/user-page'), 'UserPage'),
              },
              {
                path: 'adapter/list',
                loader: accessLoader(api.adapterList),
                ...screen('screens.adapter', () => import('../features/adapter/adapter-page'), 'AdapterPage'),
              },
              {
                path: 'agent/list',
                loader: accessLoader(api.agentList, '/user/list'),
                ...screen('screens.agent', () => import('../features/agent/agent-page'), 'AgentPage'),
              },
              {
                path: 'my-agent',
                loader: accessLoader(api.agentTree),
                ...screen('screens.myAgent', () => import('../features/agent/my-agent-page'), 'MyAgentPage'),
              },
              {
                path: 'reconciliation',
                loader: accessLoader(api.reconciliationRun),
                ...screen(
                  'screens.reconciliation',
                  () => import('../features/reconciliation/reconciliation-page'),
                  'ReconciliationPage',
                ),
              },
              {
                path: 'agent/report',
                loader: accessLoader(api.agentReportMonthlyBatch),
                ...screen(
                  'screens.agentReport',
                  () => import('../features/agent-report/agent-report-page'),
                  'AgentReportPage',
                ),
              },
              {
                path: 'agentoperator',
                loader: accessLoader(api.agentOperatorList),
                ...screen(
                  'screens.agentOperator',
                  () => import('../features/agent-operator/agent-operator-page'),
                  'AgentOperatorPage',
                ),
              },
              {
                path: 'agentsharing',
                loader: accessLoader(api.agentSharingList),
                ...screen(
                  'screens.agentSharing',
                  () => import('../features/agent-sharing/agent-sharing-page'),
                  'AgentSharingPage',
                ),
              },
              {
                path: 'report',
                loader: accessLoader(api.registerCount),
                ...screen(
                  'screens.report',
                  () => import('../features/register-report/register-report-page'),
                  'RegisterReportPage',
                ),
              },
              {
                path: 'transaction/:id',
                loader: idParamLoader,
                shouldRevalidate: revalidateOnNewPath,
                ...screen(
                  'nav.transactions',
                  () => import('../features/transaction/transaction-page'),
                  'TransactionPage',
                ),
              },
              {
                path: 'summary',
                loader: accessLoader(api.summaryAgentDaily),
                lazy: async () => ({
                  Component: (await import('../features/summary/summary-hub-page')).SummaryHubPage,
                }),
              },
              ...summaryReports.map((report) => ({
                path: `summary/${report.path}`,
                loader: accessLoader(api.summaryAgentDaily),
                ...screen(report.titleKey, summaryScreens[report.path], summaryComponents[report.path]),
              })),
              {
                path: 'settlement',
                loader: accessLoader(api.settlementList),
                ...screen(
                  'settlement.hub.title',
                  () => import('../features/settlement/settlement-hub-page'),
                  'SettlementHubPage',
                ),
              },
              {
                path: 'settlement/:year/:month',
                loader: periodParamLoader,
                shouldRevalidate: revalidateOnNewPath,
                ...screen(
                  'settlement.statement.trail',
                  () => import('../features/settlement/statement-page'),
                  'StatementPage',
                ),
              },
              {
                path: 'settlement/:year/:month/print/:sharing',
                loader: periodParamLoader,
                shouldRevalidate: revalidateOnNewPath,
                ...screen(
                  'settlement.print.title',
                  () => import('../features/settlement/print-statement-page'),
                  'PrintStatementPage',
                ),
              },
              {
                path: 'approval',
                loader: accessLoader(api.approvalList),
                shouldRevalidate: revalidateOnNewPath,
                ...screen(
                  'settlement.approvals.title',
                  () => import('../features/settlement/approvals-page'),
                  'ApprovalsPage',
                ),
              },
              {
                path: 'account/sessions',
                ...screen(
                  'security.sessions.title',
                  () => import('../features/sessions/my-sessions-page'),
                  'MySessionsPage',
                ),
              },
              {
                path: 'admin/sessions',
                loader: accessLoader(api.sessionListAll),
                shouldRevalidate: revalidateOnNewPath,
                ...screen(
                  'security.allSessions.title',
                  () => import('../features/sessions/all-sessions-page'),
                  'AllSessionsPage',
                ),
              },
              {
                path: 'security/ip-refusals',
                loader: accessLoader(api.ipRefusalList),
                ...screen(
                  'security.refusals.title',
                  () => import('../features/security/ip-refusals-page'),
                  'IpRefusalsPage',
                ),
              },
              {
                path: 'security/settings',
                loader: accessLoader(api.securitySettingsGet),
                shouldRevalidate: revalidateOnNewPath,
                ...screen(
                  'security.settings.title',
                  () => import('../features/security/security-settings-page'),
                  'SecuritySettingsPage',
                ),
              },
              {
                path: 'account/security',
                ...screen(
                  'account.totp.title',
                  () => import('../features/account/security-page'),
                  'SecurityPage',
                ),
              },
              {
                path: 'ingest-log',
                loader: accessLoader(api.ingestLogList),
                ...screen(
                  'screens.ingestLog',
                  () => import('../features/ingest-log/ingest-log-page'),
                  'IngestLogPage',
                ),
              },
              {
                path: 'ingest-log/agent/:id',
                loader: idParamLoader,
                shouldRevalidate: revalidateOnNewPath,
                ...screen(
                  'screens.ingestLog',
                  () => import('../features/ingest-log/ingest-log-page'),
                  'IngestLogPage',
                ),
              },
              {
                path: 'audit',
                loader: accessLoader(api.auditList),
                shouldRevalidate: revalidateOnNewPath,
                lazy: async () => ({ Component: (await import('../features/audit/audit-page')).AuditPage }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A protected call answered 3001: the token is already cleared; leave for the login screen.
authStore.onSessionExpired(() => {
  if (router.state.location.pathname === '/') return;
  notifyError(i18n.t('session.expired'));
  void router.navigate('/', { replace: true }).then(() => queryClient.clear());
});

// A protected call answered 3007 or 3009: the account must set something up before anything else.
authStore.onSetupRequired(() => {
  if (router.state.location.pathname === '/setup') return;
  void router.navigate('/setup', { replace: true });
});
