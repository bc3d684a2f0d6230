import { z } from 'zod';
import { loginResultSchema } from './account-security.ts';
import { accountSecurityApi } from './account-security-routes.ts';
import {
  adapterCreateSchema,
  adapterListQuerySchema,
  adapterSchema,
  adapterUpdateSchema,
} from './adapter.ts';
import { adminCreateSchema, adminListQuerySchema, adminSchema, adminUpdateSchema } from './admin.ts';
import {
  agentListQuerySchema,
  agentPickQuerySchema,
  agentPickSchema,
  agentRegisterSchema,
  agentSchema,
  agentTreeNodeSchema,
  agentUpdateSchema,
  agentWithSecretSchema,
} from './agent.ts';
import {
  agentOperatorListQuerySchema,
  agentOperatorRegisterSchema,
  agentOperatorSchema,
  agentOperatorUpdateSchema,
} from './agent-operator.ts';
import {
  agentSharingCreateSchema,
  agentSharingListQuerySchema,
  agentSharingSchema,
  agentSharingSwitchSchema,
  agentSharingUpdateDataSchema,
  agentSharingUpdateSchema,
  agentSharingVersionSchema,
  agentSharingWhatIfQuerySchema,
  agentSharingWhatIfRowSchema,
} from './agent-sharing.ts';
import {
  approvalDecisionSchema,
  approvalListQuerySchema,
  approvalSchema,
  settlementCloseDataSchema,
} from './approval.ts';
import { auditListQuerySchema, auditRecordSchema } from './audit.ts';
import {
  loginBodySchema,
  okDataSchema,
  selfDataSchema,
  selfUsernameSchema,
  verifyBodySchema,
  verifyDataSchema,
} from './auth.ts';
import { idParamsSchema, idSchema, listDataSchema } from './common.ts';
import { ingestLogDetailSchema, ingestLogListQuerySchema, ingestLogRecordSchema } from './ingest-log.ts';
import { openApiDocumentSchema } from './openapi.ts';
import { reconciliationDataSchema, reconciliationQuerySchema } from './reconciliation.ts';
import {
  betHistoryDataSchema,
  betHistoryQuerySchema,
  dailyRangeQuerySchema,
  dailyRowSchema,
  dailySummaryQuerySchema,
  dashboardDataSchema,
  dashboardQuerySchema,
  gameBrandParamsSchema,
  gameCodeDailyRowSchema,
  gameCodeMonthlyRowSchema,
  gameDailyRowSchema,
  gameMonthlyRowSchema,
  monthlyBalanceQuerySchema,
  monthlyBalanceSchema,
  monthlyBalancesDataSchema,
  monthlyBalancesQuerySchema,
  monthlyRangeQuerySchema,
  monthlyRowSchema,
  monthlySummaryQuerySchema,
  reportAgentParamsSchema,
  reportDataSchema,
  revenueShareDataSchema,
  revenueShareQuerySchema,
} from './report.ts';
import { type AccountRole, isPortalRole, portal, roles } from './roles.ts';
import { csvExport, forPortal, idRoute, type RouteDef, route } from './route-builder.ts';
import {
  paymentCreateSchema,
  paymentListQuerySchema,
  paymentSchema,
  paymentVoidSchema,
  settlementMonthQuerySchema,
  settlementPeriodsDataSchema,
  settlementPeriodsQuerySchema,
  settlementStatementSchema,
} from './settlement.ts';
import {
  agentIdParamsSchema,
  ingestBodySchema,
  ingestDataSchema,
  registerCountQuerySchema,
  registerCountRowSchema,
  transactionDetailSchema,
  transactionListDataSchema,
  transactionListQuerySchema,
  transactionParamsSchema,
} from './transaction.ts';
import { userCreateSchema, userListQuerySchema, userSchema, userUpdateSchema } from './user.ts';

export type { Method, RouteDef } from './route-builder.ts';

export const api = {
  health: route('GET', '/health', 'public', { data: z.object({ ok: z.literal(true) }) }),
  /**
   * The OpenAPI 3.1 reference of this catalogue (docs/design.md §14), answered as the document itself so that
   * tools read it. Public: a game-side developer has no staff session, and it tells only what the
   * routes are, which each route's own roles still guard.
   */
  openApi: {
    ...route('GET', '/openapi.json', 'public', { data: openApiDocumentSchema }),
    format: 'document' as const,
  },

  login: route('POST', '/admin/authorization/login', 'public', {
    body: loginBodySchema,
    data: loginResultSchema,
  }),
  selfCheck: forPortal(
    route('GET', '/admin/authorization/self', roles.everyone, {
      data: selfUsernameSchema,
      duringSetup: true,
    }),
    portal.everyone,
  ),
  self: forPortal(
    route('POST', '/admin/authorization/self', roles.everyone, {
      data: selfDataSchema,
      duringSetup: true,
    }),
    portal.everyone,
  ),
  logout: forPortal(
    route('POST', '/admin/authorization/logout', roles.everyone, {
      data: okDataSchema,
      duringSetup: true,
    }),
    portal.everyone,
  ),
  verify: forPortal(
    route('POST', '/admin/authorization/verify', roles.everyone, {
      body: verifyBodySchema,
      data: verifyDataSchema,
      duringSetup: true,
    }),
    portal.everyone,
  ),

  adminList: route('POST', '/admin/admin/list', roles.managers, {
    body: adminListQuerySchema,
    data: listDataSchema(adminSchema),
  }),
  adminGet: idRoute('POST', '/admin/admin/get/:id', roles.managers, adminSchema),
  adminCreate: route('POST', '/admin/admin/create', roles.managers, {
    body: adminCreateSchema,
    data: adminSchema,
    reauth: true,
  }),
  adminUpdate: route('PUT', '/admin/admin/update/:id', roles.managers, {
    body: adminUpdateSchema,
    params: idParamsSchema,
    data: adminSchema,
    reauth: true,
  }),
  // Unlocking gives an account its access back, as sensitive as taking it away.
  adminLock: route('DELETE', '/admin/admin/delete/:id', roles.managers, {
    params: idParamsSchema,
    data: adminSchema,
    reauth: true,
  }),
  adminUnlock: route('PUT', '/admin/admin/revert/:id', roles.managers, {
    params: idParamsSchema,
    data: adminSchema,
    reauth: true,
  }),

  // The agent side reads the game providers of its agents' games (docs/design.md §16).
  adapterList: forPortal(
    route('POST', '/adapter/list', roles.everyone, {
      body: adapterListQuerySchema,
      data: listDataSchema(adapterSchema),
    }),
    portal.everyone,
  ),
  adapterExport: forPortal(csvExport('/adapter/export', adapterListQuerySchema), portal.everyone),
  adapterGet: forPortal(idRoute('POST', '/adapter/get/:id', roles.everyone, adapterSchema), portal.everyone),
  adapterCreate: route('POST', '/adapter/create', roles.managers, {
    body: adapterCreateSchema,
    data: adapterSchema,
  }),
  adapterUpdate: route('PUT', '/adapter/update/:id', roles.managers, {
    body: adapterUpdateSchema,
    params: idParamsSchema,
    data: adapterSchema,
  }),
  adapterDisable: idRoute('DELETE', '/adapter/delete/:id', roles.managers, adapterSchema),
  adapterEnable: idRoute('PUT', '/adapter/revert/:id', roles.managers, adapterSchema),

  agentList: forPortal(
    route('POST', '/agent/list', roles.everyone, {
      body: agentListQuerySchema,
      data: listDataSchema(agentSchema),
    }),
    portal.everyone,
  ),
  agentExport: forPortal(csvExport('/agent/export', agentListQuerySchema), portal.everyone),
  agentPick: forPortal(
    route('POST', '/agent/pick', roles.everyone, {
      body: agentPickQuerySchema,
      data: z.array(agentPickSchema),
    }),
    portal.everyone,
  ),
  // The scope's agents with their parents today: the agent side's downline tree.
  agentTree: forPortal(
    route('POST', '/agent/tree', roles.everyone, { data: z.array(agentTreeNodeSchema) }),
    portal.everyone,
  ),
  agentGet: forPortal(
    idRoute('POST', '/agent/get/:id', roles.everyone, agentWithSecretSchema),
    portal.everyone,
  ),
  // The agent side registers sub-agents directly under its own agent (docs/design.md §16).
  agentRegister: forPortal(
    route('POST', '/agent/register', roles.writers, {
      body: agentRegisterSchema,
      data: agentWithSecretSchema,
    }),
    portal.managers,
  ),
  agentUpdate: forPortal(
    route('PUT', '/agent/update/:id', roles.writers, {
      body: agentUpdateSchema,
      params: idParamsSchema,
      data: agentWithSecretSchema,
    }),
    portal.managers,
  ),
  // The agent side rotates its own agent's secret only, after `verify` (docs/design.md §16).
  agentRotateSecret: forPortal(
    idRoute('POST', '/agent/rotate-secret/:id', roles.writers, agentWithSecretSchema),
    portal.owners,
  ),
  agentLock: forPortal(idRoute('DELETE', '/agent/delete/:id', roles.writers, agentSchema), portal.managers),
  agentUnlock: forPortal(idRoute('PUT', '/agent/revert/:id', roles.writers, agentSchema), portal.managers),

  agentSharingList: forPortal(
    route('POST', '/agent-sharing/list', roles.everyone, {
      body: agentSharingListQuerySchema,
      data: listDataSchema(agentSharingSchema),
    }),
    portal.owners,
  ),
  agentSharingExport: csvExport('/agent-sharing/export', agentSharingListQuerySchema),
  agentSharingGet: idRoute('POST', '/agent-sharing/get/:id', roles.everyone, agentSharingSchema),
  agentSharingCreate: route('POST', '/agent-sharing/create', roles.writers, {
    body: agentSharingCreateSchema,
    data: agentSharingSchema,
  }),
  // The agent side asks: a different percentage always waits for staff approval (docs/design.md §16).
  agentSharingUpdate: forPortal(
    route('PUT', '/agent-sharing/update/:id', roles.writers, {
      body: agentSharingUpdateSchema,
      params: idParamsSchema,
      data: agentSharingUpdateDataSchema,
    }),
    portal.owners,
  ),
  agentSharingDisable: route('DELETE', '/agent-sharing/delete/:id', roles.writers, {
    body: agentSharingSwitchSchema,
    params: idParamsSchema,
    data: agentSharingSchema,
  }),
  agentSharingEnable: route('PUT', '/agent-sharing/revert/:id', roles.writers, {
    body: agentSharingSwitchSchema,
    params: idParamsSchema,
    data: agentSharingSchema,
  }),
  agentSharingHistory: idRoute(
    'POST',
    '/agent-sharing/history/:id',
    roles.everyone,
    z.array(agentSharingVersionSchema),
  ),
  // Nothing is stored: the last three closed periods (or past months) as they are and as they would be.
  agentSharingWhatIf: route('POST', '/agent-sharing/what-if/:id', roles.everyone, {
    body: agentSharingWhatIfQuerySchema,
    params: idParamsSchema,
    data: z.array(agentSharingWhatIfRowSchema),
  }),

  // Settlement (docs/design.md §15): everyone reads; managers close, decide and record payments.
  // The agent side reads the lines of the arrangements within its scope (docs/design.md §16).
  settlementPeriods: forPortal(
    route('POST', '/settlement/periods', roles.everyone, {
      body: settlementPeriodsQuerySchema,
      data: settlementPeriodsDataSchema,
    }),
    portal.everyone,
  ),
  settlementList: forPortal(
    route('POST', '/settlement/list', roles.everyone, {
      body: settlementMonthQuerySchema,
      data: settlementStatementSchema,
    }),
    portal.everyone,
  ),
  settlementExport: forPortal(csvExport('/settlement/export', settlementMonthQuerySchema), portal.everyone),
  settlementClose: route('POST', '/settlement/close', roles.managers, {
    body: settlementMonthQuerySchema,
    data: settlementCloseDataSchema,
    reauth: true,
  }),
  settlementPaymentCreate: route('POST', '/settlement/payment/create', roles.managers, {
    body: paymentCreateSchema,
    data: paymentSchema,
  }),
  settlementPaymentList: route('POST', '/settlement/payment/list', roles.everyone, {
    body: paymentListQuerySchema,
    data: listDataSchema(paymentSchema),
  }),
  settlementPaymentVoid: route('PUT', '/settlement/payment/void/:id', roles.managers, {
    body: paymentVoidSchema,
    params: idParamsSchema,
    data: paymentSchema,
    reauth: true,
  }),
  approvalList: route('POST', '/approval/list', roles.managers, {
    body: approvalListQuerySchema,
    data: listDataSchema(approvalSchema),
  }),
  approvalApprove: route('PUT', '/approval/approve/:id', roles.managers, {
    body: approvalDecisionSchema,
    params: idParamsSchema,
    data: approvalSchema,
    reauth: true,
  }),
  approvalReject: route('PUT', '/approval/reject/:id', roles.managers, {
    body: approvalDecisionSchema,
    params: idParamsSchema,
    data: approvalSchema,
    reauth: true,
  }),

  userList: forPortal(
    route('POST', '/user/list', roles.everyone, {
      body: userListQuerySchema,
      data: listDataSchema(userSchema),
    }),
    portal.everyone,
  ),
  userExport: forPortal(csvExport('/user/export', userListQuerySchema), portal.everyone),
  userGet: forPortal(idRoute('POST', '/user/get/:id', roles.everyone, userSchema), portal.everyone),
  userCreate: forPortal(
    route('POST', '/user/create', roles.writers, { body: userCreateSchema, data: userSchema }),
    portal.players,
  ),
  userUpdate: forPortal(
    route('POST', '/user/update/:id', roles.writers, {
      body: userUpdateSchema,
      params: idParamsSchema,
      data: userSchema,
    }),
    portal.players,
  ),
  userDelete: idRoute('DELETE', '/user/delete/:id', roles.writers, userSchema),

  agentOperatorList: forPortal(
    route('POST', '/agent-operator/list', roles.everyone, {
      body: agentOperatorListQuerySchema,
      data: listDataSchema(agentOperatorSchema),
    }),
    portal.owners,
  ),
  agentOperatorExport: csvExport('/agent-operator/export', agentOperatorListQuerySchema),
  agentOperatorRegister: forPortal(
    route('POST', '/agent-operator/register', roles.writers, {
      body: agentOperatorRegisterSchema,
      data: agentOperatorSchema,
      legacyStatus: true,
    }),
    portal.owners,
  ),
  agentOperatorUpdate: forPortal(
    route('PUT', '/agent-operator/update/:id', roles.writers, {
      body: agentOperatorUpdateSchema,
      params: idParamsSchema,
      data: agentOperatorSchema,
    }),
    portal.owners,
  ),
  /** Staff remove an agent's own account's second factor (a lost phone and codes). */
  agentTotpReset: route('POST', '/agent/totp-reset/:id', roles.managers, {
    params: idParamsSchema,
    data: okDataSchema,
    reauth: true,
  }),
  /** Remove an operator's second factor (a lost phone and codes); it enrols again where it must. */
  agentOperatorTotpReset: forPortal(
    route('POST', '/agent-operator/totp-reset/:id', roles.managers, {
      params: idParamsSchema,
      data: agentOperatorSchema,
      reauth: true,
    }),
    portal.owners,
  ),
  agentOperatorDelete: idRoute('DELETE', '/agent-operator/delete/:id', roles.writers, agentOperatorSchema),

  transactionList: forPortal(
    route('POST', '/transaction/:agentId/list', roles.everyone, {
      body: transactionListQuerySchema,
      params: agentIdParamsSchema,
      data: transactionListDataSchema,
    }),
    portal.everyone,
  ),
  transactionExport: forPortal(
    csvExport('/transaction/:agentId/export', transactionListQuerySchema, agentIdParamsSchema),
    portal.everyone,
  ),
  // Reconciliation by upload: the body is the agent side's CSV file, the query its period (§16).
  reconciliationRun: forPortal(
    route('POST', '/reconciliation/:agentId', roles.everyone, {
      body: reconciliationQuerySchema,
      params: agentIdParamsSchema,
      data: reconciliationDataSchema,
      upload: 'csv',
    }),
    portal.everyone,
  ),
  reconciliationExport: forPortal(
    {
      ...route('POST', '/reconciliation/:agentId/export', roles.everyone, {
        body: reconciliationQuerySchema,
        params: agentIdParamsSchema,
        data: z.string(),
        upload: 'csv',
      }),
      format: 'csv' as const,
    },
    portal.everyone,
  ),
  transactionGet: forPortal(
    route('POST', '/transaction/:agentId/get/:listId', roles.everyone, {
      params: transactionParamsSchema,
      data: transactionDetailSchema,
    }),
    portal.everyone,
  ),
  // One agent's registrations, or `all` for every agent of the caller's scope (the dashboard's players card).
  registerCount: forPortal(
    route('POST', '/report/:agentId/user/register/count', roles.everyone, {
      body: registerCountQuerySchema,
      params: reportAgentParamsSchema,
      data: z.array(registerCountRowSchema),
    }),
    portal.everyone,
  ),
  registerCountExport: forPortal(
    csvExport(
      '/report/:agentId/user/register/count/export',
      registerCountQuerySchema,
      reportAgentParamsSchema,
    ),
    portal.everyone,
  ),
  ingest: route('POST', '/ingest/transactions', 'agent-signed', {
    body: ingestBodySchema,
    data: ingestDataSchema,
  }),
  // The ingest log (docs/design.md §9): every role reads it, like every other list (docs/design.md §5).
  ingestLogList: forPortal(
    route('POST', '/ingest-log/list', roles.everyone, {
      body: ingestLogListQuerySchema,
      data: listDataSchema(ingestLogRecordSchema),
    }),
    portal.everyone,
  ),
  ingestLogExport: forPortal(csvExport('/ingest-log/export', ingestLogListQuerySchema), portal.everyone),
  ingestLogGet: forPortal(
    idRoute('POST', '/ingest-log/get/:id', roles.everyone, ingestLogDetailSchema),
    portal.everyone,
  ),

  summaryAgentDaily: forPortal(
    route('POST', '/summary/:agentId/agent/daily', roles.everyone, {
      body: dailySummaryQuerySchema,
      params: reportAgentParamsSchema,
      data: reportDataSchema(dailyRowSchema),
    }),
    portal.everyone,
  ),
  summaryAgentMonthly: forPortal(
    route('POST', '/summary/:agentId/agent/monthly', roles.everyone, {
      body: monthlySummaryQuerySchema,
      params: reportAgentParamsSchema,
      data: reportDataSchema(monthlyRowSchema),
    }),
    portal.everyone,
  ),
  summaryGameDaily: forPortal(
    route('POST', '/summary/:agentId/game/daily/all', roles.everyone, {
      body: dailySummaryQuerySchema,
      params: reportAgentParamsSchema,
      data: reportDataSchema(gameDailyRowSchema),
    }),
    portal.everyone,
  ),
  summaryGameMonthly: forPortal(
    route('POST', '/summary/:agentId/game/monthly/all', roles.everyone, {
      body: monthlySummaryQuerySchema,
      params: reportAgentParamsSchema,
      data: reportDataSchema(gameMonthlyRowSchema),
    }),
    portal.everyone,
  ),
  summaryGameDailyByGame: forPortal(
    route('POST', '/summary/:agentId/game/daily/:gameBrand', roles.everyone, {
      body: dailyRangeQuerySchema,
      params: gameBrandParamsSchema,
      data: reportDataSchema(gameCodeDailyRowSchema),
    }),
    portal.everyone,
  ),
  summaryGameMonthlyByGame: forPortal(
    route('POST', '/summary/:agentId/game/monthly/:gameBrand', roles.everyone, {
      body: monthlyRangeQuerySchema,
      params: gameBrandParamsSchema,
      data: reportDataSchema(gameCodeMonthlyRowSchema),
    }),
    portal.everyone,
  ),
  summaryTransactionList: forPortal(
    route('POST', '/summary/:agentId/list', roles.everyone, {
      body: transactionListQuerySchema,
      params: agentIdParamsSchema,
      data: transactionListDataSchema,
    }),
    portal.everyone,
  ),
  // The spec names it /summary/{listId}/get/{id}: the first segment is the agent (one name per position).
  summaryTransactionGet: forPortal(
    route('POST', '/summary/:agentId/get/:id', roles.everyone, {
      params: z.object({ agentId: idSchema, id: idSchema }),
      data: transactionDetailSchema,
    }),
    portal.everyone,
  ),
  summaryBetHistory: route('POST', '/summary/bet/history', roles.everyone, {
    body: betHistoryQuerySchema,
    data: betHistoryDataSchema,
  }),
  revenueShare: route('POST', '/summary/revenue-share', roles.everyone, {
    body: revenueShareQuerySchema,
    data: revenueShareDataSchema,
  }),
  agentReportMonthly: forPortal(
    route('GET', '/agent-report/:agentId/monthly', roles.everyone, {
      body: monthlyBalanceQuerySchema,
      params: agentIdParamsSchema,
      data: monthlyBalanceSchema,
    }),
    portal.everyone,
  ),
  agentReportMonthlyBatch: forPortal(
    route('POST', '/agent-report/monthly', roles.everyone, {
      body: monthlyBalancesQuerySchema,
      data: monthlyBalancesDataSchema,
    }),
    portal.everyone,
  ),
  dashboard: forPortal(
    route('POST', '/dashboard/summary', roles.everyone, {
      body: dashboardQuerySchema,
      data: dashboardDataSchema,
    }),
    portal.everyone,
  ),

  // The agent side's managers read the records its accounts wrote (docs/design.md §16).
  auditList: forPortal(
    route('POST', '/audit/list', roles.managers, {
      body: auditListQuerySchema,
      data: listDataSchema(auditRecordSchema),
    }),
    portal.managers,
  ),

  ...accountSecurityApi,
} as const satisfies Record<string, RouteDef>;

/** Every report route has a CSV twin at the same path + `/export`, taking the same body (docs/design.md §4). */
const reportRoutes = {
  summaryAgentDaily: api.summaryAgentDaily,
  summaryAgentMonthly: api.summaryAgentMonthly,
  summaryGameDaily: api.summaryGameDaily,
  summaryGameMonthly: api.summaryGameMonthly,
  summaryGameDailyByGame: api.summaryGameDailyByGame,
  summaryGameMonthlyByGame: api.summaryGameMonthlyByGame,
  revenueShare: api.revenueShare,
} as const;
export type ReportRouteName = keyof typeof reportRoutes;
export const reportExports = Object.fromEntries(
  Object.entries(reportRoutes).map(([name, def]) => [
    name,
    { ...def, path: `${def.path}/export`, data: z.string(), format: 'csv' as const },
  ]),
) as {
  [K in ReportRouteName]: RouteDef<
    (typeof reportRoutes)[K]['body'],
    (typeof reportRoutes)[K]['params'],
    z.ZodString
  >;
};

export type Api = typeof api;
export type RouteName = keyof Api;
/** What a client sends (ids as decimal strings); the server reads the parsed output (ids as bigints). */
export type BodyOf<R extends RouteDef> = z.input<R['body']>;
export type ParamsOf<R extends RouteDef> = z.input<R['params']>;
export type DataOf<R extends RouteDef> = z.output<R['data']>;

/** Fill `:name` placeholders of a route path. */
export const pathOf = (def: RouteDef, params: Record<string, string> = {}): string =>
  def.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * May a caller of this role use this route? Deny by default: an agent-side role only where the route
 * lists it in `portal` (docs/design.md §16), a staff type only where `access` lists it.
 */
export const allows = (def: RouteDef, role: AccountRole | undefined): boolean => {
  if (def.access === 'public') return true;
  if (role === undefined || !Array.isArray(def.access)) return false;
  if (isPortalRole(role)) return def.portal?.includes(role) === true;
  return (def.access as readonly string[]).includes(role);
};
