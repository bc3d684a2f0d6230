import { type Issue, issueText, Status, statusMessages } from '@sapi/contract';
import { ApiError } from './api-client';
import { currentLanguage, i18n } from './i18n';

/**
 * A status in the user's language: the contract's words for every server status (docs/design.md §4), the
 * catalogue's "unable to process" for the client's own 4000/5000 and for a status nobody knows.
 */
export const statusMessage = (status: number): string =>
  statusMessages[status]?.[currentLanguage()] ?? i18n.t('errors.unableToProcess');

/**
 * The text to show for a failed call, always in the user's language and never the server's English
 * `error`: the first reason the answer gives (`data.issues`: a field rule, a duplicate, the seconds to
 * wait…) the contract has words for, else what its status means.
 */
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.isClientSide) return i18n.t('errors.unableToProcess');
    const language = currentLanguage();
    for (const issue of error.issues ?? []) {
      const text = issueText(issue, language);
      if (text) return text;
    }
    return statusMessage(error.status);
  }
  // Not from the server: a failure of the page itself says what it is (docs/spec.md §8).
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unableToProcess');
};

/** One issue in the user's language: the contract's words for its code, never the server's English. */
export const issueMessage = (issue: Pick<Issue, 'code' | 'params'>): string =>
  issueText(issue, currentLanguage()) ?? i18n.t('errors.invalidField');

/**
 * Field errors of a refusal, keyed by the first path segment: a 2001's wrong fields and the field a
 * 2009 or 3002 names (a username taken, a wrong password). Reasons about the whole request (path '')
 * are the banner's, through `errorMessage`.
 */
export const fieldErrors = (error: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || !error.issues) return out;
  for (const issue of error.issues) {
    const field = issue.path.split('.')[0];
    if (field && !(field in out)) out[field] = issueMessage(issue);
  }
  return out;
};

/** Statuses a second try of the same request can change: the server or the way to it failed. */
const transient: ReadonlySet<number> = new Set([
  Status.INTERNAL,
  Status.DATABASE_UNAVAILABLE,
  Status.TOO_MANY,
  Status.NO_RESPONSE,
  Status.NO_BODY,
]);

/**
 * Whether "try again" can help: a failure of the server or of the connection (or of the page itself)
 * can pass; a refusal of what was asked (a wrong filter, no such record, no right to it) answers the
 * same to the same request.
 */
export const isRetryable = (error: unknown): boolean =>
  !(error instanceof ApiError) || transient.has(error.status);
