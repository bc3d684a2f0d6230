import { type ContractIssueCode, type Issue, type IssueCode, issueOf, Status } from '@sapi/contract';
import type { ZodError } from 'zod';

/** An expected failure with its docs/design.md §4 status; anything else becomes 9000. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The `data` of an answer giving one reason about the whole request (path ''). */
export const reasonData = (
  code: ContractIssueCode,
  message: string,
  params: Record<string, unknown> = {},
) => ({
  issues: [{ path: '', code, params, message }],
});

/**
 * A refusal that says its reason machine-readably (docs/design.md §4): `data.issues` holds one issue with the
 * contract code and its params, so the web says it in the user's language; `message` stays the English
 * `error` for API clients and logs.
 */
export const refusal = (
  status: number,
  code: ContractIssueCode,
  message: string,
  {
    path = '',
    params = {},
    data = {},
    headers = {},
  }: {
    path?: string;
    params?: Record<string, unknown>;
    data?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
) => new AppError(status, message, { ...data, issues: [{ path, code, params, message }] }, headers);

/** The records a 2004 names, each with the code that says which. */
const missing = {
  Agent: 'agent_not_found',
  Admin: 'admin_not_found',
  'Game provider': 'adapter_not_found',
  Player: 'player_not_found',
  'Agent sharing': 'sharing_not_found',
  'Agent operator': 'operator_not_found',
  Transaction: 'transaction_not_found',
  'Ingest log entry': 'ingest_log_not_found',
  Session: 'session_not_found',
  Approval: 'approval_not_found',
  Payment: 'payment_not_found',
} as const satisfies Record<string, ContractIssueCode>;
export type RecordName = keyof typeof missing;

export const notFound = (what: RecordName) => refusal(Status.NOT_FOUND, missing[what], `${what} not found`);

/** A 2009 naming its rule; `path` is the field it concerns, when there is one. */
export const conflict = (
  code: ContractIssueCode,
  message: string,
  opts: { path?: string; params?: Record<string, unknown> } = {},
) => refusal(Status.CONFLICT, code, message, opts);

export const forbidden = (code: ContractIssueCode, message: string, params: Record<string, unknown> = {}) =>
  refusal(Status.FORBIDDEN, code, message, { params });

export const issuesOf = (error: ZodError): Issue[] => error.issues.map((i) => issueOf(i));

/** A 2001 answer about one field, with its issue code (docs/design.md §4). */
export const invalidField = (
  path: string,
  message: string,
  code: IssueCode,
  params: Record<string, unknown> = {},
) => new AppError(Status.VALIDATION, `${path}: ${message}`, { issues: [{ path, code, params, message }] });

export const validationError = (error: ZodError, where?: string) => {
  const issues = issuesOf(error).map((i) => ({
    ...i,
    path: where && i.path ? `${where}.${i.path}` : i.path || (where ?? ''),
  }));
  const first = issues[0];
  const message = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid input';
  return new AppError(Status.VALIDATION, message, { issues });
};
