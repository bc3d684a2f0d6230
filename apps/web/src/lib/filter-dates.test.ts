import { describe, expect, it } from 'vitest';
import { filterDateIso, pickerValue } from './filter-dates';

describe('date filters', () => {
  it('a day alone from a link is its first minute, or its last for an end', () => {
    expect(pickerValue('2024-03-10', 'start')).toBe('2024-03-10 00:00:00');
    expect(pickerValue(' 2024-03-10 ', 'end')).toBe('2024-03-10 23:59:00');
    expect(filterDateIso('2024-03-10', 'start')).toBe(new Date(2024, 2, 10, 0, 0, 0, 0).toISOString());
    expect(filterDateIso('2024-03-10', 'end')).toBe(new Date(2024, 2, 10, 23, 59, 59, 999).toISOString());
  });

  it('a picked date-time is sent to the minute: an end includes its every second', () => {
    expect(pickerValue('2024-03-10T09:30', 'start')).toBe('2024-03-10 09:30:00');
    expect(filterDateIso('2024-03-10 09:30:00', 'start')).toBe(new Date(2024, 2, 10, 9, 30).toISOString());
    expect(filterDateIso('2024-03-10 17:45:00', 'end')).toBe(
      new Date(2024, 2, 10, 17, 45, 59, 999).toISOString(),
    );
  });

  it('anything else is no filter, never another day', () => {
    for (const value of [
      '',
      'today',
      '2024-02-30',
      '2024-13-01',
      '2024-03-10 24:00',
      '10/03/2024',
      '2024-3-1',
    ]) {
      expect(pickerValue(value, 'start')).toBe('');
      expect(filterDateIso(value, 'end')).toBe('');
    }
  });
});
