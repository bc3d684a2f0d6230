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

/** The constraint a driver error names (unique index, check…), looking through the ORM's wrapping. */
export const constraintOf = (err: unknown): string | undefined => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
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
