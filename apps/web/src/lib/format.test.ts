import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  endOfDayIso,
  formatDateTime,
  formatMoney,
  formatNumber,
  isIsoTimestamp,
  startOfDayIso,
} from './format';

describe('format', () => {
  it('dates read dd/MM/yyyy HH:mm:ss on the Thai business clock, not the browser zone', () => {
    const zone = process.env.TZ;
    // A browser in New York: its local clock is 12 hours behind Bangkok's on this day.
    process.env.TZ = 'America/New_York';
    try {
      const iso = '2024-02-29T17:05:09.000Z';
      expect(new Date(iso).getHours()).toBe(12);
      expect(formatDateTime(iso)).toBe('01/03/2024 00:05:09');
      expect(formatDateTime('2024-02-29T16:59:59.999Z')).toBe('29/02/2024 23:59:59');
      expect(formatDateTime(null)).toBe('—');
      expect(formatDateTime('not a date')).toBe('not a date');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('numbers and money use the th-TH locale', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatMoney(1234.005)).toBe('1,234.01');
    expect(formatMoney(-0.5)).toBe('-0.50');
  });

  it('money from 10^15 satang on, sent as a decimal string, is formatted exactly', () => {
    expect(formatMoney('92233720368547758.07')).toBe('92,233,720,368,547,758.07');
    expect(formatMoney('-92233720368547758.08')).toBe('-92,233,720,368,547,758.08');
    // As a number it could not be: the nearest double is 92233720368547760.
    expect(formatMoney(Number('92233720368547758.07'))).not.toBe('92,233,720,368,547,758.07');
  });

  it('filter days become inclusive local-day bounds', () => {
    const start = startOfDayIso('2024-03-10');
    const end = endOfDayIso('2024-03-10');
    expect(start && dayjs(start).format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2024-03-10 00:00:00.000');
    expect(end && dayjs(end).format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2024-03-10 23:59:59.999');
    expect(startOfDayIso('')).toBeUndefined();
    expect(endOfDayIso('10/03/2024')).toBeUndefined();
  });

  it('recognises ISO timestamps', () => {
    expect(isIsoTimestamp('2024-03-10T01:02:03.456Z')).toBe(true);
    expect(isIsoTimestamp('2024-03-10')).toBe(false);
    expect(isIsoTimestamp(12)).toBe(false);
  });
});
