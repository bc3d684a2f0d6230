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
  },
  percentageHint: '0–100, at most 2 decimals',
  disabledYes: 'Disabled',
  disabledNo: 'Enabled',
  disableToggle: 'Disable the sharing {{agent}} → {{parent}}',
  editLabel: 'Edit the sharing {{agent}} → {{parent}}',
  emptyTitle: 'No sharing arrangements found',
  confirm: {
    title: 'Confirm enable/disable',
    disableMessage:
      'Disable the sharing {{agent}} → {{parent}} ({{percent}})? The parent receives no share from now on.',
    enableMessage: 'Enable the sharing {{agent}} → {{parent}} ({{percent}}) again?',
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
