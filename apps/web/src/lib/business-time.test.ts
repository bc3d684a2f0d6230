import { DEFAULT_TIME_ZONE } from '@sapi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  businessDateTime,
  businessDaysFilter,
  businessMonth,
  businessTimeZone,
  businessToday,
  filterEdgeIso,
  normalizeFilterWall,
  setBusinessTimeZone,
} from './business-time';

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

describe('the business clock follows the zone the server names (REPORT_TIMEZONE)', () => {
  afterEach(() => setBusinessTimeZone(DEFAULT_TIME_ZONE));

  it('is on Bangkok time until the self answer names a zone', () => {
    expect(businessTimeZone()).toBe('Asia/Bangkok');
    expect(businessToday(new Date('2026-10-31T17:00:00.000Z'))).toBe('2026-11-01');
    expect(businessDateTime('2026-10-31T17:00:00.000Z')).toBe('01/11/2026 00:00:00');
  });

  it('takes today, the day edges and shown times from New York, daylight saving included', () => {
    setBusinessTimeZone('America/New_York');
    // 31 October 17:00 UTC is still 31 October in New York (EDT, UTC−4).
    expect(businessToday(new Date('2026-10-31T17:00:00.000Z'))).toBe('2026-10-31');
    expect(businessMonth(new Date('2026-11-01T03:59:59.999Z'))).toEqual({ year: 2026, month: 10 });
    expect(businessDateTime('2026-10-31T17:00:00.000Z')).toBe('31/10/2026 13:00:00');
    // Summer (UTC−4) and winter (UTC−5) day edges.
    expect(filterEdgeIso('2026-07-15T00:00', 'start')).toBe('2026-07-15T04:00:00.000Z');
    expect(filterEdgeIso('2026-07-15', 'end')).toBe('2026-07-16T03:59:59.999Z');
    expect(filterEdgeIso('2026-01-15T00:00', 'start')).toBe('2026-01-15T05:00:00.000Z');
    // The day the clocks go back is 25 hours long.
    expect(filterEdgeIso('2026-11-01T00:00', 'start')).toBe('2026-11-01T04:00:00.000Z');
    expect(filterEdgeIso('2026-11-01T23:59', 'end')).toBe('2026-11-02T04:59:59.999Z');
    // An older link's instant reads as its New York minute.
    expect(normalizeFilterWall('2026-07-15T04:00:00.000Z', 'start')).toBe('2026-07-15T00:00');
  });
});
