import type { Resource } from '../resource';
import type { agentReport as th } from '../th/agent-report';

export const agentReport: Resource<typeof th> = {
  description: 'Active agents, each with its monthly totals',
  filters: {
    username: 'Username',
    prefix: 'Prefix',
    month: 'Report month',
    monthPlaceholder: 'Pick a month',
  },
  columns: {
    username: 'Username',
    prefix: 'Prefix',
    report: 'Monthly report',
    status: 'Agent status',
  },
  status: {
    active: 'Active',
    locked: 'Locked',
  },
  widget: {
    label: 'Totals of {{username}} for {{month}}',
    hold: 'Hold',
    winLose: 'Win/lose',
    deposit: 'Deposit',
    profit: 'Profit',
    refresh: 'Reload the totals of {{username}}',
    loading: 'Loading…',
    failed: 'Could not load the totals: {{reason}}',
  },
  widgetsFailed: 'Could not load the monthly totals',
  empty: 'No agents found',
  emptyHint: 'No active agent matches the search',
};
