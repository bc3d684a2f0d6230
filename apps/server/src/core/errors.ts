import { type Issue, issueOf, Status } from '@sapi/contract';
import type { ZodError } from 'zod';

/** An expected failure with its DESIGN §4 status; anything else becomes 9000. */
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

export const notFound = (what: string) => new AppError(Status.NOT_FOUND, `${what} not found`);
export const conflict = (message: string) => new AppError(Status.CONFLICT, message);
export const forbidden = (message = 'Your role may not do this') => new AppError(Status.FORBIDDEN, message);

export const issuesOf = (error: ZodError): Issue[] => error.issues.map((i) => issueOf(i));

/** A 2001 answer about one field, with its issue code (DESIGN §4). */
export const invalidField = (
  path: string,
  message: string,
  code = 'custom',
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
