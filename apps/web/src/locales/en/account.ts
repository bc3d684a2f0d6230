import type { Resource } from '../resource';
import type { account as th } from '../th/account';

export const account: Resource<typeof th> = {
  menu: {
    changePassword: 'Change password',
    security: 'Two-factor sign-in',
    sessions: 'Signed-in sessions',
  },
  password: {
    title: 'Change password',
    current: 'Current password',
    new: 'New password',
    repeat: 'Repeat the new password',
    hint: '8–128 characters, not your username and not one of the common passwords',
    submit: 'Change password',
    otherSessions:
      'Once changed, every other session of this account (other devices or browsers) is signed out',
    done: 'Password changed; {{count}} other session(s) of this account were signed out',
  },
  setup: {
    passwordTitle: 'Set a new password first',
    passwordIntro:
      'The account {{username}} signed in with a temporary password (the initial one generated at installation, or one an administrator reset). Set your own password before you use any other screen.',
    temporary: 'Temporary password',
    enrolTitle: 'Set up two-factor sign-in first',
    enrolIntro:
      'An administrator requires {{type}} accounts to sign in with a code from an authenticator app. Set it up before you use any other screen.',
    enrolIntroAgentSide:
      'Agent {{agent}} requires its {{type}} operators to sign in with a code from an authenticator app. Set it up before you use any other screen.',
    signedInAs: 'Signed in as {{username}}',
    signOut: 'Sign out',
    ready: 'Your account is set up and ready',
  },
  totp: {
    title: 'Two-factor sign-in',
    description:
      'Sign in with your password and a 6-digit code from an authenticator app on your phone (such as Google Authenticator or Microsoft Authenticator)',
    status: 'Status',
    on: 'On',
    off: 'Off',
    required: 'Required for this account type',
    codesLeft: '{{count}} of 10 recovery codes left',
    codesLow: 'Few recovery codes left; make a new set',
    start: 'Start set-up',
    startHint: 'Have the authenticator app on your phone ready, then start the set-up',
    scan: '1. Scan this QR code with the authenticator app',
    qrAlt: 'QR code that adds this account to an authenticator app',
    secret: 'Or type this secret into the app yourself',
    copy: 'Copy',
    copied: 'Copied',
    enter: '2. Enter the 6-digit code the app shows to confirm',
    code: '6-digit code',
    confirm: 'Confirm and turn on',
    enabled: 'Two-factor sign-in is on',
    codeOrRecovery: 'Code from the app, or a recovery code',
    disable: 'Turn two-factor sign-in off',
    disableMessage:
      'Enter a code from the app or a recovery code to turn it off; signing in then needs only the password',
    disableRequired:
      'Your account type requires it: if you turn it off, you must set it up again at your next sign-in',
    disableSubmit: 'Turn off',
    disabled: 'Two-factor sign-in is off',
    newCodes: 'Make new recovery codes',
    newCodesMessage:
      'The current recovery codes stop working. Enter a code from the app or a recovery code to confirm',
    newCodesSubmit: 'Make new codes',
  },
  recovery: {
    title: 'Recovery codes',
    intro:
      'Keep these 10 recovery codes somewhere safe. Each one replaces a code from the app once, for when your phone is lost',
    once: 'They are shown this one time only',
    list: 'Recovery codes',
    copy: 'Copy all',
    copied: 'Copied',
    download: 'Download .txt file',
    saved: 'I have saved the recovery codes',
    done: 'Done',
    fileHeader: 'S.API System recovery codes — account {{username}} (each works once)',
  },
};
