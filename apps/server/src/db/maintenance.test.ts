import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, ingest, makeAgent, registerBrands } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { rollupMismatches } from '../../test/ledger-checks.ts';
import { queryRows } from './client.ts';
import { vacuumAndAnalyze } from './maintenance.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
});
afterAll(() => t.close());

const plannerRows = async (table: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.ctx.db,
        sql`select reltuples::bigint::text as n from pg_class where relname = ${table}`,
      )
    )[0]?.n,
  );

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

    await vacuumAndAnalyze(t.ctx.db);

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

    await vacuumAndAnalyze(t.ctx.db);

    const [pages] = await queryRows<{ all: number; visible: number }>(
      t.ctx.db,
      sql`select relpages as all, relallvisible as visible from pg_class where relname = 'users'`,
    );
    expect(pages?.all).toBeGreaterThan(0);
    expect(pages?.visible).toBe(pages?.all);
  });
});
