import type { Resource } from '../resource';
import type { pickers as th } from '../th/pickers';

export const pickers: Resource<typeof th> = {
  dateTime: {
    clear: 'Clear {{label}}',
    openCalendar: 'Pick {{label}} from a calendar',
    invalid: {
      format: 'Type the date as {{pattern}}, e.g. 11/22/2026 01:30 PM',
      calendar: 'There is no such day in the calendar',
      years: 'The year must be from 1900 to 2200',
      time: 'Not a time (12:00 AM to 11:59 PM)',
    },
    dayFormat: 'Type the date as {{pattern}}, e.g. 11/22/2026',
    endBeforeStart: 'The end must not be before the start',
    quick: {
      label: 'Quick range',
      choose: 'Choose a range',
      today: 'Today',
      yesterday: 'Yesterday',
      thisWeek: 'This week',
      thisMonth: 'This month',
      lastMonth: 'Last month',
    },
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    previousYear: 'Previous year',
    nextYear: 'Next year',
    previousDecade: 'Previous decade',
    nextDecade: 'Next decade',
    monthLevelControl: 'Choose a month',
    yearLevelControl: 'Choose a year',
  },
  brand: {
    all: 'All game providers',
    choose: 'Choose a game provider',
    nothingFound: 'No game provider found',
    loading: 'Loading game providers…',
    failed: 'Could not load the game providers',
    disabled: 'disabled',
    unknown: 'not a listed provider',
    clear: 'Clear {{label}}',
  },
};
