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
