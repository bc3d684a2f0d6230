const NEEDS_ESCAPE = /["\\]/;
const ESCAPE = /["\\]/g;

/**
 * A PostgreSQL array literal for a `text[]` (or `bigint[]`, `timestamptz[]`) parameter, built in
 * one pass. node-pg escapes every element of an array parameter with two regular expressions,
 * which is costly for the thousands of elements of an ingest batch; here every element is quoted and only
 * the rare one holding `"` or `\` is escaped. `null` becomes NULL.
 */
export const arrayLiteral = (values: readonly (string | null)[]): string => {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    out += v == null ? 'NULL' : `"${NEEDS_ESCAPE.test(v) ? v.replace(ESCAPE, '\\$&') : v}"`;
  }
  return `${out}}`;
};
