import { type Issue, issueText, Status, statusMessages } from '@sapi/contract';
import { ApiError } from './api-client';
import { currentLanguage, i18n } from './i18n';

/**
 * Statuses whose meaning is the whole message: shown from the contract in the user's language
 * (DESIGN §4), never as the server's English text.
 */
const saidByStatus: readonly number[] = [
  Status.UNAUTHENTICATED,
  Status.BAD_CREDENTIALS,
  Status.LOCKED,
  Status.FORBIDDEN,
  Status.REAUTH_REQUIRED,
  Status.TOO_MANY,
];

/**
 * The text to show for a failed call: the first issue the contract has words for, else the status
 * when it says everything, in the user's language; else the server's message (or the client-side one).
 */
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.isClientSide) return i18n.t('errors.unableToProcess');
    const language = currentLanguage();
    for (const issue of error.issues ?? []) {
      const text = issueText(issue, language);
      if (text) return text;
    }
    const byStatus = saidByStatus.includes(error.status) ? statusMessages[error.status] : undefined;
    return byStatus ? byStatus[language] : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unableToProcess');
};

/** One issue in the user's language: the contract's words for its code, never the server's English. */
export const issueMessage = (issue: Pick<Issue, 'code' | 'params'>): string =>
  issueText(issue, currentLanguage()) ?? i18n.t('errors.invalidField');

/** Field errors of a 2001 (or field-named 2009) answer, keyed by the first path segment. */
export const fieldErrors = (error: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || !error.issues) return out;
  for (const issue of error.issues) {
    const field = issue.path.split('.')[0];
    if (field && !(field in out)) out[field] = issueMessage(issue);
  }
  return out;
};
