// The fixed cost of a request, stage by stage (docs/design.md §11: ≤ 0.5 ms above a bare Fastify route).
// Started by the bench as its own process (`node --import tsx probe-server.ts`) on the bench's data
// set, it serves one answer — a 10-row transaction-list page held in memory, so no route reads the
// ledger — through a ladder of routes, each adding one stage of the product's request pipeline:
//
//   bare      a Fastify of its own, no hooks: JSON.stringify of the envelope    (port)
//   app       the product app (security headers, error handler), same route     (port + 1, below)
//   session-db  + the session row read from the database on every request (no memory), for comparison
//   session   + bearer token, session look-up (kept in memory, the counter read), allow-list
//   input     + the contract's params and body validation
//   output    + the answer written by the serializer built from the contract's schema
//   full      the route as the product registers the list (`defineRoute`, a replica read: the
//             handler runs beside the counter's read): all of the above
//
// It prints `probe listening <bare port> <app port>` once both answer.
import { api, Status, type TransactionListData } from '@sapi/contract';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { assertAllowedIp } from '../src/core/allow-list.ts';
import { AppError } from '../src/core/errors.ts';
import { resolveSession, sessionRowFromDatabase } from '../src/core/session-store.ts';
import { openDatabase } from '../src/db/client.ts';
import { envelope, envelopeText } from '../src/http/envelope.ts';
import { defineRoute } from '../src/http/route.ts';
import { compileSerializer } from '../src/http/serializer.ts';
import { sha256Hex } from '../src/lib/tokens.ts';
import { serveUntilStopped } from './child.ts';

const port = Number(process.argv[2] ?? 3911);

/** What the list endpoint answers for one page of 10 bets. */
const page: TransactionListData = {
  records: Array.from({ length: 10 }, (_, i) => ({
    _id: String(9_007_199_254_740_000 + i),
    agent: '17',
    user: String(40_000 + i),
    username: `player${i}`,
    betId: `BET-2026-11-${100_000 + i}`,
    betType: i % 2 ? 'SETTLE' : 'HOLD',
    betTypeFromGame: i % 2 ? 'win' : 'bet',
    gameBrand: 'PG',
    gameCode: `mahjong-ways-${i}`,
    amount: i % 2 ? 12.5 * i : -10 - i,
    startDate: `2026-11-2${i % 10}T10:1${i}:00.000Z`,
    endDate: i % 2 ? `2026-11-2${i % 10}T10:1${i}:05.000Z` : null,
    createdAt: `2026-11-2${i % 10}T10:1${i}:06.000Z`,
  })),
  page: 1,
  limit: 10,
  nextCursor: 'eyJ0IjoiMjAyNi0xMS0yMFQxMDoxMDowMC4wMDBaIiwiaSI6IjkwMDcxOTkyNTQ3NDAwMDAifQ',
};
const answer = envelope(undefined, Status.OK, null, page);
const def = { ...api.transactionList, path: '/probe/:agentId/full' };

const main = async () => {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('the probe runs on PostgreSQL (DATABASE_URL)');
  const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
  const ctx: AppContext = { db: database.db, config, now: () => new Date() };

  const bare = Fastify({ logger: false });
  bare.post('/probe/:agentId/bare', async () => answer);

  const app = await buildApp({ ctx, logger: false, webRoot: '/nonexistent' });
  const actorOf = async (authorization: string | undefined, ip: string) => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const actor = token ? await resolveSession(ctx, token) : null;
    if (!actor) throw new AppError(Status.UNAUTHENTICATED, 'Not signed in');
    await assertAllowedIp(ctx.db, 'admin', actor, ip, ctx.now());
    return actor;
  };
  app.post('/probe/:agentId/app', { config: { access: 'public' } }, async () => answer);
  // The look-up as it was before sessions were kept in memory: one join read per request.
  app.post('/probe/:agentId/session-db', { config: { access: 'public' } }, async (req) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const row = await sessionRowFromDatabase(ctx.db, sha256Hex(token));
    if (!row || row.locked) throw new AppError(Status.UNAUTHENTICATED, 'Not signed in');
    return answer;
  });
  app.post('/probe/:agentId/session', { config: { access: 'public' } }, async (req) => {
    await actorOf(req.headers.authorization, req.ip);
    return answer;
  });
  app.post('/probe/:agentId/input', { config: { access: 'public' } }, async (req) => {
    await actorOf(req.headers.authorization, req.ip);
    def.params.parse(req.params);
    def.body.parse(req.body);
    return answer;
  });
  const serialize = compileSerializer(def.data);
  app.post('/probe/:agentId/output', { config: { access: 'public' } }, async (req, reply) => {
    await actorOf(req.headers.authorization, req.ip);
    def.params.parse(req.params);
    def.body.parse(req.body);
    return reply
      .type('application/json; charset=utf-8')
      .send(envelopeText(undefined, Status.OK, null, serialize(page)));
  });
  defineRoute(app, def, async () => page, { reads: 'replica' });

  await bare.listen({ port, host: '127.0.0.1' });
  await app.listen({ port: port + 1, host: '127.0.0.1' });
  console.log(`probe listening ${port} ${port + 1}`);
  return async () => {
    await Promise.all([bare.close(), app.close()]);
    await database.close();
  };
};

serveUntilStopped(main);
