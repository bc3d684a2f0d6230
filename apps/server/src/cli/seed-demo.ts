import { parseArgs } from 'node:util';
import type { AppContext } from '../context.ts';
import { vacuumAndAnalyze } from '../db/maintenance.ts';
import { seedDemo } from '../features/demo/seed.ts';
import { ledgerTables } from '../ledger/catalogue.ts';
import { runOnDatabase } from './run-on-database.ts';

const USAGE = `Usage: npm run seed:demo -- [options]
Fills the database (DATABASE_URL, else the embedded one in DATA_DIR) with demo data: agents in a
sharing tree, players, game providers and bets, through the product's own ingest.

  --transactions N  bets to write (default 200000)
  --seed S          seed of the generator: the same seed writes the same data (default 1)
  --days D          days the bets spread over (default 90)
  --if-empty        do nothing when the database already holds agents
  --help            this text`;

/** `npm run seed:demo -- --transactions N --seed S`: fill an empty database with demo data. */
const parsed = (() => {
  try {
    return parseArgs({
      options: {
        transactions: { type: 'string', default: '200000' },
        seed: { type: 'string', default: '1' },
        days: { type: 'string', default: '90' },
        'if-empty': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    process.exit(2);
  }
})();
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const { values } = parsed;
const positive = (name: string, raw: string | undefined) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a positive whole number (got "${raw}")`);
    process.exit(2);
  }
  return n;
};
const transactions = positive('transactions', values.transactions);
const seed = positive('seed', values.seed);
const days = positive('days', values.days);

const bar = (done: number, total: number, started: number) => {
  const width = 30;
  const ratio = Math.min(1, done / total);
  const rate = done / Math.max(0.001, (Date.now() - started) / 1000);
  const eta = rate > 0 ? Math.ceil((total - done) / rate) : 0;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}%  ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} rows  ${Math.round(rate).toLocaleString('en-US')} rows/s  ETA ${eta}s`;
};

// Seeding migrates and makes past months' partitions: as the tables' owner when one is set.
runOnDatabase(
  (config) => ({ url: config.DATABASE_OWNER_URL ?? config.DATABASE_URL, poolSize: 4 }),
  async (database, config) => {
    await database.migrate();
    const ctx: AppContext = { db: database.db, config, now: () => new Date() };
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const started = Date.now();
    let last = 0;
    const tty = process.stderr.isTTY;
    console.log(
      `Seeding ${transactions.toLocaleString('en-US')} transactions over ${days} days (seed ${seed})…`,
    );
    const result = await seedDemo(ctx, {
      transactions,
      seed,
      days,
      until: today,
      concurrency: config.DATABASE_URL ? 3 : 1,
      onProgress: (done, total) => {
        const now = Date.now();
        if (tty && now - last > 200) {
          process.stderr.write(`\r${bar(done, total, started)}`);
          last = now;
        } else if (!tty && (done === total || now - last > 5000)) {
          console.log(bar(done, total, started));
          last = now;
        }
      },
    }).catch((err: unknown) => {
      if (values['if-empty'] && err instanceof Error && /already has agents/.test(err.message))
        return undefined;
      throw err;
    });
    if (tty) process.stderr.write(`\r${bar(transactions, transactions, started)}\n`);
    if (!result) {
      console.log('The database already holds data; nothing seeded.');
      return 0;
    }
    // Fresh statistics, so the first reports on the new data are planned for its real size.
    await vacuumAndAnalyze(database.db, ledgerTables);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `Done: ${result.agents} agents, ${result.players.toLocaleString('en-US')} players, ${result.transactions.toLocaleString('en-US')} transactions in ${seconds.toFixed(1)} s.`,
    );
    return 0;
  },
);
