import { createHash } from 'node:crypto';
import type { IngestItem } from '@sapi/contract';
import { count, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../core/audit.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { adapters, agentSharing, agentSharingVersions, agents, users } from '../../db/schema/index.ts';
import { ingestBatch } from '../../ledger/ingest-batch.ts';
import { ensurePartitions } from '../../ledger/partitions.ts';
import { countRegistrations } from '../../ledger/registrations.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { dateInZone } from '../../lib/time.ts';
import { demoAdapters, demoAgentTree, walletAdapter } from './catalogue.ts';
import { rng } from './random.ts';
import { demoBets, demoPlayers, type Player } from './rounds.ts';

export interface SeedOptions {
  transactions: number;
  seed: number;
  /** Bets fall in the `days` days before this instant. */
  until: Date;
  days: number;
  /** Batches sent at once (PostgreSQL takes several; PGlite serialises anyway). */
  concurrency: number;
  onProgress?: (done: number, total: number) => void;
}

const DAY_MS = 86_400_000;
const BATCH = 1000;

/** A secret that follows from the seed, so a seed always gives the same keys. */
const derived = (seed: number, what: string) =>
  createHash('sha256').update(`${seed}:${what}`).digest('base64url');

/** Fill an empty database with a realistic, deterministic data set, writing bets through the ingest service. */
export const seedDemo = async (ctx: AppContext, opts: SeedOptions) => {
  const [existing] = await ctx.db.select({ n: count() }).from(agents);
  if ((existing?.n ?? 0) > 0)
    throw new Error('The database already has agents; demo data goes only into an empty one.');
  const r = rng(opts.seed);
  const now = ctx.now();
  const from = opts.until.getTime() - opts.days * DAY_MS;

  const tree = demoAgentTree();
  const agentPassword = await hashPassword(derived(opts.seed, 'agent-password'));
  const agentRows = await ctx.db.transaction(async (tx) => {
    await tx.insert(adapters).values(
      [...demoAdapters, walletAdapter].map((a) => ({
        name: a.name,
        codename: a.codename,
        type: a.type,
        endpoint: `https://api.${a.codename.toLowerCase()}.example.com/v1`,
        logo: `https://cdn.${a.codename.toLowerCase()}.example.com/logo.png`,
        createdAt: new Date(from),
        updatedAt: new Date(from),
      })),
    );
    const inserted = await tx
      .insert(agents)
      .values(
        tree.map((a, i) => ({
          username: a.username,
          passwordHash: agentPassword,
          endpoint: `https://${a.prefix}.partner.example.com/callback`,
          games: demoAdapters.map((d) => d.codename),
          prefix: a.prefix,
          code: `SYS-${a.prefix.toUpperCase()}`,
          secret: derived(opts.seed, `secret:${a.prefix}`),
          apiKey: `ak_${derived(opts.seed, `key:${a.prefix}`).slice(0, 24)}`,
          agentType: a.type,
          createdBy: 'demo',
          createdAt: new Date(from + i * 60_000),
          updatedAt: new Date(from + i * 60_000),
        })),
      )
      .returning();
    const idOf = new Map(inserted.map((a) => [a.username, a.id]));
    const sharing = tree.flatMap((a) => {
      const agentId = idOf.get(a.username);
      const parentId = a.parent ? idOf.get(a.parent) : undefined;
      return agentId && parentId
        ? [{ agentId, parentAgentId: parentId, parentBp: Math.round(a.share * 100) }]
        : [];
    });
    const arrangements = await tx
      .insert(agentSharing)
      .values(sharing.map((s) => ({ ...s, createdAt: new Date(from), updatedAt: new Date(from) })))
      .returning();
    // Each arrangement in force from the first business day of the data (docs/design.md §15).
    const firstDay = dateInZone(new Date(from), ctx.config.REPORT_TIMEZONE);
    if (arrangements.length > 0) {
      await tx.insert(agentSharingVersions).values(
        arrangements.map((s) => ({
          sharingId: s.id,
          agentId: s.agentId,
          parentAgentId: s.parentAgentId,
          parentBp: s.parentBp,
          effectiveFrom: firstDay,
          createdAt: new Date(from),
        })),
      );
    }
    await recordAudit(
      tx,
      { actorId: null, actor: 'demo', ip: null },
      {
        action: 'seed',
        entity: 'demo',
        entityId: null,
        after: {
          adapters: demoAdapters.length + 1,
          agents: inserted.length,
          transactions: opts.transactions,
          seed: opts.seed,
        },
      },
      now,
    );
    return inserted;
  });

  const rounds = { ...opts, timeZone: ctx.config.REPORT_TIMEZONE };
  const players = demoPlayers(r, rounds);
  const agentOf = new Map(agentRows.map((a) => [a.username, a]));
  const agentFor = (p: Player) => {
    const agent = agentOf.get(p.agent);
    if (!agent) throw new Error(`player of unknown agent ${p.agent}`);
    return agent;
  };
  for (let i = 0; i < players.length; i += BATCH) {
    await ctx.db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values(
          players.slice(i, i + BATCH).map((p) => {
            const agent = agentFor(p);
            return {
              agentId: agent.id,
              username: `${agent.prefix}${p.name}`,
              betLimit: p.betLimit,
              createdAt: new Date(p.joined),
              updatedAt: new Date(p.joined),
            };
          }),
        )
        .returning({ agentId: users.agentId, createdAt: users.createdAt });
      // The registered-players rollup, in the same transaction as the players it counts.
      await tx.execute(
        countRegistrations(
          sql`unnest(${arrayLiteral(created.map((c) => c.agentId.toString()))}::bigint[],
                     ${arrayLiteral(created.map((c) => c.createdAt.toISOString()))}::timestamptz[])
              as created (agent_id, created_at)`,
          ctx.config.REPORT_TIMEZONE,
        ),
      );
    });
  }

  await ensurePartitions(ctx.db, new Date(from), new Date(opts.until.getTime() + 31 * DAY_MS));

  const buffers = new Map<string, IngestItem[]>();
  const inFlight = new Set<Promise<void>>();
  let written = 0;
  const flush = async (agentUsername: string) => {
    const items = buffers.get(agentUsername);
    const agent = agentOf.get(agentUsername);
    if (!items?.length || !agent) return;
    buffers.set(agentUsername, []);
    const job = ingestBatch(ctx.db, agent, items, ctx.config.REPORT_TIMEZONE, now).then((res) => {
      written += res.accepted;
      opts.onProgress?.(written, opts.transactions);
    });
    const tracked = job.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= opts.concurrency) await Promise.race(inFlight);
  };
  for (const { player, item } of demoBets(r, players, rounds)) {
    const list = buffers.get(player.agent) ?? [];
    list.push(item);
    buffers.set(player.agent, list);
    if (list.length >= BATCH) await flush(player.agent);
  }
  for (const agentUsername of buffers.keys()) await flush(agentUsername);
  await Promise.all(inFlight);
  return { agents: agentRows.length, players: players.length, transactions: written };
};
