import type { Resource } from '../resource';
import type { myAgent as th } from '../th/my-agent';

export const myAgent: Resource<typeof th> = {
  description: 'API key, allowed addresses, games, ingest log and downline of agent {{agent}} ({{prefix}})',
  credentials: {
    title: 'API key',
    hint: "Signs this agent's ingest requests (POST /ingest/transactions)",
    noSecret: 'Your account may not see or rotate the secret (the agent account and SUPERMANAGER only)',
    rotate: 'Rotate secret',
    rotateTitle: 'Rotate the secret of {{username}}?',
    rotateMessage:
      'The old secret stops working at once: ingest requests signed with it are refused until your game system uses the new one.',
    rotated: 'Secret rotated. Copy the new one into your game system.',
  },
  allowList: {
    title: 'Ingest API allowed addresses',
    any: 'Any address (none set)',
    edit: 'Edit allowed addresses',
    view: 'View allowed addresses',
  },
  signIn: {
    title: 'Sign-in security',
    hint: "For the agent's own account and every operator of this agent (apart from the ingest API's addresses)",
    totpTypes: 'Operator types that must use two-factor sign-in',
    totpNone: 'Not required',
    totpHint: 'An operator of a chosen type without it sets it up at its next sign-in, before anything else',
    ips: 'Addresses allowed to sign in',
    ipsAny: 'Sign-in from any address (none set)',
    ipsHint: 'Addresses or CIDR ranges; empty = any. A sign-in from elsewhere is refused as a wrong password',
    edit: 'Edit sign-in security',
    dialogTitle: 'Sign-in security of {{agent}}',
    saved: 'Sign-in settings saved',
  },
  games: {
    title: "The agent's games",
    none: 'No games yet',
  },
  ingestLog: {
    title: 'Latest ingest requests',
    none: 'No ingest requests yet',
    seeAll: 'See the whole log',
    at: 'Time',
    outcome: 'Outcome',
    items: 'Items',
    accepted: 'Accepted',
  },
  tree: {
    title: 'Downline: win/lose of {{month}}',
    hint: "Your agent and every agent below it in today's sharing tree; win/lose from the player's wallet",
    label: 'Downline tree',
    winLose: 'Win/lose',
    transactions: 'Transactions of {{username}}',
    locked: 'Locked',
  },
  statements: {
    title: 'Settlement statements',
    hint: 'The statements of the sharing arrangements in your downline (read only)',
    open: 'Open statements',
  },
};
