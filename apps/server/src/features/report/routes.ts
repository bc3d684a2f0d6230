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
import type { AppContext } from '../../context.ts';
import { sendCsv } from '../../plugins/csv.ts';
import { defineRoute, REPLIED } from '../../plugins/route.ts';
import { monthlyBalance, monthlyBalances } from './balances.ts';
import { dashboard } from './dashboard.ts';
import { dayRange, monthRange, pickerRange } from './periods.ts';
import { revenueShare } from './revenue-share.ts';
import { type AgentScope, agentDaily, agentMonthly, gameByBrand, gameByCode } from './service.ts';

const scope = (agentId: string): AgentScope => (agentId === 'all' ? 'all' : BigInt(agentId));

type Input<N extends ReportRouteName> = {
  body: z.output<(typeof api)[N]['body']>;
  params: z.output<(typeof api)[N]['params']>;
};
/** Each report once: the JSON route and its CSV twin both call these. */
const reports: { [N in ReportRouteName]: (ctx: AppContext, input: Input<N>) => Promise<{ rows: object[] }> } =
  {
    summaryAgentDaily: (ctx, { body, params }) => agentDaily(ctx, scope(params.agentId), dayRange(body)),
    summaryAgentMonthly: (ctx, { body, params }) =>
      agentMonthly(ctx, scope(params.agentId), monthRange(body)),
    summaryGameDaily: (ctx, { body, params }) =>
      gameByBrand(ctx, scope(params.agentId), dayRange(body), 'day'),
    summaryGameMonthly: (ctx, { body, params }) =>
      gameByBrand(ctx, scope(params.agentId), monthRange(body), 'month'),
    summaryGameDailyByGame: (ctx, { body, params }) =>
      gameByCode(
        ctx,
        scope(params.agentId),
        params.gameBrand,
        pickerRange(body.from, body.to, ctx.config.REPORT_TIMEZONE, MAX_DAILY_RANGE_DAYS),
        'day',
      ),
    summaryGameMonthlyByGame: (ctx, { body, params }) =>
      gameByCode(
        ctx,
        scope(params.agentId),
        params.gameBrand,
        pickerRange(body.from, body.to, ctx.config.REPORT_TIMEZONE, MAX_MONTHLY_RANGE_DAYS),
        'month',
      ),
    revenueShare: (ctx, { body }) => revenueShare(ctx, body.month, body.year),
  };

type Cell = string | number | boolean | null;
/** CSV columns are the row's own fields, in order. */
const csvOf = (rows: object[]) =>
  Object.keys(rows[0] ?? {}).map((header) => ({
    header,
    value: (r: object) => (r as Record<string, Cell>)[header] ?? null,
  }));

const register = <N extends ReportRouteName>(app: FastifyInstance, name: N) => {
  const run = reports[name] as (ctx: AppContext, input: Input<N>) => Promise<{ rows: object[] }>;
  defineRoute(app, api[name] as RouteDef, ({ ctx, body, params }) => run(ctx, { body, params } as Input<N>));
  defineRoute(app, reportExports[name] as RouteDef, async ({ ctx, body, params, reply }) => {
    const { rows } = await run(ctx, { body, params } as Input<N>);
    await sendCsv(reply, `${name}.csv`, async () => ({ rows, next: undefined }), csvOf(rows));
    return REPLIED;
  });
};

export const reportRoutes = (app: FastifyInstance) => {
  for (const name of Object.keys(reports) as ReportRouteName[]) register(app, name);
  defineRoute(app, api.agentReportMonthly, ({ ctx, params, body }) =>
    monthlyBalance(ctx, BigInt(params.agentId), body.date),
  );
  defineRoute(app, api.agentReportMonthlyBatch, ({ ctx, body }) =>
    monthlyBalances(ctx, body.agentIds.map(BigInt), body.date),
  );
  defineRoute(app, api.dashboard, ({ ctx, body }) => dashboard(ctx, body));
};
