import {
  api,
  MAX_DAILY_RANGE_DAYS,
  MAX_MONTHLY_RANGE_DAYS,
  type ReportRouteName,
  type RouteDef,
  reportExports,
} from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type AppContext, type Principal, type Scope, scopeOf } from '../../context.ts';
import { assertAgentExists, assertAgentInScope } from '../../core/entities.ts';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import { monthlyBalance, monthlyBalances } from './balances.ts';
import { type ReportRow, reportCsvColumns } from './csv.ts';
import { dashboard } from './dashboard.ts';
import { dayRange, monthRange, pickerRange } from './periods.ts';
import { registrationCsvColumns, registrationsPerDay } from './registrations.ts';
import { revenueShare } from './revenue-share.ts';
import { agentDaily, agentMonthly, gameByBrand, gameByCode } from './service.ts';

type Input<N extends ReportRouteName> = {
  body: z.output<(typeof api)[N]['body']>;
  params: z.output<(typeof api)[N]['params']>;
};
/** Each report once: the JSON route and its CSV twin both call these. */
const reports: {
  [N in ReportRouteName]: (
    ctx: AppContext,
    scope: Scope,
    input: Input<N>,
  ) => Promise<{ rows: ReportRow<N>[] }>;
} = {
  summaryAgentDaily: (ctx, scope, { body, params }) => agentDaily(ctx, scope, params.agentId, dayRange(body)),
  summaryAgentMonthly: (ctx, scope, { body, params }) =>
    agentMonthly(ctx, scope, params.agentId, monthRange(body)),
  summaryGameDaily: (ctx, scope, { body, params }) =>
    gameByBrand(ctx, scope, params.agentId, dayRange(body), 'day'),
  summaryGameMonthly: (ctx, scope, { body, params }) =>
    gameByBrand(ctx, scope, params.agentId, monthRange(body), 'month'),
  summaryGameDailyByGame: (ctx, scope, { body, params }) =>
    gameByCode(
      ctx,
      scope,
      params.agentId,
      params.gameBrand,
      pickerRange(body.from, body.to, ctx.config.REPORT_TIMEZONE, MAX_DAILY_RANGE_DAYS),
      'day',
    ),
  summaryGameMonthlyByGame: (ctx, scope, { body, params }) =>
    gameByCode(
      ctx,
      scope,
      params.agentId,
      params.gameBrand,
      pickerRange(body.from, body.to, ctx.config.REPORT_TIMEZONE, MAX_MONTHLY_RANGE_DAYS),
      'month',
    ),
  // Staff only (not open to the agent side): the statement of every arrangement.
  revenueShare: (ctx, _scope, { body }) => revenueShare(ctx, body.month, body.year),
};

/** Reports and their exports may be served by the read replica (docs/design.md §14). */
const replica = { reads: 'replica' } as const;

const hasBets = (row: object) => 'transactionCount' in row && row.transactionCount !== 0;

const register = <N extends ReportRouteName>(app: FastifyInstance, name: N) => {
  const report = reports[name] as (
    ctx: AppContext,
    scope: Scope,
    input: Input<N>,
  ) => Promise<{ rows: ReportRow<N>[] }>;
  // An agent outside the caller's scope answers as one that does not exist (docs/design.md §16); the
  // ledger reads only the scope's rows anyway (`all` = every agent in it). No bets of one agent: "not
  // found" when that agent does not exist (a stale or edited link), rather than a report of zeros.
  // Looked up only then, so a report with bets pays nothing for it.
  const run = async (ctx: AppContext, actor: Principal, input: Input<N>) => {
    const scope = scopeOf(actor);
    const agentId = (input.params as { agentId?: unknown } | undefined)?.agentId;
    if (typeof agentId === 'bigint') assertAgentInScope(scope, agentId);
    const answer = await report(ctx, scope, input);
    if (typeof agentId === 'bigint' && !answer.rows.some(hasBets)) await assertAgentExists(ctx.db, agentId);
    return answer;
  };
  defineRoute(
    app,
    api[name] as RouteDef,
    ({ ctx, actor, body, params }) => run(ctx, actor as Principal, { body, params } as Input<N>),
    replica,
  );
  defineRoute(
    app,
    reportExports[name] as RouteDef,
    async ({ ctx, actor, body, params, reply }) => {
      const { rows } = await run(ctx, actor as Principal, { body, params } as Input<N>);
      await sendCsv(reply, `${name}.csv`, async () => ({ rows, next: undefined }), reportCsvColumns[name]);
      return REPLIED;
    },
    replica,
  );
};

export const reportRoutes = (app: FastifyInstance) => {
  for (const name of Object.keys(reports) as ReportRouteName[]) register(app, name);
  defineRoute(
    app,
    api.agentReportMonthly,
    ({ ctx, actor, params, body }) => {
      assertAgentInScope(scopeOf(actor), params.agentId);
      return monthlyBalance(ctx, params.agentId, body.date);
    },
    replica,
  );
  defineRoute(
    app,
    api.agentReportMonthlyBatch,
    ({ ctx, actor, body }) => monthlyBalances(ctx, scopeOf(actor), body.agentIds, body.date),
    replica,
  );
  defineRoute(app, api.dashboard, ({ ctx, actor, body }) => dashboard(ctx, scopeOf(actor), body), replica);
  // Registrations per day (`/report/…/user/register/count`, the spec's "report").
  defineRoute(
    app,
    api.registerCount,
    ({ ctx, actor, params, body }) => registrationsPerDay(ctx, scopeOf(actor), params.agentId, body.date),
    replica,
  );
  defineRoute(
    app,
    api.registerCountExport,
    async ({ ctx, actor, params, body, reply }) => {
      const rows = await registrationsPerDay(ctx, scopeOf(actor), params.agentId, body.date);
      await sendCsv(
        reply,
        `registrations-${params.agentId}.csv`,
        async () => ({ rows, next: undefined }),
        registrationCsvColumns,
      );
      return REPLIED;
    },
    replica,
  );
};
