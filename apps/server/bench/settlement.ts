// `npx tsx apps/server/bench/settlement.ts --engine pglite|postgres --rows N --days D`: settlement's
// budgets (docs/design.md §11, §15) on a demo data set made here: closing a month (the approving
// transaction: the month's lines computed and frozen) and the statement of an open month (p95), with
// the months before it closed, as in use. PostgreSQL: a fresh database on BENCH_DATABASE_URL's server.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { lockSettlement } from '../src/core/settlement-periods.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { admins, approvals, settlementPeriods } from '../src/db/schema/index.ts';
import { seedDemo } from '../src/features/demo/seed.ts';
import { freezeMonth } from '../src/ledger/settlement-statement.ts';
import { statementView } from '../src/ledger/settlement-view.ts';
import { nextMonth } from '../src/lib/days.ts';
import { dateInZone } from '../src/lib/time.ts';
import { measure } from './stats.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    rows: { type: 'string', default: '100000' },
    days: { type: 'string', default: '75' },
    runs: { type: 'string', default: '40' },
  },
});
const engine = values.engine;
const rows = Number(values.rows);
const days = Number(values.days);
const runs = Number(values.runs);

const open = async (): Promise<{ database: Database; drop: () => Promise<void> }> => {
  if (engine === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    return { database, drop: () => database.close() };
  }
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `sapi_bench_settlement_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};

const { database, drop } = await open();
try {
  await database.migrate();
  const config = loadConfig({ TOTP_KEY: 'bench-totp-key-0123456789abcdefghijklmnop' });
  const ctx: AppContext = { db: database.db, config, now: () => new Date() };
  const until = new Date();
  let started = performance.now();
  await seedDemo(ctx, { transactions: rows, seed: 1, days, until, concurrency: engine === 'pglite' ? 1 : 3 });
  if (engine !== 'pglite') await database.db.execute(sql`analyze`);
  console.log(
    `Seeded ${rows.toLocaleString('en-US')} bets over ${days} days in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const [admin] = await database.db
    .insert(admins)
    .values({ username: 'bench_closer', passwordHash: 'x', type: 'ADMIN', createdBy: 'bench' })
    .returning({ id: admins.id });
  const by = admin?.id ?? 1n;
  const today = dateInZone(new Date(), config.REPORT_TIMEZONE);
  const current = `${today.slice(0, 7)}-01`;
  const first = `${dateInZone(new Date(until.getTime() - days * 86_400_000), config.REPORT_TIMEZONE).slice(0, 7)}-01`;

  console.log('\nSettlement (docs/design.md §15):');
  for (let month = first; month < current; month = nextMonth(month)) {
    // What an approval does: the period and its approval stored, then the lines frozen, in one transaction.
    started = performance.now();
    const lines = await database.db.transaction(async (tx) => {
      await lockSettlement(tx);
      const [approval] = await tx
        .insert(approvals)
        .values({
          kind: 'settlement-close',
          target: month.slice(0, 7),
          requestedBy: by,
          requestedAt: new Date(),
          payload: { month },
          summary: {},
          status: 'approved',
        })
        .returning({ id: approvals.id });
      await tx.insert(settlementPeriods).values({
        month,
        status: 'closing',
        requestedBy: by,
        requestedAt: new Date(),
        approvalId: approval?.id ?? 0n,
      });
      return freezeMonth(tx, month, by, new Date());
    });
    console.log(
      `  close ${month.slice(0, 7)} (${lines} lines): ${(performance.now() - started).toFixed(1)} ms (budget ≤ 2000 ms on the 10M set)`,
    );
  }
  const openMonth = await measure(runs, () => statementView(database.db, current));
  console.log(
    `  statement of the open month ${current.slice(0, 7)}: median ${openMonth.median.toFixed(1)} ms, p95 ${openMonth.p95.toFixed(1)} ms (budget p95 ≤ 20 ms)`,
  );
  const closedMonth = await measure(runs, () => statementView(database.db, first));
  console.log(
    `  statement of the closed month ${first.slice(0, 7)}: median ${closedMonth.median.toFixed(1)} ms, p95 ${closedMonth.p95.toFixed(1)} ms`,
  );
} finally {
  await drop();
}
