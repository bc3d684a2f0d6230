import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isDatabaseUnavailable, sqlStateOf } from './errors.ts';
import { survivesLostConnections } from './held-clients.ts';
import type { ReadLog } from './replica.ts';
import type * as schema from './schema/index.ts';

/**
 * One agent's reads sent straight to the Citus worker holding that agent's shard group (docs/scaling.md
 * §4): the delegated read (`sapi_agent_read`, migration 0053) called on that worker runs there without
 * the coordinator's planning and hop, which cost as much as the read of a list page. Every node of a
 * Citus 11+ cluster holds the metadata, so a worker called for an agent whose shards are elsewhere (a
 * shard moved since the look-up) hands the call on to the right one: a stale route is slower, never
 * wrong. The worker's address is the one the coordinator knows it by (`pg_dist_node`), reached with the
 * coordinator URL's credentials and database. A worker that cannot be reached is left alone for a
 * while and the read goes through the coordinator, as every write does.
 */

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** How long a looked-up route is trusted: shards move seldom, and a stale route still answers. */
const ROUTE_TTL_MS = 60_000;
/** How long a worker that could not be reached is passed by. */
const DOWN_MS = 10_000;
/** Routes kept per process: one per agent asked about; past it they are looked up again. */
const MAX_ROUTES = 10_000;
/**
 * A worker that refuses the coordinator URL's role or database (its own `pg_hba.conf`, no such
 * database there) cannot serve reads either: the read goes through the coordinator.
 */
const REFUSED = new Set(['28000', '28P01', '3D000']);
const cannotServe = (err: unknown) => isDatabaseUnavailable(err) || REFUSED.has(sqlStateOf(err) ?? '');
/** Connections per worker: reads only, a short statement each. */
const WORKER_POOL_SIZE = 10;

/** The worker that holds an agent's shard of `users` (every co-located ledger table's shard is there). */
const ROUTE_SQL = `select n.nodename as host, n.nodeport as port
  from pg_dist_placement p join pg_dist_node n on n.groupid = p.groupid
  where p.shardid = get_shard_id_for_distribution_column('users', $1::bigint)
    and n.isactive and n.noderole = 'primary' and n.hasmetadata and n.metadatasynced
  limit 1`;

/** A worker's pool of read connections. */
interface Node {
  key: string;
  pool: pg.Pool;
  db: Db;
  downUntil: number;
}

export interface WorkerReads {
  /**
   * Runs `read` on the worker holding `agent`'s shards; `undefined` when the read is to go through
   * the coordinator (no route, or that worker is not reachable now).
   */
  onWorker<T>(agent: bigint, read: (db: Db) => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

/**
 * The worker reads of a coordinator pool opened from `url` with each session's `options`. A worker
 * passed by, and its first read after, is one line of `log` each.
 */
export const workerReads = (
  coordinator: pg.Pool,
  url: string,
  options: string,
  log?: ReadLog,
): WorkerReads => {
  /** Each worker's pool, by `host:port`; `downUntil` > 0 while it is passed by, and until its next read. */
  const nodes = new Map<string, Node>();
  const routes = new Map<string, { node: Node; at: number }>();

  const nodeAt = (host: string, port: number) => {
    const key = `${host}:${port}`;
    let node = nodes.get(key);
    if (!node) {
      const target = new URL(url);
      target.hostname = host;
      target.port = String(port);
      const pool = new pg.Pool({
        connectionString: target.toString(),
        max: WORKER_POOL_SIZE,
        options,
        application_name: 'sapi-worker-reads',
      });
      pool.on('error', () => undefined);
      survivesLostConnections(pool);
      node = { key, pool, db: drizzlePg(pool) as unknown as Db, downUntil: 0 };
      nodes.set(key, node);
    }
    return node;
  };

  const routeOf = async (agent: bigint) => {
    const key = agent.toString();
    const known = routes.get(key);
    if (known && Date.now() - known.at < ROUTE_TTL_MS) return known.node;
    const { rows } = await coordinator.query<{ host: string; port: number }>(ROUTE_SQL, [key]);
    const found = rows[0];
    if (!found) return undefined;
    if (routes.size >= MAX_ROUTES) routes.clear();
    const node = nodeAt(found.host, found.port);
    routes.set(key, { node, at: Date.now() });
    return node;
  };

  return {
    async onWorker(agent, read) {
      const node = await routeOf(agent);
      if (!node || node.downUntil > Date.now()) return undefined;
      try {
        const answer = await read(node.db);
        if (node.downUntil > 0) {
          node.downUntil = 0;
          log?.info({ worker: node.key }, 'Citus worker takes one agent’s reads again');
        }
        return answer;
      } catch (err) {
        if (!cannotServe(err)) throw err;
        if (node.downUntil === 0) {
          const reason = sqlStateOf(err) ?? (err instanceof Error ? err.message : 'unreachable');
          log?.warn(
            { worker: node.key, reason },
            'Citus worker passed by; its agents’ reads go through the coordinator',
          );
        }
        node.downUntil = Date.now() + DOWN_MS;
        return undefined;
      }
    },
    async close() {
      await Promise.all([...nodes.values()].map((n) => n.pool.end()));
      nodes.clear();
      routes.clear();
    },
  };
};
