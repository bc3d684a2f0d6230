import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  dateInZone,
  dateTimeInZone,
  daysInMonth,
  instantOfWall,
  monthOf,
} from './time.ts';

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

describe('instantOfWall: a wall-clock time of a zone as an instant', () => {
  const iso = (wall: string, zone: string) => {
    const instant = instantOfWall(wall, zone);
    return instant === undefined ? undefined : new Date(instant).toISOString();
  };

  it('reads Bangkok walls on UTC+7, as the web’s fixed offset did', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Bangkok');
    expect(iso('2025-11-01', 'Asia/Bangkok')).toBe('2025-10-31T17:00:00.000Z');
    expect(iso('2025-11-01T00:00', 'Asia/Bangkok')).toBe('2025-10-31T17:00:00.000Z');
    expect(iso('2025-11-01 23:59:59.999', 'Asia/Bangkok')).toBe('2025-11-01T16:59:59.999Z');
    expect(iso('2026-11-01T08:30', 'Asia/Bangkok')).toBe('2026-11-01T01:30:00.000Z');
    expect(iso('2028-02-29T06:00:05.5', 'Asia/Bangkok')).toBe('2028-02-28T23:00:05.500Z');
    expect(iso('9999-12-31T23:59:59.999', 'Asia/Bangkok')).toBe('9999-12-31T16:59:59.999Z');
  });

  it('is the same instant as a fixed +07:00 for any Bangkok wall time since 1920', () => {
    const from = Date.parse('1921-01-01T00:00:00Z');
    const to = Date.parse('2100-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const wall = new Date(ms).toISOString().slice(0, 23);
        expect(instantOfWall(wall, 'Asia/Bangkok')).toBe(Date.parse(`${wall}+07:00`));
      }),
      { numRuns: 2000 },
    );
  });

  it('follows New York across its daylight-saving changes', () => {
    // Winter: UTC−5; summer: UTC−4.
    expect(iso('2026-01-15T00:00', 'America/New_York')).toBe('2026-01-15T05:00:00.000Z');
    expect(iso('2026-07-15T00:00', 'America/New_York')).toBe('2026-07-15T04:00:00.000Z');
    // Spring, 8 March 2026: 02:00 EST jumps to 03:00 EDT; 02:30 is read on EST, so it lands at 03:30 EDT.
    expect(iso('2026-03-08T01:59:59.999', 'America/New_York')).toBe('2026-03-08T06:59:59.999Z');
    expect(iso('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(iso('2026-03-08T03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    // Autumn, 1 November 2026: 01:30 happens twice; the first (EDT) is taken.
    expect(iso('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(iso('2026-11-01T02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    // The day is 23 and 25 hours long.
    const length = (day: string, next: string) =>
      ((instantOfWall(next, 'America/New_York') ?? 0) - (instantOfWall(day, 'America/New_York') ?? 0)) /
      3_600_000;
    expect(length('2026-03-08', '2026-03-09')).toBe(23);
    expect(length('2026-11-01', '2026-11-02')).toBe(25);
  });

  it('starts a day whose midnight the clock skips at the first instant it has', () => {
    // Santiago moved from −04 to −03 at 00:00 on 7 September 2025: that day begins at 01:00.
    expect(iso('2025-09-07', 'America/Santiago')).toBe('2025-09-07T04:00:00.000Z');
    expect(dateTimeInZone(instantOfWall('2025-09-07', 'America/Santiago') ?? 0, 'America/Santiago')).toBe(
      '2025-09-07 01:00:00',
    );
  });

  it('is the instant back for every wall time a zone shows once', () => {
    const zones = [
      'Asia/Bangkok',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'UTC',
    ];
    const from = Date.parse('1970-01-01T00:00:00Z');
    const to = Date.parse('2100-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: from, max: to }), (zone, ms) => {
        const wall = dateTimeInZone(ms, zone);
        const back = instantOfWall(wall, zone);
        // A wall time shown twice (the hour after an autumn change) reads as its first instant.
        if (back !== ms) expect(dateTimeInZone(back ?? Number.NaN, zone)).toBe(wall);
        if (back !== ms) expect(back).toBeLessThan(ms);
      }),
      { numRuns: 3000 },
    );
  });

  it('has no instant for what is no time of the calendar', () => {
    for (const bad of [
      '',
      'garbage',
      '2025-02-29',
      '2025-02-30T00:00',
      '2025-04-31',
      '2025-13-01',
      '2025-00-10',
      '2025-11-00',
      '2025-11-01T24:00',
      '2025-11-01T10:60',
      '2025-11-01T10:30:60',
      '2025-11-01T10',
      '2025-11-01T10:30Z',
    ]) {
      expect(instantOfWall(bad, 'Asia/Bangkok'), bad).toBeUndefined();
    }
    expect(iso('2024-02-29', 'UTC')).toBe('2024-02-29T00:00:00.000Z');
    expect(iso('0001-01-01T00:00', 'UTC')).toBe('0001-01-01T00:00:00.000Z');
  });
});

describe('calendar helpers', () => {
  it('counts the days of a month, leap years included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2025, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
  });

  it('names the month an instant falls in on the zone’s calendar', () => {
    expect(monthOf('2026-10-31T17:00:00.000Z', 'Asia/Bangkok')).toBe('2026-11-01');
    expect(monthOf('2026-10-31T17:00:00.000Z', 'America/New_York')).toBe('2026-10-01');
    expect(monthOf('2026-10-31', 'Asia/Bangkok')).toBe('2026-10-01');
    expect(dateInZone(Date.parse('2026-10-31T17:00:00.000Z'), 'Asia/Bangkok')).toBe('2026-11-01');
  });
});
