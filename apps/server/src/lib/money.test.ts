import { MONEY_NUMBER_LIMIT_SATANG } from '@sapi/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toReportMoney } from './money.ts';

/** The exact decimal of a satang amount, as a JSON number of it would print when exact. */
const exactDecimal = (satang: bigint): string => {
  const abs = satang < 0n ? -satang : satang;
  const text = `${satang < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return text.replace(/\.?0+$/, '') || '0';
};
const limit = BigInt(MONEY_NUMBER_LIMIT_SATANG);

describe('report money leaves the API exact (contract reportMoneySchema)', () => {
  it('every amount just below the limit is a number printing its exact two decimals', () => {
    for (let k = 1n; k <= 5000n; k++) {
      for (const satang of [limit - k, -(limit - k)]) {
        const out = toReportMoney(satang);
        expect(typeof out).toBe('number');
        expect(JSON.stringify(out)).toBe(exactDecimal(satang));
      }
    }
  });

  it('any amount below the limit is exact as a number; from the limit on it is a decimal string', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -limit + 1n, max: limit - 1n }), (satang) => {
        expect(JSON.stringify(toReportMoney(satang))).toBe(exactDecimal(satang));
      }),
      { numRuns: 20_000 },
    );
    expect(toReportMoney(limit)).toBe('10000000000000.00');
    // 80,000,000,000,000.01 baht: as a double it prints .02 (the hole a hostile test found).
    expect(toReportMoney(8000000000000001n)).toBe('80000000000000.01');
    expect(toReportMoney(-9223372036854775808n)).toBe('-92233720368547758.08');
  });
});
