import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { auditKey, checkpointFileOf, readCheckpoints } from '../core/audit-checkpoint.ts';
import { openDatabase } from '../db/client.ts';
import { verifyAnchors, verifyChain } from '../features/audit/service.ts';
import { lockDataDir } from '../lib/data-dir-lock.ts';

/** Problems printed at most; the rest are counted. */
const SHOWN = 10;

/**
 * `npm run audit:verify`: walk the audit chain, name the first broken link, and hold the chain
 * against the signed checkpoints of its head (deleted or rewritten newest records). Exit 2 when
 * anything is missing or changed.
 */
const main = async () => {
  const config = loadConfig();
  const key = auditKey(config, { create: false });
  const file = checkpointFileOf(config);
  const log = readCheckpoints(file, key);
  // The embedded database belongs to one process at a time: refuse while the server has it open.
  const unlock = config.DATABASE_URL ? () => undefined : lockDataDir(resolve(config.DATA_DIR));
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: 1 }
      : { kind: 'pglite', dataDir: resolve(config.DATA_DIR) },
  );
  try {
    const problems: string[] = [];
    const chain = await verifyChain(database.db);
    if (!chain.ok) {
      problems.push(
        `chain BROKEN at record ${chain.brokenAt} (${chain.reason}); ${chain.records - 1} records before it verified`,
      );
    }
    for (const n of log.forged) {
      problems.push(`${file} line ${n}: the signature does not match (forged, or signed with another key)`);
    }
    for (const n of log.malformed) problems.push(`${file} line ${n}: not a checkpoint`);
    const anchors = await verifyAnchors(database.db, log.valid);
    problems.push(...anchors.problems);
    if (anchors.checked === 0 && anchors.records > 0) {
      problems.push(`no valid checkpoint in ${file}: the chain's newest records are not anchored`);
    }
    if (problems.length === 0) {
      console.log(
        `Audit chain intact: ${anchors.records} records verified, ${anchors.checked} checkpoints hold (newest: ${log.valid.at(-1)?.at ?? 'none'}).`,
      );
      return 0;
    }
    console.error(`Audit chain NOT intact (${problems.length} problems):`);
    for (const p of problems.slice(0, SHOWN)) console.error(`  - ${p}`);
    if (problems.length > SHOWN) console.error(`  … and ${problems.length - SHOWN} more`);
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
