import type { Resource } from '../resource';
import type { registerReport as th } from '../th/register-report';

export const registerReport: Resource<typeof th> = {
  title: 'Registration-count report',
  description: 'Players registered on each day of a month, of one agent or the whole platform',
  agent: 'Agent',
  month: 'Month',
  monthPlaceholder: 'Choose a month',
  allAgents: 'Whole platform (every agent)',
  descriptionAgentSide:
    'Players registered on each day of a month, of one agent or of my agent and its downline',
  allAgentsAgentSide: 'My agent and its downline (every agent)',
  calendar: {
    previousYear: 'Previous year',
    nextYear: 'Next year',
    previousDecade: 'Previous decade',
    nextDecade: 'Next decade',
    yearLevelControl: 'Choose a year',
  },
  chart: {
    label: 'Registrations per day in {{month}}',
    series: 'Registrations',
  },
  table: {
    caption: 'Registrations per day',
    date: 'Date',
    count: 'Registrations',
    total: 'Month total',
  },
  summary: '{{username}} · {{month}}: {{total}} registrations',
};
