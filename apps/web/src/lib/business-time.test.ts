import { describe, expect, it } from 'vitest';
import { businessDaysFilter, filterEdgeIso, normalizeFilterWall } from './business-time';

describe('date-time filters (Bangkok wall clock in the URL, ISO instants to the API)', () => {
  it('keeps one URL form and reads the older ones', () => {
    expect(normalizeFilterWall('2025-11-01T09:30', 'start')).toBe('2025-11-01T09:30');
    expect(normalizeFilterWall('2025-11-01 09:30:45', 'start')).toBe('2025-11-01T09:30');
    expect(normalizeFilterWall('2025-11-01', 'start')).toBe('2025-11-01T00:00');
    expect(normalizeFilterWall('2025-11-01', 'end')).toBe('2025-11-01T23:59');
    // Links that carried ISO instants: the minute they fall in, in Thailand.
    expect(normalizeFilterWall('2025-10-31T17:00:00.000Z', 'start')).toBe('2025-11-01T00:00');
    expect(normalizeFilterWall('2025-11-01T16:59:59.999Z', 'end')).toBe('2025-11-01T23:59');
    expect(filterEdgeIso('2025-11-01T16:59:59.999Z', 'end')).toBe('2025-11-01T16:59:59.999Z');
  });

  it('has no value for what is not a date-time of the calendar', () => {
    for (const bad of [
      '',
      'garbage',
      '2025-02-30T00:00',
      '2025-11-01T24:00',
      '2025-11-01T10:60',
      '2025-13-01T00:00:00Z',
    ]) {
      expect(normalizeFilterWall(bad, 'start'), bad).toBe('');
      expect(filterEdgeIso(bad, 'end'), bad).toBe('');
    }
  });

  it('sends the start of the first minute and the last millisecond of the last', () => {
    expect(filterEdgeIso('2025-11-01T00:00', 'start')).toBe('2025-10-31T17:00:00.000Z');
    expect(filterEdgeIso('2025-11-01T23:59', 'end')).toBe('2025-11-01T16:59:59.999Z');
    expect(filterEdgeIso('2025-11-01', 'end')).toBe('2025-11-01T16:59:59.999Z');
  });

  it('names whole business days for a drill-down', () => {
    expect(businessDaysFilter('2025-11-01')).toEqual({
      startDate: '2025-11-01T00:00',
      endDate: '2025-11-01T23:59',
    });
    expect(businessDaysFilter('2025-11-01', '2025-11-30').endDate).toBe('2025-11-30T23:59');
  });
});
