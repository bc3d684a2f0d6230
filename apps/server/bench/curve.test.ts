import { describe, expect, it } from 'vitest';
import { type CurvePoint, curveChart, curveTable, logLogSlope, parseSizes, verdicts } from './curve.ts';
import type { Timing } from './stats.ts';

const t = (p95: number): Timing => ({ runs: 40, median: p95 / 2, p95, p99: p95 });
const point = (rows: number, entries: [string, number][]): CurvePoint => ({
  rows,
  timings: new Map(entries.map(([k, v]) => [k, t(v)])),
});

describe('the scaling curve', () => {
  it('reads sizes in any notation, ascending, and refuses what is not a row count', () => {
    expect(parseSizes('1e7,1e6, 3e6,1e6')).toEqual([1_000_000, 3_000_000, 10_000_000]);
    for (const bad of ['1e6,x', '0', '-1e6', '1.5e3x', '2.5', '1e400', '']) {
      expect(() => parseSizes(bad)).toThrow();
    }
  });

  it('fits the log–log slope: 0 for a constant, 1 for a line through the origin', () => {
    expect(logLogSlope([1e6, 3e6, 1e7].map((x) => ({ x, y: 5 })))).toBeCloseTo(0, 10);
    expect(logLogSlope([1e6, 3e6, 1e7].map((x) => ({ x, y: x / 1e5 })))).toBeCloseTo(1, 10);
    expect(logLogSlope([{ x: 1e6, y: 5 }])).toBe(0);
  });

  it('calls a line flat when its fitted growth over the range stays within the noise', () => {
    const points = [
      point(1e6, [
        ['flat', 10],
        ['grows', 10],
        ['ingest, one batch', 10],
      ]),
      point(1e7, [
        ['flat', 11],
        ['grows', 40],
        ['ingest, one batch', 40],
      ]),
    ];
    const v = verdicts(points);
    expect(v.find((l) => l.scenario === 'flat')).toMatchObject({ flat: true, judged: true });
    expect(v.find((l) => l.scenario === 'grows')).toMatchObject({ flat: false, judged: true });
    expect(v.find((l) => l.scenario === 'grows')?.growth).toBeCloseTo(4, 6);
    expect(v.find((l) => l.scenario.startsWith('ingest'))?.judged).toBe(false);
    const table = curveTable(points, v);
    // The medians (half each p95 here) grow alike: read beside the verdict, which stays the p95's.
    expect(table).toContain('| grows | 10.0 ms | 40.0 ms | 0.602 | ×4.00 | **no** | ×4.00 |');
    const svg = curveChart(points, v, 'a < b & "c"');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('a &lt; b &amp; &quot;c&quot;');
    expect(svg.match(/<polyline /g)).toHaveLength(3);
    expect(svg).not.toContain('NaN');
  });

  it('draws a chart of one size, and a missing point leaves a gap, not NaN', () => {
    const points = [point(1e6, [['a', 3]]), point(3e6, [['b', 4]])];
    const svg = curveChart(points, verdicts(points), 'x');
    expect(svg).not.toContain('NaN');
    expect(curveChart([point(1e6, [['a', 3]])], verdicts([point(1e6, [['a', 3]])]), 'x')).not.toContain(
      'NaN',
    );
  });
});
