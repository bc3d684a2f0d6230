import pg from 'pg';
import { isDatabaseUnavailable, sqlStateOf } from './errors.ts';
import { survivesLostConnections } from './held-clients.ts';
import { markCitus, type SqlEngine, sessionOptions } from './session-settings.ts';

/**
 * Reads on a PostgreSQL streaming replica (DATABASE_READ_URL, docs/design.md §14), with read-your-writes for
 * the writer and the primary as the fallback.
 *
 * - Staleness: every `pollMs` the primary's WAL position is sampled and the replica's replayed
 *   position read. The replica is "fresh as of" the time of the newest sample it has replayed; when
 *   that is more than `maxLagMs` ago, or the replica cannot be reached, reads go to the primary.
 * - Read-your-writes: after a staff write commits, the primary's WAL insert position is stored on the
 *   writer's session (`sessions.write_lsn`, in the database, so every app process sees it). A read
 *   of that session goes to the replica only once the replica has replayed past it; until then (the
 *   replication delay plus one poll) it goes to the primary. Nobody waits.
 * - Failure during a read: a query the replica fails for a reason that is not the query's own
 *   (connection refused or lost, timeout, shut down, recovery conflict) runs again on the primary,
 *   and the replica counts as down until the next successful poll.
 * Every change of state is one log line.
 */
export interface ReadRouting<D> {
  /** The database a read of this staff session (null: no session) goes to now. */
  dbFor(sessionId: bigint | null): Promise<D>;
  /** After a staff write committed: the session's next reads must see it. */
  wrote(sessionId: bigint): Promise<void>;
  /** What the router knows now, for tests and health. */
  state(): { serving: 'replica' | 'primary'; reason: string; lagMs: number };
  close(): Promise<void>;
}

export interface ReadLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** A `pg_lsn` text (`16/B374D848`) as a number that orders like it. */
export const lsnValue = (lsn: string): bigint => {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
};

/** Driver and server errors after which the same read may well succeed on another server. */
const NOT_THE_QUERYS_FAULT = /^(08|40|53|57|58|XX)/;
/** 25006: a statement that writes, refused by the read-only standby; the primary takes it. */
export const isReplicaFailure = (err: unknown): boolean => {
  if (isDatabaseUnavailable(err)) return true;
  const state = sqlStateOf(err);
  return state === undefined || state === '25006' || NOT_THE_QUERYS_FAULT.test(state);
};

type QueryArgs = Parameters<pg.Pool['query']>;

/**
 * What drizzle's node-postgres session needs of a pool (`query`, and `connect` for a transaction),
 * on the replica with the primary behind it. Its class name holds "Pool", which is how drizzle
 * tells a pool from a single client.
 */
class ReplicaPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly onFailure: (err: unknown) => void,
  ) {}

  async query(...args: QueryArgs): Promise<unknown> {
    try {
      return await (this.replica.query as (...a: QueryArgs) => Promise<unknown>)(...args);
    } catch (err) {
      if (!isReplicaFailure(err)) throw err;
      this.onFailure(err);
      return (this.primary.query as (...a: QueryArgs) => Promise<unknown>)(...args);
    }
  }

  async connect(): Promise<pg.PoolClient> {
    try {
      return await this.replica.connect();
    } catch (err) {
      this.onFailure(err);
      return this.primary.connect();
    }
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export const openReadRouting = async <D>(opts: {
  primary: pg.Pool;
  primaryDb: D;
  /** The ORM over a pool (client.ts): here over the replica, with the primary behind it. */
  dbOn: (pool: pg.Pool) => D;
  url: string;
  maxLagMs: number;
  log: ReadLog;
  /** How often the replica's position is checked; default a quarter of the bound, at most 200 ms. */
  pollMs?: number;
  poolSize?: number;
  /** The primary's engine: a Citus coordinator's replica takes its session settings. */
  engine?: SqlEngine;
}): Promise<ReadRouting<D>> => {
  const { primary, primaryDb, maxLagMs, log } = opts;
  const pollMs = opts.pollMs ?? Math.min(200, Math.max(25, Math.floor(maxLagMs / 4)));
  const replica = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 20,
    options: sessionOptions({}, opts.engine),
    // A replica that does not answer must not hold a request: the primary answers instead.
    connectionTimeoutMillis: 2_000,
    query_timeout: 30_000,
    application_name: 'sapi-read',
  });
  // An idle connection the replica drops (restart, failover) is discarded, not a crash.
  replica.on('error', (err) => markDown(err));
  // A replica that stops during the check below (a client held between connect and query) likewise.
  survivesLostConnections(replica);
  // A lost connection takes the replica out until a poll reaches it again; a query the replica alone
  // refused (a recovery conflict, a write) just runs on the primary. A replica that hangs is found
  // by the poll's own 1 s timeout.
  const replicaPool = new ReplicaPool(replica, primary, (err) => {
    if (isDatabaseUnavailable(err)) markDown(err);
  });
  if (opts.engine === 'citus') markCitus(replicaPool);
  const replicaDb = opts.dbOn(replicaPool as unknown as pg.Pool);

  let down: string | null = null;
  let lagging = false;
  let replayed = 0n;
  let freshAsOf = Date.now();
  /** Primary WAL positions sampled and not yet replayed by the replica, oldest first. */
  let samples: { lsn: bigint; at: number }[] = [];

  const markDown = (err: unknown) => {
    if (down) return;
    down = errorText(err);
    log.warn({ reason: down }, 'read replica unavailable: reads go to the primary');
  };

  const lagNow = () => (samples.length === 0 ? 0 : Date.now() - freshAsOf);

  const poll = async () => {
    const at = Date.now();
    const [{ lsn }] = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))
      .rows as [{ lsn: string }];
    const sampled = lsnValue(lsn);
    if (samples.length === 0 || (samples[samples.length - 1]?.lsn ?? 0n) < sampled) {
      samples.push({ lsn: sampled, at });
      // Replay paused for hours: keep the newest samples; staleness is still measured from freshAsOf.
      if (samples.length > 2_000) samples = samples.slice(-1_000);
    }
    let position: { standby: boolean; lsn: string | null };
    try {
      const client = await replica.connect();
      try {
        const res = await client.query<{ standby: boolean; lsn: string | null }>({
          text: 'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn',
          query_timeout: 1_000,
        } as pg.QueryConfig);
        position = res.rows[0] as { standby: boolean; lsn: string | null };
        client.release();
      } catch (err) {
        // A connection whose query failed or timed out is not given back to the pool.
        client.release(true);
        throw err;
      }
    } catch (err) {
      markDown(err);
      return;
    }
    if (!position.standby || position.lsn === null) {
      markDown(new Error('DATABASE_READ_URL is not a standby in recovery (promoted, or not a replica)'));
      return;
    }
    replayed = lsnValue(position.lsn);
    const caughtUp = samples.filter((s) => s.lsn <= replayed);
    if (caughtUp.length > 0) {
      freshAsOf = Math.max(freshAsOf, ...caughtUp.map((s) => s.at));
      samples = samples.filter((s) => s.lsn > replayed);
    }
    if (down) {
      down = null;
      log.info({ lagMs: lagNow() }, 'read replica reachable: serving report and list reads');
    }
  };

  let polling: Promise<void> = Promise.resolve();
  let closed = false;
  // The primary itself did not answer: nothing to compare against; tried again at every poll, and
  // said once per outage, not five times a second.
  let primaryFailing = false;
  let inFlight = false;
  const tick = () => {
    // A slow check (a replica that does not answer) is not overtaken by the next one.
    if (inFlight) return;
    inFlight = true;
    polling = poll()
      .finally(() => {
        inFlight = false;
      })
      .then(
        () => {
          primaryFailing = false;
        },
        (err: unknown) => {
          if (!primaryFailing)
            log.warn({ reason: errorText(err) }, 'read replica check failed on the primary');
          primaryFailing = true;
        },
      );
  };
  tick();
  await polling;
  if (!down) log.info({ pollMs, maxLagMs }, 'read replica reachable: serving report and list reads');
  const timer = setInterval(() => {
    if (!closed) tick();
  }, pollMs);
  timer.unref();

  const sessionLsn = async (sessionId: bigint): Promise<bigint | null> => {
    const res = await primary.query<{ lsn: string | null }>({
      name: 'session_write_lsn',
      text: 'select write_lsn::text as lsn from sessions where id = $1',
      values: [sessionId.toString()],
    });
    const lsn = res.rows[0]?.lsn;
    return lsn ? lsnValue(lsn) : null;
  };

  return {
    dbFor: async (sessionId) => {
      if (down) return primaryDb;
      const lagMs = lagNow();
      if (lagMs > maxLagMs) {
        if (!lagging) {
          lagging = true;
          log.warn({ lagMs, maxLagMs }, 'read replica behind the bound: reads go to the primary');
        }
        return primaryDb;
      }
      if (lagging) {
        lagging = false;
        log.info({ lagMs, maxLagMs }, 'read replica caught up: serving report and list reads');
      }
      if (sessionId !== null) {
        const written = await sessionLsn(sessionId);
        // This session wrote something the replica has not replayed yet: its own writes first.
        if (written !== null && written > replayed) return primaryDb;
      }
      return replicaDb;
    },
    wrote: async (sessionId) => {
      // After the commit: the insert position is at or past the write's commit record.
      await primary.query({
        name: 'session_wrote',
        text: `update sessions set write_lsn = greatest(coalesce(write_lsn, '0/0'::pg_lsn), pg_current_wal_insert_lsn())
               where id = $1`,
        values: [sessionId.toString()],
      });
    },
    state: () => {
      const lagMs = lagNow();
      const reason = down ?? (lagMs > maxLagMs ? `behind by ${lagMs} ms` : 'replica');
      return { serving: down || lagMs > maxLagMs ? 'primary' : 'replica', reason, lagMs };
    },
    close: async () => {
      closed = true;
      clearInterval(timer);
      await polling;
      await replica.end();
    },
  };
};
