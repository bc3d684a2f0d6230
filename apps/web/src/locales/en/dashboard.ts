import type { Resource } from '../resource';
import type { dashboard as th } from '../th/dashboard';

export const dashboard: Resource<typeof th> = {
  description: 'The whole platform in {{month}} against the month before',
  descriptionSoFar:
    'The whole platform in {{month}} up to day {{day}} (not over yet) against the whole month before',
  descriptionAgent: 'My agent and its downline in {{month}} against the month before',
  descriptionAgentSoFar:
    'My agent and its downline in {{month}} up to day {{day}} (not over yet) against the whole month before',
  month: 'Month',
  monthPlaceholder: 'Pick a month',
  cards: {
    turnover: 'Turnover this month',
    transactions: '{{count}} transactions this month',
    winLose: 'Win/lose this month',
    winLoseHint: 'From the players’ wallets: negative when players lost',
    players: 'Players active this month',
    playersDetail: '{{active}} of {{registered}} registered players · {{fresh}} registered this month',
    previous: 'Last month: {{value}}',
    viewAll: 'View all',
    registrationsPerDay: 'Registrations per day',
  },
  change: {
    up: 'Up {{percent}} on last month',
    down: 'Down {{percent}} on last month',
    same: 'Same as last month',
    noPrevious: 'Nothing last month to compare with',
  },
  chart: {
    title: 'Daily win/lose',
    label: 'Bar chart of the daily win/lose in {{month}}',
    winLose: 'Win/lose',
    empty: 'No bets this month yet',
  },
  topBrands: {
    title: 'Top game brands',
    name: 'Game brand',
  },
  topAgents: {
    title: 'Top agents',
    name: 'Agent',
  },
  columns: {
    rank: 'Rank',
    turnover: 'Turnover',
    winLose: 'Win/lose',
  },
  emptyTop: 'No data this month yet',
  failed: 'Could not load the dashboard',
};
