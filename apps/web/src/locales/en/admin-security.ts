import type { Resource } from '../resource';
import type { adminSecurity as th } from '../th/admin-security';

export const adminSecurity: Resource<typeof th> = {
  menu: 'Security of {{username}}',
  resetPassword: 'Reset password',
  resetTotp: 'Reset two-factor sign-in',
  confirmPasswordTitle: 'Reset password',
  confirmPassword:
    "Reset the password of {{username}}? A temporary password is made, the account's open sessions are signed out, and it must set a new password at its next sign-in.",
  confirmPasswordSubmit: 'Reset password',
  confirmTotpTitle: 'Reset two-factor sign-in',
  confirmTotp:
    'Reset the two-factor sign-in of {{username}} (e.g. phone and recovery codes lost)? The old secret and recovery codes stop working and the account sets it up again.',
  confirmTotpSubmit: 'Reset',
  totpReset: 'Two-factor sign-in of {{username}} was reset',
  temporaryTitle: 'Temporary password of {{username}}',
  temporaryIntro:
    'Give this temporary password to {{username}} over a safe channel. They must set a new password at their next sign-in.',
  temporaryLabel: 'Temporary password',
  temporaryOnce: 'It is shown this one time only: once this window is closed it cannot be seen again',
  copy: 'Copy',
  copied: 'Copied',
};
