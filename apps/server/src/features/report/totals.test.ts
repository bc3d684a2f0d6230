import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addSums, addTexts, type RawSums, sumsOf, totalsOf, totalsOfText, zeroSums } from './totals.ts';

const columns = [
  'hold',
  'settle',
  'cancel',
  'void',
  'deposit',
  'withdraw',
  'promotion',
  'promotion_refund',
  'promotion_affiliate',
  'tx_count',
] as const;
const rowOf = (values: readonly bigint[]): RawSums =>
  Object.fromEntries(columns.map((c, i) => [c, String(values[i % values.length])])) as RawSums;

/** What the bigint path answers: the reference the double path must equal, to the satang. */
const reference = (r: RawSums) => totalsOf(sumsOf(r));
const referenceSum = (rows: RawSums[]) =>
  totalsOf(rows.reduce((acc, r) => addSums(acc, sumsOf(r)), zeroSums()));

const EXACT = 2n ** 50n;
/** Values either side of every bound the paths meet: 2^50 (doubles' room), 1e15 (numbers or text), 2^53, 2^63. */
const edges = [
  0n,
  1n,
  -1n,
  99n,
  -101n,
  EXACT - 1n,
  EXACT,
  EXACT + 1n,
  -EXACT,
  -EXACT - 1n,
  10n ** 15n - 1n,
  10n ** 15n,
  -(10n ** 15n) + 1n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  2n ** 63n - 1n,
  -(2n ** 63n),
  // A sum of a whole catalogue's months over every agent: numeric in the database, no bound at all.
  10n ** 30n + 7n,
];
const anySum = fc.oneof(
  fc.constantFrom(...edges),
  fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
);

describe('report totals from the database text equal the bigint path to the satang', () => {
  it('one row: every value at and beside each bound', () => {
    for (const a of edges) {
      for (const b of edges) {
        for (const r of [rowOf([a, b]), rowOf([b, a, -a, -b]), rowOf([a, a, a, a, 0n])]) {
          expect(totalsOfText(r)).toEqual(reference(r));
          // And the same JSON text: no −0, no float noise.
          expect(JSON.stringify(totalsOfText(r))).toBe(JSON.stringify(reference(r)));
        }
      }
    }
  });

  it('one row, any values', () => {
    fc.assert(
      fc.property(fc.array(anySum, { minLength: 10, maxLength: 10 }), (values) => {
        const r = rowOf(values);
        expect(JSON.stringify(totalsOfText(r))).toBe(JSON.stringify(reference(r)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('the sum of many rows, including sums that leave the exact range and come back', () => {
    // 2^53 − 1 and then 2: added in doubles the running sum rounds to 2^53, and −10 brings it back
    // into range a satang off.
    const back = [rowOf([2n ** 53n - 1n]), rowOf([2n]), rowOf([-10n])];
    expect(JSON.stringify(totalsOfText(addTexts(back)))).toBe(JSON.stringify(referenceSum(back)));
    const ninesAndOnes = [rowOf([2n ** 53n - 1n]), rowOf([1n]), rowOf([1n]), rowOf([-(2n ** 53n)])];
    expect(JSON.stringify(totalsOfText(addTexts(ninesAndOnes)))).toBe(
      JSON.stringify(referenceSum(ninesAndOnes)),
    );
    fc.assert(
      fc.property(fc.array(fc.array(anySum, { minLength: 10, maxLength: 10 }), { maxLength: 40 }), (rows) => {
        const texts = rows.map(rowOf);
        expect(JSON.stringify(totalsOfText(addTexts(texts)))).toBe(JSON.stringify(referenceSum(texts)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('the sum of no rows is zero in every column', () => {
    expect(totalsOfText(addTexts([]))).toEqual(totalsOf(zeroSums()));
  });
});
