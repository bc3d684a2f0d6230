import dayjs from 'dayjs';

/** Which end of a range a date filter is: a day alone means its first or its last moment. */
export type RangeEdge = 'start' | 'end';

const DAY = /^(\d{4}-\d{2}-\d{2})$/;
const WALL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2}))?$/;

/** A calendar day that exists (dayjs would roll 2024-02-30 over into March). */
const realDay = (day: string) => dayjs(day).format('YYYY-MM-DD') === day;

/**
 * A date filter as the picker holds it: local wall time `YYYY-MM-DD HH:mm:ss`. A link may carry a day
 * alone (`startDate=2024-03-10`); it stands for the day's first minute, or its last for an end.
 * Anything else is no filter ('').
 */
export const pickerValue = (value: string, edge: RangeEdge): string => {
  const trimmed = value.trim();
  const day = DAY.exec(trimmed);
  if (day?.[1] && realDay(day[1])) return `${day[1]} ${edge === 'start' ? '00:00' : '23:59'}:00`;
  const wall = WALL_TIME.exec(trimmed);
  if (!wall?.[1] || !realDay(wall[1])) return '';
  const wallTime = `${wall[1]} ${wall[2]}:${wall[3] ?? '00'}`;
  return dayjs(wallTime).format('YYYY-MM-DD HH:mm:ss') === wallTime ? wallTime : '';
};

/**
 * A date filter as the API takes it: the ISO instant of the local wall time, or '' (no filter) for
 * anything else. The pickers choose minutes, so "to 10:30" includes every second of 10:30, as the
 * tables (which show seconds) would lead a user to expect.
 */
export const filterDateIso = (value: string, edge: RangeEdge): string => {
  const wall = pickerValue(value, edge);
  if (wall === '') return '';
  const d = dayjs(wall);
  return (edge === 'end' ? d.endOf('minute') : d.startOf('minute')).toISOString();
};
