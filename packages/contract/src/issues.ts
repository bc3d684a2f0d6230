import type { z } from 'zod';
import type { Issue } from './envelope.ts';

type ZodIssue = z.core.$ZodIssue;

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
        params: { maximum: Number(i.maximum), origin: i.origin, inclusive: i.inclusive ?? true },
      };
    case 'too_small':
      return {
        code: i.code,
        params: { minimum: Number(i.minimum), origin: i.origin, inclusive: i.inclusive ?? true },
      };
    case 'invalid_format':
      return { code: i.code, params: { format: i.format } };
    case 'invalid_type':
      return { code: i.code, params: { expected: i.expected } };
    case 'invalid_value':
      return { code: i.code, params: { values: i.values.map(String) } };
    case 'not_multiple_of':
      return { code: i.code, params: { divisor: Number(i.divisor) } };
    default:
      return { code: i.code, params: {} };
  }
};

/**
 * One zod issue as the contract's machine-readable issue (DESIGN §4): the server answers with it and
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
