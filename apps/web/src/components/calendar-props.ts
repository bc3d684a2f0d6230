import type { TFunction } from 'i18next';

/**
 * What every calendar of the console shares: no faint days of other months and no red weekend digits
 * (both below AA contrast on white), and its buttons named in the user's language.
 */
export const calendarProps = (t: TFunction) => ({
  hideOutsideDates: true,
  weekendDays: [] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[],
  ariaLabels: {
    previousMonth: t('pickers.dateTime.previousMonth'),
    nextMonth: t('pickers.dateTime.nextMonth'),
    previousYear: t('pickers.dateTime.previousYear'),
    nextYear: t('pickers.dateTime.nextYear'),
    previousDecade: t('pickers.dateTime.previousDecade'),
    nextDecade: t('pickers.dateTime.nextDecade'),
    monthLevelControl: t('pickers.dateTime.monthLevelControl'),
    yearLevelControl: t('pickers.dateTime.yearLevelControl'),
  },
});
