import type { Resource } from '../resource';
import type { security as th } from '../th/security';

export const security: Resource<typeof th> = {
  nav: {
    allSessions: 'All sessions',
    refusals: 'Refused addresses',
    settings: 'Security settings',
  },
  sessions: {
    title: 'My sessions',
    description:
      'The devices and browsers your account is signed in on. If you see one you do not know, end it and change your password.',
    fields: {
      account: 'Account',
      browser: 'Browser',
      ip: 'IP address',
      createdAt: 'Signed in',
      lastSeenAt: 'Last active',
    },
    current: 'This session',
    browserOn: '{{browser}} on {{system}}',
    unknownBrowser: 'Unknown browser',
    end: 'End',
    endLabel: 'End the session {{browser}} ({{ip}})',
    endOthers: 'End all other sessions',
    confirm: {
      title: 'End this session?',
      message: 'End the session {{browser}} from {{ip}}? That device will have to sign in again.',
      othersTitle: 'End the other sessions?',
      othersMessage: 'End every other session ({{count}})? This session stays signed in.',
      end: 'End session',
    },
    toast: {
      ended: 'The session was ended',
      endedOthers: 'Other sessions ended: {{count}}',
      endedAccount: 'Every session of {{username}} was ended ({{count}})',
    },
  },
  allSessions: {
    title: 'All sessions',
    description: 'The live sessions of every admin account, the most recently active first.',
    empty: 'No live sessions',
    filtered: 'Showing the sessions of {{username}} only',
    endAccount: 'End every session of {{username}}',
    confirm: {
      message: 'End the session of {{username}} ({{browser}} from {{ip}})?',
      accountTitle: 'End every session of the account?',
      accountMessage: 'End every session of {{username}}? Each of its devices will have to sign in again.',
    },
  },
  allowList: {
    label: 'Allowed IP addresses',
    placeholder: 'Type an IP address or CIDR range and press Enter',
    remove: 'Remove {{entry}} from the list',
    badEntry: '“{{entry}}” (entry {{position}}): {{reason}}',
    duplicate: '{{entries}} already in the list: not added twice',
    agentTitle: 'Ingest API allowed addresses: {{username}}',
    agentLabel: 'Allowed addresses of {{username}}',
    agentHint:
      "Ingest requests signed with this agent's keys are accepted only from these addresses (e.g. 203.0.113.7 or 203.0.113.0/24). Empty: from any address.",
    adminTitle: 'Allowed addresses of the account {{username}}',
    adminLabel: 'Allowed addresses of {{username}}',
    adminHint:
      'This account can sign in and work only from these addresses (e.g. 203.0.113.7 or 203.0.113.0/24). Empty: from any address.',
    myAddress: 'The address you are using now:',
    myAddressUnknown:
      'The server does not know the address you are using now, so no warning can be given here; it checks again when you save.',
    otherNote: 'Once saved, {{username}} is refused at once from any other address, open sessions included.',
    lockoutTitle: 'You would shut yourself out',
    lockout:
      'This list does not include your current address ({{ip}}). Saved, it would stop you working from here: add this address or a range that covers it.',
    lockoutUnsure:
      'Whether an IPv6 range of the list covers your current address ({{ip}}) cannot be checked here; the server refuses the save if it does not.',
    toast: {
      saved: 'Allowed addresses of {{username}} saved ({{count}} entries)',
      cleared: 'Allowed addresses of {{username}} cleared (any address)',
    },
  },
  refusals: {
    title: 'Refused addresses',
    description:
      'Requests refused because they came from an address not on the allow-list, counted per agent or account and UTC day, with the last address and time.',
    recentTitle: 'Recently refused requests',
    none: 'No refused requests yet',
    unavailable: 'The refused requests could not be loaded',
    seeAll: 'See all refused requests',
    empty: 'No refused requests',
    scopeAgent: 'Ingest API (agent)',
    scopeAdmin: 'Admin account',
    fields: {
      scope: 'Kind',
      subject: 'Agent or account',
      day: 'Day (UTC)',
      count: 'Count',
      lastIp: 'Last IP',
      lastAt: 'Last time',
    },
  },
  settings: {
    title: 'Security settings',
    description: 'Sign-in policies for every admin account.',
    totpTitle: 'Two-factor sign-in (2FA)',
    totpDescription:
      'Users of the chosen types must sign in with a code from an authenticator app every time; those not enrolled yet are led to enrol when they sign in.',
    totpRequired: 'Admin types that must use two-factor sign-in',
    totpNote:
      'Saving asks for your password again. Accounts not enrolled yet can do nothing else until they enrol.',
    types: {
      SUPERADMIN: 'SUPERADMIN — super administrator',
      ADMIN: 'ADMIN — administrator',
      OPERATOR: 'OPERATOR — operator',
      REPORTER: 'REPORTER — reporter',
    },
    saved: 'Security settings saved',
    approvalTitle: 'Approval of sharing percentage changes',
    approvalDescription:
      "When on, a change of a parent agent's percentage waits until a second admin (SUPERADMIN or ADMIN) approves it. Nobody can approve their own request.",
    approvalSwitch: 'Percentage changes need approval',
  },
  twoFactor: {
    column: '2FA',
    on: 'On',
    off: 'Off',
    stateLabel: 'Two-factor sign-in of {{username}}: {{state}}',
    reset: 'Remove two-factor sign-in',
    resetLabel: 'Remove two-factor sign-in of {{username}}',
    confirmTitle: 'Remove two-factor sign-in of {{username}}?',
    confirmMessage:
      'For an account whose phone and recovery codes are lost: it signs in with its password alone, or sets two-factor up again where its type must use it.',
    confirm: 'Remove',
    done: 'Two-factor sign-in of {{username}} removed',
  },
};
