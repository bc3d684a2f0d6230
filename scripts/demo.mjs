// `npm run demo`: put demo data into an empty database (200,000 bets unless DEMO_TRANSACTIONS says
// otherwise), then start the console as `npm start` does.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const transactions = process.env.DEMO_TRANSACTIONS ?? '200000';
const seeded = spawnSync(
  'npx',
  ['tsx', 'apps/server/src/cli/seed-demo.ts', '--transactions', transactions, '--seed', '1', '--if-empty'],
  { cwd: root, stdio: 'inherit' },
);
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
await import('./start.mjs');
