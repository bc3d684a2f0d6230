import type { z } from 'zod';
import type { Issue } from './envelope.ts';
import type { ContractIssueCode } from './messages.ts';

type ZodIssue = z.core.$ZodIssue;

/**
 * The options of a custom rule (`refine`, `ctx.addIssue`) naming its contract code: zod reports such an
 * issue as `custom`, and only `params.code` tells the web which words to show. A fresh object per call:
 * zod's `refine` rewrites the options it is given (`message` → `error`).
 */
export const coded = (code: ContractIssueCode, message: string, params: Record<string, unknown> = {}) => ({
  message,
  params: { ...params, code },
});

/** Limits of dates as ISO days, so a text can show them; the rest as plain numbers. */
const limit = (value: number | bigint, origin: string) => {
  const n = Number(value);
  return origin === 'date' && Number.isFinite(n) ? new Date(n).toISOString().slice(0, 10) : n;
};

/**
 * zod's default message is the only place that says the value was missing ("… received undefined"):
 * a missing value reads "required", not "must be text".
 */
const receivedOf = (message: string) => /received (\w+)$/.exec(message)?.[1];

/**
 * What an issue's numbers are: zod's own for its codes, the contract's `params` for custom ones.
 * `origin` says what was too big or small (string length, number, array size), so the message can
 * say "characters" or a value.
 */
const codeAndParams = (i: ZodIssue): { code: string; params: Record<string, unknown> } => {
  switch (i.code) {
    case 'custom': {
      const { code, ...params } = (i.params ?? {}) as { code?: unknown };
      return { code: typeof code === 'string' ? code : 'custom', params };
    }
    case 'too_big':
      return {
        code: i.code,
        params: {
          maximum: limit(i.maximum, i.origin),
          origin: i.origin,
          inclusive: i.inclusive ?? true,
          ...(i.exact ? { exact: true } : {}),
        },
      };
    case 'too_small':
      return {
        code: i.code,
        params: {
          minimum: limit(i.minimum, i.origin),
          origin: i.origin,
          inclusive: i.inclusive ?? true,
          ...(i.exact ? { exact: true } : {}),
        },
      };
    case 'invalid_format': {
      const extra = i as { prefix?: unknown; suffix?: unknown; includes?: unknown };
      return {
        code: i.code,
        params: {
          format: i.format,
          ...(typeof extra.prefix === 'string' ? { prefix: extra.prefix } : {}),
          ...(typeof extra.suffix === 'string' ? { suffix: extra.suffix } : {}),
          ...(typeof extra.includes === 'string' ? { includes: extra.includes } : {}),
        },
      };
    }
    case 'invalid_type': {
      const received = receivedOf(i.message);
      return { code: i.code, params: { expected: i.expected, ...(received ? { received } : {}) } };
    }
    case 'invalid_value':
      return { code: i.code, params: { values: i.values.map(String) } };
    case 'not_multiple_of':
      return { code: i.code, params: { divisor: Number(i.divisor) } };
    case 'unrecognized_keys':
      return { code: i.code, params: { keys: i.keys } };
    case 'invalid_union': {
      // A missing value fails every choice of a union the same way: say "required", not "matches none".
      const firsts = i.errors.map((branch) => branch[0]);
      const missing =
        firsts.length > 0 &&
        firsts.every((b) => b?.code === 'invalid_type' && receivedOf(b.message) === 'undefined');
      return missing
        ? { code: 'invalid_type', params: { received: 'undefined' } }
        : { code: i.code, params: {} };
    }
    case 'invalid_key':
    case 'invalid_element':
      return { code: i.code, params: { origin: i.origin } };
  }
};

/**
 * One zod issue as the contract's machine-readable issue (docs/design.md §4): the server answers with it and
 * the web's forms show it, so both say the same thing in the user's language.
 */
export const issueOf = (i: ZodIssue, prefix?: string): Issue => {
  const path = i.path.map(String).join('.');
  return {
    path: prefix && path ? `${prefix}.${path}` : path || (prefix ?? ''),
    ...codeAndParams(i),
    message: i.message,
  };
};
