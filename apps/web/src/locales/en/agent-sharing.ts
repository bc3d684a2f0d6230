import type { Resource } from '../resource';
import type { agentSharing as th } from '../th/agent-sharing';

export const agentSharing: Resource<typeof th> = {
  title: 'Agent sharing',
  description:
    'The share of revenue a parent agent receives from a child agent. An agent has at most one enabled arrangement.',
  add: 'Add sharing',
  createTitle: 'Add revenue sharing',
  editTitle: 'Edit revenue sharing',
  fields: {
    agent: 'Agent',
    parentAgent: 'Parent agent',
    parentAgentPrefix: 'Parent agent prefix',
    parentPercentage: 'Parent percentage',
    isDisable: 'Status',
    createDisabled: 'Create disabled',
    createdAt: 'Created',
    effectiveFrom: 'Effective from',
    settleEachPeriod: 'Settle negative balances each period',
  },
  effectiveToday: 'Today',
  effectiveHint:
    'The first day it applies (today by default); never in a closed period or one waiting to close. Earlier days keep the previous terms.',
  settleEachPeriodHint:
    'Off: a negative share (the parent owes the child) is carried forward and netted. On: the parent pays it within the period.',
  effectiveSince: 'Effective from {{date}}',
  scheduled: 'Starts on {{date}}',
  pendingChange: 'Waiting for approval: {{percent}} from {{date}}',
  pendingSaved: 'The change of {{agent}} to {{percent}} is waiting for a second admin to approve it',
  requestSent:
    'The change of {{agent}} to {{percent}} is sent and waits for the administrators to approve it',
  agentSideNote:
    'Only the percentage and the day it takes effect can be changed; the change takes effect once the administrators approve it',
  historyLabel: 'History of the sharing {{agent}} → {{parent}}',
  history: {
    title: 'Sharing history of {{agent}}',
    from: 'From',
    to: 'To',
    parent: 'Parent agent',
    percentage: 'Percentage',
    state: 'Status',
    by: 'Changed by',
    openEnded: 'Now',
    empty: 'No history',
    noDays: 'No day in force (replaced the same day)',
  },
  whatIf: {
    title: 'With {{percent}} in past periods',
    description:
      "The parent's share as it was, beside what it would be with the new percentage on the days this arrangement was in force. Nothing is stored.",
    period: 'Period',
    actual: 'As it was',
    whatIf: 'With the new percentage',
    difference: 'Difference',
    loading: 'Calculating…',
    empty: 'No past period to compare yet',
    more: '{{parent}} would receive {{amount}} THB more',
    less: '{{parent}} would receive {{amount}} THB less',
    same: 'The same',
  },
  percentageHint: '0–100, at most 2 decimals',
  disabledYes: 'Disabled',
  disabledNo: 'Enabled',
  disableToggle: 'Sharing {{agent}} → {{parent}} enabled',
  editLabel: 'Edit the sharing {{agent}} → {{parent}}',
  emptyTitle: 'No sharing arrangements found',
  confirm: {
    title: 'Confirm enable/disable',
    disableMessage:
      'Disable the sharing {{agent}} → {{parent}} ({{percent}})? The parent receives no share from the chosen day on; earlier days keep the previous terms.',
    enableMessage:
      'Enable the sharing {{agent}} → {{parent}} ({{percent}}) again? The share counts from the chosen day on.',
    disableFrom: 'Parent {{parent}} receives no share from {{date}}',
    enableFrom: 'The {{percent}} share counts again from {{date}}',
    disable: 'Confirm disable',
    enable: 'Confirm enable',
  },
  toast: {
    created: 'Sharing {{agent}} → {{parent}} ({{percent}}) added',
    updated: 'Sharing of {{agent}} saved',
    disabled: 'Sharing of {{agent}} disabled',
    enabled: 'Sharing of {{agent}} enabled',
  },
};
