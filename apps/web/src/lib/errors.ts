import { ApiError } from './api-client';
import { i18n } from './i18n';

/** The text to show for a failed call: the server's message, or the translated client-side one. */
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    return error.isClientSide ? i18n.t('errors.unableToProcess') : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unableToProcess');
};

/** Field errors of a 2001 answer, keyed by the first path segment. */
export const fieldErrors = (error: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || !error.issues) return out;
  for (const issue of error.issues) {
    const field = issue.path.split('.')[0];
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
};
