import { describe, expect, it } from 'vitest';
import {
  businessDayEndIso,
  businessDayStartIso,
  businessToday,
  businessWallToIso,
} from '../../lib/business-time';
import {
  dayWithin,
  fileStamp,
  keepCsvLines,
  lastDayOf,
  parseMonthKey,
  sumTotals,
  trendOf,
} from './report-utils';

const zero = {
  transactionCount: 0,
  turnover: 0,
  payout: 0,
  cancel: 0,
  void: 0,
  winLose: 0,
  deposit: 0,
  withdraw: 0,
  profit: 0,
  promotion: 0,
  promotionRefund: 0,
  promotionAffiliate: 0,
};

describe('report utils', () => {
  it('adds money columns in satang, exactly', () => {
    const rows = [
      { ...zero, turnover: 0.1, winLose: -0.2, transactionCount: 1 },
      { ...zero, turnover: 0.2, winLose: 0.1, transactionCount: 2 },
    ];
    const totals = sumTotals(rows);
    expect(totals.turnover).toBe(0.3);
    expect(totals.winLose).toBe(-0.1);
    expect(totals.transactionCount).toBe(3);
  });

  it('sums a trend per period, in period order', () => {
    const rows = [
      { ...zero, date: '2026-11-02', turnover: 5, winLose: 1 },
      { ...zero, date: '2026-11-01', turnover: 1.1, winLose: -1 },
      { ...zero, date: '2026-11-02', turnover: 2.2, winLose: 0.5 },
    ];
    expect(trendOf(rows, (r) => ({ key: r.date, label: r.date.slice(8) }))).toEqual([
      { label: '01', turnover: 1.1, winLose: -1 },
      { label: '02', turnover: 7.2, winLose: 1.5 },
    ]);
  });

  it('keeps the CSV header and the lines whose first field passes', () => {
    const csv = 'month,year,gameBrand\r\n01,2026,PG\r\n"03",2026,"A,B"\r\n05,2026,PG\r\n';
    expect(keepCsvLines(csv, (m) => Number(m) >= 3)).toBe(
      'month,year,gameBrand\r\n"03",2026,"A,B"\r\n05,2026,PG\r\n',
    );
  });

  it('months, last days and file stamps', () => {
    expect(parseMonthKey('2026-02')).toEqual({ year: 2026, month: 2 });
    expect(parseMonthKey('2026-13')).toBeUndefined();
    expect(lastDayOf(2028, 2)).toBe('2028-02-29');
    // An ISO instant is named by its Bangkok day.
    expect(fileStamp(['all', '2026-10-31T17:00:00.000Z', '', 11])).toBe('all_2026-11-01_11');
  });

  it('business days are Bangkok days', () => {
    expect(businessToday(new Date('2026-11-22T17:30:00Z'))).toBe('2026-11-23');
    expect(businessDayStartIso('2026-11-01')).toBe('2026-10-31T17:00:00.000Z');
    expect(businessDayEndIso('2026-11-01')).toBe('2026-11-01T16:59:59.999Z');
    expect(businessWallToIso('2026-11-01T08:30')).toBe('2026-11-01T01:30:00.000Z');
    expect(businessWallToIso('nonsense')).toBeUndefined();
  });
});

describe('the day a new month keeps', () => {
  it.each([
    ['31', '2', '2026', '28'],
    ['31', '2', '2024', '29'],
    ['30', '4', '2026', '30'],
    ['15', '6', '2026', '15'],
    ['', '2', '2026', ''],
    ['abc', '2', '2026', 'abc'],
    ['0', '2', '2026', '0'],
    ['31', '13', '2026', '31'],
    ['31', '2', '20', '31'],
    // Values from a hand-edited link are kept as typed, for the server to refuse and say why.
    ['3\u0000', '2', '2026', '3\u0000'],
    ['9223372036854775808', '2', '2026', '9223372036854775808'],
    ['1e309', '2', '2026', '1e309'],
    ['-0', '2', '2026', '-0'],
    ['28.01', '2', '2026', '28.01'],
    ['32', '1', '2026', '32'],
    ['31', '2', '0', '31'],
    ['31', '2', '9999', '31'],
    ['31', '-0', '2026', '31'],
  ])('day %s in month %s of %s → %s', (day, month, year, kept) => {
    expect(dayWithin(day, month, year)).toBe(kept);
  });
});
