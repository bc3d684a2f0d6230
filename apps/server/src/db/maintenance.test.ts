import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, ingest, makeAgent, registerBrands } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { rollupMismatches } from '../../test/ledger-checks.ts';
import { pruneSessions } from '../core/session-store.ts';
import { pruneLoginThrottle } from '../features/auth/throttle-upkeep.ts';
import { pruneIngestLog } from '../features/ingest/log.ts';
import { ledgerTables } from '../ledger/catalogue.ts';
import { onCitus, queryRows } from './client.ts';
import { vacuumAndAnalyze } from './maintenance.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
});
afterAll(() => t.close());

/**
 * A table's statistics in pg_class (`column`): its own, or on Citus the sum of its shards' on the
 * workers (the coordinator's table holds no rows; VACUUM and ANALYZE are run on the shards).
 */
const statOf = async (table: string, column: 'reltuples' | 'relpages' | 'relallvisible') =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.ctx.db,
        onCitus(t.ctx.db)
          ? sql`select coalesce(sum(result::bigint), 0)::text as n
                from run_command_on_shards(${table},
                  ${`select ${column}::bigint from pg_class where oid = '%s'::regclass`})`
          : sql`select ${sql.raw(column)}::bigint::text as n from pg_class where relname = ${table}`,
      )
    )[0]?.n,
  );
const plannerRows = (table: string) => statOf(table, 'reltuples');

describe('vacuum and analyze (PGlite has no autovacuum)', () => {
  it('gives the planner the real size of the rollups and keeps their sums', async () => {
    const agent = await makeAgent(t, await t.tokenFor('OPERATOR'));
    const rows = Array.from({ length: 60 }, (_, i) =>
      bet({ betId: `M${i}`, startDate: new Date(Date.UTC(2026, 9, 1 + (i % 30), 5)).toISOString() }),
    );
    expect((await ingest(t, agent, rows)).status).toBe(1000);
    // Re-send as updates of the same rollup rows: dead tuples to reclaim.
    expect(
      (
        await ingest(
          t,
          agent,
          rows.map((r) => ({ ...r, betId: `${r.betId}b` })),
        )
      ).status,
    ).toBe(1000);

    await vacuumAndAnalyze(t.ctx.db, ledgerTables);

    const [{ n } = { n: '0' }] = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`select count(*)::text as n from rollup_agent_daily`,
    );
    expect(await plannerRows('rollup_agent_daily')).toBe(Number(n));
    expect(await rollupMismatches(t)).toBe(0);
  });

  it('keeps the players table all-visible, so a username search reads the names from their index alone', async () => {
    const agent = await makeAgent(t, await t.tokenFor('OPERATOR'));
    const rows = Array.from({ length: 40 }, (_, i) => bet({ betId: `V${i}`, username: `visible${i}` }));
    expect((await ingest(t, agent, rows)).status).toBe(1000);

    await vacuumAndAnalyze(t.ctx.db, ledgerTables);

    const pages = { all: await statOf('users', 'relpages'), visible: await statOf('users', 'relallvisible') };
    expect(pages.all).toBeGreaterThan(0);
    expect(pages.visible).toBe(pages.all);
  });
});

/** A full collection on demand: the flag is set at run time, so the test needs no node option. */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * Bytes in the old generation (and large objects). What an operation keeps alive across a scavenge is
 * promoted there, so its growth right after the operation, before any full collection, is what the
 * operation held at once; the young generation's short-lived garbage (bounded by its own size,
 * whatever the operation does) is left out, so the figure does not depend on when a scavenge ran.
 */
const oldGeneration = () =>
  v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_name !== 'new_space')
    .reduce((n, space) => n + space.space_used_size, 0);

const count = async (table: string) =>
  Number(
    (await queryRows<{ n: string }>(t.ctx.db, sql`select count(*)::text as n from ${sql.raw(table)}`))[0]?.n,
  );

describe('upkeep in constant memory (issue 38)', () => {
  it('prunes 200,000 aged ingest log rows holding under 20 MB of heap, newer rows kept', async () => {
    const now = t.clock.now();
    const aged = new Date(now.getTime() - 31 * 24 * 3600 * 1000).toISOString();
    const fresh = new Date(now.getTime() - 29 * 24 * 3600 * 1000).toISOString();
    await t.ctx.db.execute(sql`delete from ingest_log`);
    // No agent: null, or 0 on Citus (migration 0045).
    const none = onCitus(t.ctx.db) ? '0' : null;
    await t.ctx.db.execute(sql`insert into ingest_log (at, agent_id, ip, outcome, reason, status, item_count)
      select ${aged}::timestamptz, ${none}::bigint, '198.51.100.1', 'refused', 'bad_signature', 3001, 1
      from generate_series(1, 200000)`);
    await t.ctx.db.execute(sql`insert into ingest_log (at, agent_id, ip, outcome, status, item_count, accepted, duplicates)
      select ${fresh}::timestamptz, ${none}::bigint, '198.51.100.2', 'accepted', 1000, 1, 1, 0 from generate_series(1, 10)`);
    gc();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const before = oldGeneration();
    const pruned = await pruneIngestLog(t.ctx.db, now);
    const held = oldGeneration() - before;
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expect(pruned).toBe(200_000);
    expect(await count('ingest_log')).toBe(10);
    // DELETE … RETURNING held every deleted id at once: 34 MB (PostgreSQL) to 60 MB (PGlite) here.
    expect(
      held,
      `old generation +${(held / 1e6).toFixed(1)} MB, heap used +${(heapGrowth / 1e6).toFixed(1)} MB`,
    ).toBeLessThan(20 * 1024 * 1024);
  });

  it('prunes ended sessions and used or expired sign-in challenges, live ones kept', async () => {
    await t.sessionFor('REPORTER');
    const now = t.clock.now();
    const [admin] = await queryRows<{ id: string }>(t.ctx.db, sql`select id::text as id from admins limit 1`);
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const session = (name: string, lastSeen: number, expires: number, revoked: boolean) =>
      t.ctx.db.execute(sql`insert into sessions (token_hash, admin_id, created_at, last_seen_at, expires_at, revoked_at)
        values (${name}, ${admin?.id}::bigint, ${at(-60_000)}::timestamptz, ${at(lastSeen)}::timestamptz,
                ${at(expires)}::timestamptz, ${revoked ? at(-1000) : null}::timestamptz)`);
    const liveBefore = await count('sessions');
    await session('prune-revoked', -1000, 3600_000, true);
    await session('prune-idle', -31 * 60_000, 3600_000, false);
    await session('prune-expired', -1000, -1000, false);
    await session('prune-live', -1000, 3600_000, false);
    const challenge = (name: string, expires: number, used: boolean) =>
      t.ctx.db.execute(sql`insert into login_challenges (token_hash, admin_id, created_at, expires_at, used_at)
        values (${name}, ${admin?.id}::bigint, ${at(-60_000)}::timestamptz, ${at(expires)}::timestamptz,
                ${used ? at(-1000) : null}::timestamptz)`);
    await challenge('prune-used', 60_000, true);
    await challenge('prune-old', -1000, false);
    await challenge('prune-open', 60_000, false);
    expect(await pruneSessions(t.ctx.db, now)).toBeGreaterThanOrEqual(5);
    const left = await queryRows<{ token_hash: string }>(
      t.ctx.db,
      sql`select token_hash from sessions where token_hash like 'prune-%'
          union all select token_hash from login_challenges where token_hash like 'prune-%' order by 1`,
    );
    expect(left.map((r) => r.token_hash)).toEqual(['prune-live', 'prune-open']);
    expect(await count('sessions')).toBe(liveBefore + 1);
  });

  it('deletes sign-in throttle rows whose window is over: ip keys after 15 min, every other key after 12 h', async () => {
    const now = t.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    await t.ctx.db.execute(sql`delete from login_throttle`);
    const row = (key: string, windowAgo: number, lastAgo: number) =>
      t.ctx.db.execute(sql`insert into login_throttle (key, failures, window_start, last_failure_at)
        values (${key}, 3, ${ago(windowAgo)}::timestamptz, ${ago(lastAgo)}::timestamptz)`);
    const H = 3600_000;
    await row('ip:198.51.100.1', 16 * 60_000, 60_000); // window over
    await row('ip:198.51.100.2', 14 * 60_000, 14 * 60_000); // window running
    await row('u:old', 13 * H, 12 * H + 60_000); // last failure 12 h ago
    await row('u:recent', 13 * H, 11 * H); // within 12 h
    await row('c:1', 13 * H, 13 * H); // any other prefix: the user rule
    await row('c:2', 13 * H, H);
    expect(await pruneLoginThrottle(t.ctx.db, now)).toBe(3);
    const left = await queryRows<{ key: string }>(t.ctx.db, sql`select key from login_throttle order by key`);
    expect(left.map((r) => r.key)).toEqual(['c:2', 'ip:198.51.100.2', 'u:recent']);
  });
});
