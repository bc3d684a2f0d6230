import { issueOf } from '@sapi/contract';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { errorMessage, fieldErrors, issueMessage } from './errors';
import { i18n } from './i18n';

/** What a form shows: one message per field name, in the user's language. */
export type FormMessages = Record<string, string>;

/**
 * A form's values as its inputs hold them: a number input holds text ('' when empty, '-' half typed)
 * until it reads as a number, so the contract, not the input, says what is wrong with it.
 */
export type Draft<T> = {
  [K in keyof T]-?: Exclude<T[K], undefined> extends number ? number | string : T[K];
};

const isBlank = (value: unknown): boolean =>
  value === '' || value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const valueAt = (values: object, field: string): unknown =>
  Object.hasOwn(values, field) ? (values as Record<string, unknown>)[field] : undefined;

/**
 * The browser's check of a form with the route's own schema, so it refuses exactly what the server
 * would. Each field gets its first issue, worded by the contract's code and parameters in the user's
 * language; a field left empty says so rather than quoting a length or format the user has not tried.
 */
export const contractMessages = (schema: z.ZodType, values: object): FormMessages => {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const messages: FormMessages = {};
  for (const zodIssue of result.error.issues) {
    const field = String(zodIssue.path[0] ?? '');
    if (field in messages) continue;
    messages[field] = isBlank(valueAt(values, field))
      ? i18n.t('form.required')
      : issueMessage(issueOf(zodIssue));
  }
  return messages;
};

/** The server's refusal of a form: messages for the fields it shows, and what goes in its banner. */
export interface Refusal {
  fields: FormMessages;
  /** null when every reason sits beside its field. */
  banner: string | null;
}

/**
 * Where a failed save's reasons go: an issue naming a field of the form goes under that field; an
 * answer with no such issue (a conflict, a lost connection, an issue about something the form does
 * not show) goes to the banner.
 */
export const refusalOf = (error: unknown, formFields: readonly string[]): Refusal => {
  const onFields = Object.fromEntries(
    Object.entries(fieldErrors(error)).filter(([field]) => formFields.includes(field)),
  );
  if (Object.keys(onFields).length === 0) return { fields: {}, banner: errorMessage(error) };
  const issues = error instanceof ApiError ? (error.issues ?? []) : [];
  const stray = issues.find((issue) => !formFields.includes(issue.path.split('.')[0] ?? ''));
  return { fields: onFields, banner: stray ? issueMessage(stray) : null };
};
