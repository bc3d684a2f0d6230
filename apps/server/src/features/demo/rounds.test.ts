import type { IngestItem } from '@sapi/contract';
import { describe, expect, it } from 'vitest';
import { dateInZone } from '../../lib/time.ts';
import { demoAdapters } from './catalogue.ts';
import { rng } from './random.ts';
import { demoBets, demoPlayers } from './rounds.ts';

const ZONE = 'Asia/Bangkok';
/** November 2026 in Bangkok: the 30 days before 1 December 00:00 +07:00. */
const november = { days: 30, until: new Date('2026-11-30T17:00:00.000Z'), timeZone: ZONE };

const generate = (seed: number, transactions: number): IngestItem[] => {
  const opts = { ...november, transactions };
  const r = rng(seed);
  return [...demoBets(r, demoPlayers(r, opts), opts)].map((b) => b.item);
};
const generated = new Map<number, IngestItem[]>();
/** A month of 30,000 rows: about 1,700 rounds per brand, as thin as a demo month gets. */
const month = (seed: number) => {
  const items = generated.get(seed) ?? generate(seed, 30_000);
  generated.set(seed, items);
  return items;
};

/**
 * What rounds staked and paid, in satang: `turnover` every stake (as the reports sum it), `settled` the
 * stakes of rounds that settled (a CANCEL or VOID gave the others back).
 */
interface Sums {
  turnover: number;
  settled: number;
  paid: number;
}
const sumsBy = (items: IngestItem[], keyOf: (item: IngestItem) => string) => {
  const sums = new Map<string, Sums>();
  for (const item of items) {
    const cents = Math.round(item.amount * 100);
    const entry = sums.get(keyOf(item)) ?? { turnover: 0, settled: 0, paid: 0 };
    if (item.betType === 'HOLD') {
      entry.turnover -= cents;
      entry.settled -= cents;
    } else if (item.betType === 'CANCEL' || item.betType === 'VOID') entry.settled -= cents;
    else if (item.betType === 'SETTLE') entry.paid += cents;
    else continue;
    sums.set(keyOf(item), entry);
  }
  return sums;
};
/** Return to player, total payout ÷ total stake: over every stake, and over the stakes that played. */
const returns = (s: Sums) => ({ ofTurnover: s.paid / s.turnover, ofSettled: s.paid / s.settled });
const expectInBand = (what: string, s: Sums) => {
  for (const [measure, rtp] of Object.entries(returns(s))) {
    const label = `${what} ${measure}: ${(rtp * 100).toFixed(2)} %`;
    expect(rtp, label).toBeGreaterThanOrEqual(0.94);
    expect(rtp, label).toBeLessThanOrEqual(0.97);
  }
};
const days = new Map<string, string>();
/** The Bangkok day of a row (a whole-hour offset: one look-up per UTC hour). */
const dayOf = (item: IngestItem) => {
  const hour = item.startDate.slice(0, 13);
  const day = days.get(hour) ?? dateInZone(new Date(`${hour}:00:00Z`), ZONE);
  days.set(hour, day);
  return day;
};

describe('demo data a casino operator believes', () => {
  for (const seed of [1, 7]) {
    it(`every brand returns 94–97 % of its month's stakes, and so does the platform (seed ${seed})`, () => {
      const items = month(seed);
      expect(items).toHaveLength(30_000);
      const holds = items.filter((i) => i.betType === 'HOLD');
      expect(new Set(holds.map((i) => dayOf(i).slice(0, 7)))).toEqual(new Set(['2026-11']));

      const byBrand = sumsBy(items, (i) => i.gameBrand);
      expect([...byBrand.keys()].sort()).toEqual(demoAdapters.map((a) => a.codename).sort());
      for (const [brand, sums] of byBrand) expectInBand(brand, sums);
      expectInBand('platform', sumsBy(items, () => 'all').get('all') ?? { turnover: 0, settled: 0, paid: 0 });
    });
  }

  it('players still win on some days, on a brand and on the whole platform', () => {
    const items = month(1);
    const brandDays = [...sumsBy(items, (i) => `${i.gameBrand}|${dayOf(i)}`).values()];
    const days = [...sumsBy(items, dayOf).values()];
    const won = (sums: Sums[]) => sums.filter((s) => s.paid > s.turnover).length;
    // Luck, not a rule: a good share of brand-days, a few whole days.
    expect(won(brandDays) / brandDays.length).toBeGreaterThan(0.15);
    expect(won(days)).toBeGreaterThan(0);
    expect(won(days)).toBeLessThan(days.length / 2);
  });

  it('follows from its seed', () => {
    expect(generate(3, 500)).toEqual(generate(3, 500));
    expect(generate(3, 500)).not.toEqual(generate(4, 500));
  });
});
