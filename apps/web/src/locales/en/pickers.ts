import type { Resource } from '../resource';
import type { pickers as th } from '../th/pickers';

export const pickers: Resource<typeof th> = {
  dateTime: {
    placeholder: 'MM/DD/YYYY hh:mm',
    clear: 'Clear {{label}}',
    hours: 'Hours',
    minutes: 'Minutes',
    amPm: 'AM/PM',
    apply: 'Apply',
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
