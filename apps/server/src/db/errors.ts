/** The SQLSTATE of a driver error, looking through the ORM's wrapping. */
export const sqlStateOf = (err: unknown): string | undefined => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

export const isUniqueViolation = (err: unknown): boolean => sqlStateOf(err) === '23505';

/** The constraint PostgreSQL's message names: `… violates unique constraint "name"` and the like. */
const NAMED_IN_MESSAGE = /\bconstraint "([^"]+)"/;
/** The `_<shard id>` Citus appends to a shard's tables, indexes and constraints. */
const SHARD_SUFFIX = /_\d+$/;

/**
 * The constraint a driver error names (unique index, check…) as the schema names it, looking through
 * the ORM's wrapping. A Citus coordinator relays a worker's error with its SQLSTATE, message and
 * detail but no `constraint` field, and the name in the message (or in the field, when the
 * coordinator runs a statement on its own copy of a reference table) is the shard's, with the shard
 * id appended: the name comes from the message when the field is absent, and without a trailing
 * `_<digits>`, which no constraint or unique index of the schema ends with (errors.test.ts holds
 * the schema to it).
 */
export const constraintOf = (err: unknown): string | undefined => {
  let fromMessage: string | undefined;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name.replace(SHARD_SUFFIX, '');
    // The database's own error (an integrity SQLSTATE), not the ORM's "Failed query: <its SQL>".
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      fromMessage === undefined &&
      typeof code === 'string' &&
      code.startsWith('23') &&
      typeof message === 'string'
    )
      fromMessage = NAMED_IN_MESSAGE.exec(message)?.[1];
    e = (e as { cause?: unknown }).cause;
  }
  return fromMessage?.replace(SHARD_SUFFIX, '');
};

/** Node's socket errors that mean the database server could not be reached or went away. */
const SOCKET_LOSS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres' own words for a connection it lost or could not open. */
const DRIVER_LOSS =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

/**
 * The database could not be reached or dropped the connection: a restart or a failover, not the
 * request's fault (SQLSTATE class 08, admin/crash shutdown 57P01/57P02, still starting 57P03, too
 * many connections 53300, or the driver's socket errors), looking through the ORM's wrapping.
 */
export const isDatabaseUnavailable = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (SOCKET_LOSS.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code))
        return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && DRIVER_LOSS.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * The disk is full: PostgreSQL's disk_full (SQLSTATE 53100, which PGlite reports too when a table
 * cannot grow), Node's ENOSPC (a file the server appends to), or Emscripten's ErrnoError 51 (PGlite's
 * file layer), looking through the ORM's wrapping.
 */
export const isDiskFull = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, errno, name } = e as { code?: unknown; errno?: unknown; name?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
    if (name === 'ErrnoError' && errno === 51) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};
