import { sqlStateOf } from './errors.ts';

const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Run a transaction body again when the database chose it as a serialization or deadlock victim
 * (docs/design.md §7), or when `alsoRetry` knows the error as one a fresh attempt resolves.
 */
export const withRetry = async <T>(
  work: () => Promise<T>,
  attempts = 5,
  alsoRetry: (err: unknown) => boolean = () => false,
): Promise<T> => {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (err) {
      if (i >= attempts || !(RETRYABLE.has(sqlStateOf(err) ?? '') || alsoRetry(err))) throw err;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 20));
    }
  }
};
