import type { Resource } from '../resource';
import type { registerReport as th } from '../th/register-report';

export const registerReport: Resource<typeof th> = {
  title: 'Registration-count report',
  description: 'Players registered on each day of a month, per agent',
  agent: 'Agent',
  month: 'Month',
  monthPlaceholder: 'Choose a month',
  pickAgent: 'Choose an agent',
  pickAgentDescription: 'Choose an agent and a month, then press Search to see registrations per day.',
  calendar: {
    previousYear: 'Previous year',
    nextYear: 'Next year',
    previousDecade: 'Previous decade',
    nextDecade: 'Next decade',
    yearLevelControl: 'Choose a year',
  },
  agentPicker: {
    placeholder: 'Search username or prefix',
    nothingFound: 'No agent found',
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
