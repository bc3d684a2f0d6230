/**
 * Every session's settings, on both engines and the read replica:
 * - UTC: timestamps are handled as UTC instants everywhere;
 * - no JIT: it compiles any plan estimated above 100,000 (a report over a table never analyzed
 *   crosses that), and compiling costs more than running these short queries;
 * - generic plans for prepared statements: left to choose, PostgreSQL plans the list and the
 *   deep-link seek again on every call (a plan for the values at hand looks cheaper over the monthly
 *   partitions), and planning them costs more than running them; partitions a generic plan cannot
 *   rule out are pruned when it runs.
 */
export const SESSION_SETTINGS = {
  TimeZone: 'UTC',
  jit: 'off',
  plan_cache_mode: 'force_generic_plan',
} as const;
/** The settings as a connection's `options`. */
export const sessionOptions = (extra: Record<string, string> = {}) =>
  Object.entries({ ...SESSION_SETTINGS, ...extra })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
