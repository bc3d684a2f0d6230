import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { AuditCheckpoints, auditKey, checkpointFileOf } from './core/audit-checkpoint.ts';
import { prunePortalSessions } from './core/portal-sessions.ts';
import { totpKey } from './core/secret-box.ts';
import { pruneSessions } from './core/session-store.ts';
import { signInNameClashes } from './core/sign-in-names.ts';
import { checkTotpKey, TotpKeyMismatchError } from './core/totp.ts';
import { openDatabase } from './db/client.ts';
import { isDiskFull } from './db/errors.ts';
import { vacuumAndAnalyze } from './db/maintenance.ts';
import { schemaOwner } from './db/owner.ts';
import type { ReadLog } from './db/replica.ts';
import { bootstrapFirstAdmin } from './features/admin/bootstrap.ts';
import { pruneLoginThrottle } from './features/auth/throttle-upkeep.ts';
import { pruneIngestLog } from './features/ingest/log.ts';
import { pruneIngestThrottle } from './features/ingest/throttle.ts';
import { refuseChangesOnFullDisk } from './http/disk-full.ts';
import { boundedShutdown } from './http/shutdown.ts';
import { ledgerTables } from './ledger/catalogue.ts';
import { ensureCurrentPartitions } from './ledger/partitions.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';
import { diskFullLog, spaceWatch } from './lib/disk-space.ts';
import { PRIVATE_UMASK, tightenDir, tightenedLine } from './lib/private-dir.ts';

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const FIRST_UPKEEP_MS = 5 * 60 * 1000;

const start = async () => {
  const config = loadConfig();
  const embedded = !config.DATABASE_URL;
  const dataDir = resolve(config.DATA_DIR);
  // Everything the server writes is its user's only, whatever umask it was started with; what an
  // earlier run left open to others is tightened, and said once (docs/design.md §7).
  process.umask(PRIVATE_UMASK);
  const unlock = embedded ? lockDataDir(dataDir) : () => undefined;
  const tightened = tightenedLine(dataDir, tightenDir(dataDir));
  if (tightened) console.log(tightened);
  diskFullLog.describe(embedded ? `DATA_DIR ${dataDir}` : 'the PostgreSQL database');
  // The server's logger exists once the app is built; until then database events go to the console.
  let log: ReadLog = {
    info: (_details, message) => console.log(message),
    warn: (details, message) => console.warn(message, details),
  };
  const dbLog: ReadLog = { info: (d, m) => log.info(d, m), warn: (d, m) => log.warn(d, m) };
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          reportTimeZone: config.REPORT_TIMEZONE,
          onConnectionError: (err) =>
            dbLog.warn({ reason: err.message }, 'database connection lost; the pool opens a new one'),
          log: dbLog,
          ...(config.DATABASE_READ_URL
            ? {
                read: {
                  url: config.DATABASE_READ_URL,
                  maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
                  log: dbLog,
                },
              }
            : {}),
        }
      : { kind: 'pglite', dataDir, reportTimeZone: config.REPORT_TIMEZONE },
  );
  const ctx: AppContext = {
    db: database.db,
    config,
    now: () => new Date(),
    ...(database.reads ? { reads: database.reads } : {}),
  };
  // Schema work as the tables' owner: DATABASE_OWNER_URL when set, else the same database.
  const asOwner = schemaOwner(database, config.DATABASE_OWNER_URL, config.REPORT_TIMEZONE);
  const upkeepPartitions = () => asOwner((owner) => ensureCurrentPartitions(owner.db, ctx.now()));
  await asOwner(async (owner) => {
    await owner.migrate();
    await ensureCurrentPartitions(owner.db, ctx.now());
  });

  // Made (or read) now, so a missing or unreadable key stops the start instead of a later sign-in.
  totpKey(config);
  // One key for the deployment: a process whose key cannot open the stored secrets does not start.
  await checkTotpKey(ctx.db, config);
  const boot = await bootstrapFirstAdmin(ctx);
  if (boot.created && boot.generatedPassword) {
    // Printed once, on purpose, on the console only: the operator needs it to sign in the first time.
    console.log(
      [
        '',
        '  First SUPERADMIN created. Sign in with:',
        `    username: ${boot.username}`,
        `    password: ${boot.generatedPassword}`,
        '  This password is shown only now, and it is temporary: the first sign-in opens the',
        '  "Change password" screen, and nothing else works until a new password is set',
        '  (the API: POST /api/v1/account/password/change). To choose the first password',
        '  yourself instead, set ADMIN_PASSWORD before the first start.',
        '',
      ].join('\n'),
    );
  } else if (boot.created) {
    console.log(`First SUPERADMIN "${boot.username}" created from ADMIN_PASSWORD.`);
  }

  const app = await buildApp({
    ctx,
    logger: { level: config.LOG_LEVEL },
    ...(config.WEB_DIST ? { webRoot: resolve(config.WEB_DIST) } : {}),
  });
  log = { info: (d, m) => app.log.info(d, m), warn: (d, m) => app.log.warn(d, m) };
  // Names a staff account and an agent both hold (made before one name space, docs/design.md §16): the
  // staff account signs in with it; the agent cannot until one of them is renamed.
  const clashes = await signInNameClashes(ctx.db);
  if (clashes.length > 0) {
    app.log.warn(
      { names: clashes },
      `sign-in names held by a staff account and an agent alike (the agent cannot sign in): ${clashes.join(', ')}`,
    );
  }
  // PGlite does not survive a disk that fills while it writes: changes stop short of it (lib/disk-space.ts).
  if (embedded) refuseChangesOnFullDisk(app, spaceWatch(dataDir), app.log);
  // PGlite has no autovacuum: the server does its work, hourly and once a few minutes after start —
  // not at start, where the first requests would queue behind it (its statistics persist anyway).
  const maintain = () => {
    if (embedded)
      vacuumAndAnalyze(ctx.db, ledgerTables).catch((err) => app.log.warn({ err }, 'vacuum/analyze failed'));
  };
  // Hourly upkeep: drop dead sessions and ingest log rows past 30 days, keep next months' ledger
  // partitions ready.
  const pruneLog = () =>
    pruneIngestLog(ctx.db, ctx.now()).catch((err) => app.log.warn({ err }, 'ingest log pruning failed'));
  const pruner = setInterval(() => {
    pruneSessions(ctx.db, ctx.now()).catch((err) => app.log.warn({ err }, 'session pruning failed'));
    prunePortalSessions(ctx.db, ctx.now()).catch((err) =>
      app.log.warn({ err }, 'agent-side session pruning failed'),
    );
    // Throttle rows of windows that are over (each deletes in batches, in constant memory).
    pruneLoginThrottle(ctx.db, ctx.now()).catch((err) =>
      app.log.warn({ err }, 'sign-in throttle pruning failed'),
    );
    pruneIngestThrottle(ctx.db, ctx.now()).catch((err) =>
      app.log.warn({ err }, 'ingest throttle pruning failed'),
    );
    void pruneLog();
    upkeepPartitions().catch((err) => app.log.warn({ err }, 'partition upkeep failed'));
    maintain();
  }, PRUNE_EVERY_MS);
  pruner.unref();

  // The audit chain's head, signed and kept outside the database (docs/design.md §7): now, while the head
  // moves, and at shutdown.
  const checkpoints = new AuditCheckpoints(
    ctx.db,
    auditKey(config, { create: true }),
    checkpointFileOf(config),
    ctx.now,
    (err) =>
      isDiskFull(err)
        ? diskFullLog.report((d, m) => app.log.warn(d, m), { err }, `DATA_DIR ${dataDir}`)
        : app.log.error({ err }, 'audit checkpoint failed'),
  );
  await checkpoints.checkpoint();
  checkpoints.start();

  const shutdown = boundedShutdown({
    app,
    graceMs: config.SHUTDOWN_GRACE_MS,
    closeDatabase: async () => {
      await checkpoints.stop();
      await database.close();
    },
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(pruner);
    let code = 1;
    try {
      code = await shutdown(signal);
    } finally {
      unlock();
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  setTimeout(maintain, FIRST_UPKEEP_MS).unref();
  // A server stopped for weeks starts with an old log: pruned at start too, off the start-up path.
  void pruneLog();
  console.log(
    `S.API back-office on http://${config.HOST}:${config.PORT} (${embedded ? `embedded PGlite in ${dataDir}` : database.reads ? 'PostgreSQL, reads on a replica' : 'PostgreSQL'})`,
  );
};

start().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof TotpKeyMismatchError) {
    console.error(err.message);
  } else if (err instanceof Error) {
    // A failed query's own message lists its parameters: only its first line, and the database's reason.
    const reason = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    console.error(`${err.message.split('\n')[0]}${reason}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
