import { resolve } from 'node:path';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { lockDataDir } from '../lib/data-dir-lock.ts';

/**
 * A command's work on the configured database: PostgreSQL at the URL `connect` picks (the app's, or
 * the tables' owner's), else the embedded database under DATA_DIR, which belongs to one process at a
 * time (refused while a server holds it). Closed and unlocked after; the work's answer is the exit
 * code (0 when none), and a failure prints its message and exits 1.
 */
export const runOnDatabase = (
  connect: (config: Config) => { url: string | undefined; poolSize: number },
  work: (database: Database, config: Config) => Promise<number | undefined>,
) => {
  const run = async () => {
    const config = loadConfig();
    const { url, poolSize } = connect(config);
    const unlock = url ? () => undefined : lockDataDir(resolve(config.DATA_DIR));
    try {
      const database = await openDatabase(
        url
          ? { kind: 'postgres', url, poolSize, reportTimeZone: config.REPORT_TIMEZONE }
          : { kind: 'pglite', dataDir: resolve(config.DATA_DIR), reportTimeZone: config.REPORT_TIMEZONE },
      );
      try {
        return await work(database, config);
      } finally {
        await database.close();
      }
    } finally {
      unlock();
    }
  };
  run().then(
    (code) => process.exit(code ?? 0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
};
