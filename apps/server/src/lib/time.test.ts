import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInZone, dateTimeInZone } from './time.ts';

const at = (iso: string) => new Date(iso);

const references = new Map<string, Intl.DateTimeFormat>();
/** The same wall clock as Intl writes it, part by part: what the arithmetic must agree with. */
const byIntl = (instant: number, timeZone: string): string => {
  let reference = references.get(timeZone);
  if (!reference) {
    reference = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    references.set(timeZone, reference);
  }
  const parts = reference.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const millis = ((instant % 1000) + 1000) % 1000;
  const wall = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
  return millis === 0 ? wall : `${wall}.${String(millis).padStart(3, '0')}`;
};

describe('dateTimeInZone: an instant on a zone’s wall clock', () => {
  it('writes Bangkok time (UTC+7) as yyyy-MM-dd HH:mm:ss, 24-hour', () => {
    expect(dateTimeInZone(at('2026-11-24T00:00:00.000Z'), 'Asia/Bangkok')).toBe('2026-11-24 07:00:00');
    expect(dateTimeInZone(at('2026-11-24T08:05:09.000Z'), 'Asia/Bangkok')).toBe('2026-11-24 15:05:09');
    expect(dateTimeInZone(Date.parse('2026-11-24T16:59:59Z'), 'Asia/Bangkok')).toBe('2026-11-24 23:59:59');
  });

  it('puts 23:30 UTC on the next Bangkok day, month and year', () => {
    expect(dateTimeInZone(at('2026-11-23T23:30:00.000Z'), 'Asia/Bangkok')).toBe('2026-11-24 06:30:00');
    // The first instants of November in Bangkok are October in UTC.
    expect(dateTimeInZone(at('2026-10-31T17:00:00.000Z'), 'Asia/Bangkok')).toBe('2026-11-01 00:00:00');
    expect(dateTimeInZone(at('2026-10-31T16:59:59.999Z'), 'Asia/Bangkok')).toBe('2026-10-31 23:59:59.999');
    expect(dateTimeInZone(at('2026-12-31T23:30:00.000Z'), 'Asia/Bangkok')).toBe('2027-01-01 06:30:00');
    expect(dateTimeInZone(at('2028-02-28T17:00:00.000Z'), 'Asia/Bangkok')).toBe('2028-02-29 00:00:00');
  });

  it('adds .SSS only when the milliseconds are not 0', () => {
    expect(dateTimeInZone(at('2026-11-24T00:00:00.123Z'), 'Asia/Bangkok')).toBe('2026-11-24 07:00:00.123');
    expect(dateTimeInZone(at('2026-11-24T00:00:00.005Z'), 'Asia/Bangkok')).toBe('2026-11-24 07:00:00.005');
    expect(dateTimeInZone(at('2026-11-24T00:00:00.500Z'), 'Asia/Bangkok')).toBe('2026-11-24 07:00:00.500');
  });

  it('follows Europe/Berlin across its daylight-saving changes', () => {
    const berlin = (iso: string) => dateTimeInZone(at(iso), 'Europe/Berlin');
    // Spring: 02:00 CET becomes 03:00 CEST at 01:00 UTC; no wall time of 02:xx that night.
    expect(berlin('2026-03-29T00:59:59.999Z')).toBe('2026-03-29 01:59:59.999');
    expect(berlin('2026-03-29T01:00:00.000Z')).toBe('2026-03-29 03:00:00');
    expect(berlin('2026-03-28T12:00:00.000Z')).toBe('2026-03-28 13:00:00');
    expect(berlin('2026-03-30T12:00:00.000Z')).toBe('2026-03-30 14:00:00');
    // Autumn: 03:00 CEST becomes 02:00 CET at 01:00 UTC; 02:30 happens twice.
    expect(berlin('2026-10-25T00:30:00.000Z')).toBe('2026-10-25 02:30:00');
    expect(berlin('2026-10-25T00:59:59.000Z')).toBe('2026-10-25 02:59:59');
    expect(berlin('2026-10-25T01:00:00.000Z')).toBe('2026-10-25 02:00:00');
    expect(berlin('2026-10-25T01:30:00.000Z')).toBe('2026-10-25 02:30:00');
    // The calendar day in the zone, as the reports count it.
    expect(berlin('2026-10-24T22:30:00.000Z')).toBe('2026-10-25 00:30:00');
    expect(dateInZone(at('2026-10-24T22:30:00.000Z'), 'Europe/Berlin')).toBe('2026-10-25');
  });

  it('handles a change in the middle of a UTC hour and offsets in quarter hours', () => {
    // Lord Howe Island goes from +10:30 to +11:00 at 02:00 local, 15:30 UTC.
    const lordHowe = (iso: string) => dateTimeInZone(at(iso), 'Australia/Lord_Howe');
    expect(lordHowe('2026-10-03T15:00:00.000Z')).toBe('2026-10-04 01:30:00');
    expect(lordHowe('2026-10-03T15:29:59.000Z')).toBe('2026-10-04 01:59:59');
    expect(lordHowe('2026-10-03T15:30:00.000Z')).toBe('2026-10-04 02:30:00');
    expect(lordHowe('2026-10-03T15:59:59.999Z')).toBe('2026-10-04 02:59:59.999');
    expect(dateTimeInZone(at('2026-11-24T00:00:00.000Z'), 'Asia/Kathmandu')).toBe('2026-11-24 05:45:00');
    expect(dateTimeInZone(at('2026-11-24T02:00:00.000Z'), 'America/St_Johns')).toBe('2026-11-23 22:30:00');
    expect(dateTimeInZone(at('2026-11-24T00:00:00.000Z'), 'UTC')).toBe('2026-11-24 00:00:00');
  });

  it('writes the ends of the years a date picker allows', () => {
    expect(dateTimeInZone(at('0001-01-01T00:00:00.000Z'), 'UTC')).toBe('0001-01-01 00:00:00');
    expect(dateTimeInZone(at('9999-12-31T16:59:59.999Z'), 'Asia/Bangkok')).toBe('9999-12-31 23:59:59.999');
    expect(dateTimeInZone(at('1970-01-01T00:00:00.000Z'), 'Asia/Bangkok')).toBe('1970-01-01 07:00:00');
    expect(dateTimeInZone(at('1969-12-31T23:59:59.999Z'), 'UTC')).toBe('1969-12-31 23:59:59.999');
  });

  it('writes nothing for an instant that is no date', () => {
    expect(dateTimeInZone(new Date(Number.NaN), 'Asia/Bangkok')).toBe('');
    expect(dateTimeInZone(Number.POSITIVE_INFINITY, 'Asia/Bangkok')).toBe('');
    expect(dateTimeInZone(9e15, 'Asia/Bangkok')).toBe('');
  });

  it('agrees with Intl for any instant in any of these zones, in any order', () => {
    const zones = [
      'Asia/Bangkok',
      'Europe/Berlin',
      'America/New_York',
      'America/Sao_Paulo',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'UTC',
    ];
    const from = Date.parse('1950-01-01T00:00:00Z');
    const to = Date.parse('2100-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: from, max: to }),
        fc.boolean(),
        (zone, instant, wholeSecond) => {
          const ms = wholeSecond ? instant - (((instant % 1000) + 1000) % 1000) : instant;
          expect(dateTimeInZone(ms, zone)).toBe(byIntl(ms, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees with Intl in the hours around daylight-saving changes', () => {
    const changes: [string, string][] = [
      ['Europe/Berlin', '2026-03-29T01:00:00Z'],
      ['Europe/Berlin', '2026-10-25T01:00:00Z'],
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...changes),
        fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }),
        ([zone, change], delta) => {
          const ms = Date.parse(change) + delta;
          expect(dateTimeInZone(ms, zone)).toBe(byIntl(ms, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
