/** Which PostgreSQL a pool talks to: plain (or PGlite), or a Citus coordinator. */
export type SqlEngine = 'postgres' | 'citus';

/**
 * Every session's settings, on both engines and the read replica:
 * - UTC: timestamps are handled as UTC instants everywhere;
 * - no JIT: it compiles any plan estimated above 100,000 (a report over a table never analyzed
 *   crosses that), and compiling costs more than running these short queries;
 * - generic plans for prepared statements: left to choose, PostgreSQL plans the list and the
 *   deep-link seek again on every call (a plan for the values at hand looks cheaper over the monthly
 *   partitions), and planning them costs more than running them; partitions a generic plan cannot
 *   rule out are pruned when it runs. Not on a Citus coordinator: it routes a statement to a shard
 *   by the distribution column's value, which a forced generic plan does not have ("could not create
 *   distributed plan"); left to choose, PostgreSQL plans each of the first five calls with the
 *   values, and Citus prices a generic plan it cannot route so high that the custom plans stay.
 */
export const SESSION_SETTINGS = {
  TimeZone: 'UTC',
  jit: 'off',
  plan_cache_mode: 'force_generic_plan',
} as const;
/**
 * On a coordinator also one connection per worker for each statement that reads every shard: such a
 * read is a few rollup rows per shard, so the shards of a worker answer one after the other on the
 * session's cached connection faster than on up to 16 new ones opened in parallel (the extension's
 * default), which on a busy node cost more than the reads; the workers still answer in parallel
 * (docs/scaling.md §4).
 */
const CITUS_SETTINGS = { plan_cache_mode: 'auto', 'citus.max_adaptive_executor_pool_size': '1' } as const;

/** The settings of a session on `engine`. */
export const sessionSettings = (engine: SqlEngine = 'postgres'): Record<string, string> =>
  engine === 'citus' ? { ...SESSION_SETTINGS, ...CITUS_SETTINGS } : { ...SESSION_SETTINGS };

/** The settings as a connection's `options`. */
export const sessionOptions = (extra: Record<string, string> = {}, engine: SqlEngine = 'postgres') =>
  Object.entries({ ...sessionSettings(engine), ...extra })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

/** Whether the connected database is a Citus one (its extension created there). */
export const CITUS_PROBE = `select exists (select 1 from pg_extension where extname = 'citus') as citus`;

/** Pools (and their connections) that talk to a Citus coordinator: the queries Citus plans otherwise ask. */
const citusClients = new WeakSet<object>();
export const markCitus = (poolOrClient: object) => citusClients.add(poolOrClient);
export const isCitusClient = (poolOrClient: object) => citusClients.has(poolOrClient);
