import type { TKey } from '../../lib/i18n';

/** The eight routes under /summary (docs/spec.md §2) and the revenue-share statement, in the hub's order. */
export const summaryReports = [
  { path: 'tsreport', titleKey: 'screens.summary.tsreport', descriptionKey: 'summaryHub.tsreport' },
  { path: 'tsdetail', titleKey: 'screens.summary.tsdetail', descriptionKey: 'summaryHub.tsdetail' },
  { path: 'agentdaily', titleKey: 'screens.summary.agentdaily', descriptionKey: 'summaryHub.agentdaily' },
  {
    path: 'agentmonthly',
    titleKey: 'screens.summary.agentmonthly',
    descriptionKey: 'summaryHub.agentmonthly',
  },
  { path: 'gamedaily', titleKey: 'screens.summary.gamedaily', descriptionKey: 'summaryHub.gamedaily' },
  {
    path: 'gamedailybygame',
    titleKey: 'screens.summary.gamedailybygame',
    descriptionKey: 'summaryHub.gamedailybygame',
  },
  { path: 'gamemonthly', titleKey: 'screens.summary.gamemonthly', descriptionKey: 'summaryHub.gamemonthly' },
  {
    path: 'gamemonthlybygame',
    titleKey: 'screens.summary.gamemonthlybygame',
    descriptionKey: 'summaryHub.gamemonthlybygame',
  },
  {
    path: 'revenueshare',
    titleKey: 'screens.summary.revenueshare',
    descriptionKey: 'summaryHub.revenueshare',
  },
] as const satisfies readonly { path: string; titleKey: TKey; descriptionKey: TKey }[];
