import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { verifyChain } from '../features/audit/service.ts';
import { lockDataDir } from '../lib/data-dir-lock.ts';

/** `npm run audit:verify`: walk the audit chain and name the first broken link, if any. */
const main = async () => {
  const config = loadConfig();
  // The embedded database belongs to one process at a time: refuse while the server has it open.
  const unlock = config.DATABASE_URL ? () => undefined : lockDataDir(resolve(config.DATA_DIR));
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: 1 }
      : { kind: 'pglite', dataDir: resolve(config.DATA_DIR) },
  );
  try {
    const report = await verifyChain(database.db);
    if (report.ok) {
      console.log(`Audit chain intact: ${report.records} records verified.`);
      return 0;
    }
    console.error(
      `Audit chain BROKEN at record ${report.brokenAt} (${report.reason}); ${report.records - 1} records before it verified.`,
    );
    return 2;
  } finally {
    await database.close();
    unlock();
  }
};

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
