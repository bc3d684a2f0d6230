import { isCommonPassword } from '../lib/common-passwords.ts';
import { invalidField } from './errors.ts';

/**
 * The password rules the contract cannot check (docs/design.md §13), for every password a person chooses: their
 * own change, and the one an administrator gives a new admin or agent-operator account. Not the username
 * (any case), not one of the 10,000 most common passwords (any case). Length (8–128) the contract checks.
 * `field` names the form field the refusal belongs under.
 */
export const assertPasswordRules = (password: string, username: string, field: string): void => {
  if (password.toLowerCase() === username.toLowerCase()) {
    throw invalidField(field, 'must not be the username', 'password_is_username');
  }
  if (isCommonPassword(password)) {
    throw invalidField(field, 'is one of the most common passwords', 'password_common');
  }
};
