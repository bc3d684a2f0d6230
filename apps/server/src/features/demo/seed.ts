import { createHash } from 'node:crypto';
import type { BetType, IngestItem } from '@sapi/contract';
import { count } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../core/audit.ts';
import { adapters, agentSharing, agents, users } from '../../db/schema/index.ts';
import { ingestBatch } from '../../ledger/ingest-batch.ts';
import { ensurePartitions } from '../../ledger/partitions.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { demoAdapters, demoAgentTree, walletAdapter } from './catalogue.ts';
import { type Rng, rng } from './random.ts';

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
const STAKES = [1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000] as const;

interface Player {
  agent: number;
  name: string;
  joined: number;
}

/** A secret that follows from the seed, so a seed always gives the same keys. */
const derived = (seed: number, what: string) =>
  createHash('sha256').update(`${seed}:${what}`).digest('base64url');

const settleOf = (r: Rng, stake: number): { type: BetType; amount: number } => {
  const roll = r.next();
  if (roll < 0.03) return { type: 'VOID', amount: stake };
  if (roll < 0.08) return { type: 'CANCEL', amount: stake };
  if (roll < 0.55) return { type: 'SETTLE', amount: 0 };
  // Winners: mostly small multiples, now and then a big one; the house keeps its edge on average.
  const multiple = r.chance(0.02) ? r.int(5, 50) : 1 + r.next() * 1.6;
  return { type: 'SETTLE', amount: Math.round(stake * multiple) };
};

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
    await tx
      .insert(agentSharing)
      .values(sharing.map((s) => ({ ...s, createdAt: new Date(from), updatedAt: new Date(from) })));
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

  // Players sit under the lower levels of the tree; most join early, some keep arriving.
  const retail = agentRows
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.agentType === 'AGENT' || a.agentType === 'SUBAGENT');
  const playerCount = Math.max(200, Math.min(50_000, Math.round(opts.transactions / 40)));
  const players: Player[] = Array.from({ length: playerCount }, (_, i) => ({
    agent: r.pick(retail).i,
    name: `player${String(i + 1).padStart(5, '0')}`,
    joined: from + Math.floor(r.next() ** 2 * opts.days * 0.9 * DAY_MS),
  }));
  // Stored in registration order, so ids follow registration time (lists sort by id).
  players.sort((a, b) => a.joined - b.joined);
  for (let i = 0; i < players.length; i += BATCH) {
    await ctx.db.insert(users).values(
      players.slice(i, i + BATCH).map((p) => {
        const agent = agentRows[p.agent];
        if (!agent) throw new Error('player without agent');
        return {
          agentId: agent.id,
          username: `${agent.prefix}${p.name}`,
          betLimit: BigInt(r.pick([5000, 10_000, 50_000, 100_000])) * 100n,
          createdAt: new Date(p.joined),
          updatedAt: new Date(p.joined),
        };
      }),
    );
  }

  await ensurePartitions(ctx.db, new Date(from), new Date(opts.until.getTime() + 31 * DAY_MS));

  const buffers = new Map<number, IngestItem[]>();
  const inFlight = new Set<Promise<void>>();
  let written = 0;
  let generated = 0;
  let round = 0;
  const flush = async (agentIndex: number) => {
    const items = buffers.get(agentIndex);
    const agent = agentRows[agentIndex];
    if (!items?.length || !agent) return;
    buffers.set(agentIndex, []);
    const job = ingestBatch(ctx.db, agent, items, ctx.config.REPORT_TIMEZONE, now).then((res) => {
      written += res.accepted;
      opts.onProgress?.(written, opts.transactions);
    });
    const tracked = job.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= opts.concurrency) await Promise.race(inFlight);
  };
  const push = async (
    p: Player,
    item: Omit<IngestItem, 'username' | 'betTypeFromGame'> & { label: string },
  ) => {
    const list = buffers.get(p.agent) ?? [];
    const { label, ...rest } = item;
    list.push({ ...rest, betTypeFromGame: label, username: p.name });
    buffers.set(p.agent, list);
    generated++;
    if (list.length >= BATCH) await flush(p.agent);
  };

  while (generated < opts.transactions) {
    // A few players play most of the rounds.
    const p = players[Math.floor(r.next() ** 3 * players.length)] as Player;
    const at = p.joined + Math.floor(r.next() * (opts.until.getTime() - p.joined));
    const adapter = r.pick(demoAdapters);
    const game = r.pick(adapter.games);
    const betId = `${adapter.codename}-${(++round).toString(36).toUpperCase()}`;
    const common = { betId, gameBrand: adapter.codename, gameCode: game };
    if (r.chance(0.06)) {
      const cash = r.pick(STAKES) * r.int(1, 20);
      const deposit = r.chance(0.7);
      await push(p, {
        ...common,
        betId: `CASH-${round.toString(36).toUpperCase()}`,
        gameBrand: walletAdapter.codename,
        gameCode: deposit ? 'deposit' : 'withdraw',
        betType: deposit ? 'DEPOSIT' : 'WITHDRAW',
        label: deposit ? 'deposit' : 'withdraw',
        amount: (deposit ? cash : -cash) / 100,
        startDate: new Date(at).toISOString(),
      });
      continue;
    }
    if (r.chance(0.01)) {
      await push(p, {
        ...common,
        betType: 'PROMOTION',
        label: 'bonus',
        amount: r.pick(STAKES) / 100,
        startDate: new Date(at).toISOString(),
      });
      continue;
    }
    const stake = r.pick(STAKES);
    const hold = new Date(at);
    await push(p, {
      ...common,
      betType: 'HOLD',
      label: 'bet',
      amount: -stake / 100,
      startDate: hold.toISOString(),
    });
    if (generated >= opts.transactions) break;
    const outcome = settleOf(r, stake);
    const end = new Date(Math.min(at + r.int(2, 180) * 1000, opts.until.getTime()));
    await push(p, {
      ...common,
      betType: outcome.type,
      label: outcome.type === 'SETTLE' ? (outcome.amount > 0 ? 'win' : 'lose') : outcome.type.toLowerCase(),
      amount: outcome.amount / 100,
      startDate: end.toISOString(),
      endDate: end.toISOString(),
    });
  }
  for (const agentIndex of buffers.keys()) await flush(agentIndex);
  await Promise.all(inFlight);
  return { agents: agentRows.length, players: players.length, transactions: written };
};
