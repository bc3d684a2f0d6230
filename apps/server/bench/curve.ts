// `npm run bench -- --curve 1e6,3e6,1e7,3e7`: every summary report, the dashboard, the agent report
// page, list page 1 and page 1000 and ingest measured at each data-set size on PostgreSQL; writes
// `docs/performance-curve.svg` (p95 against rows, one line per scenario) and a markdown table, and
// says for each line whether its slope is flat within noise (docs/design.md §11).
import { statfsSync } from 'node:fs';
import pg from 'pg';
import { type Dataset, datasetPrefix, ensureDataset } from './dataset.ts';
import type { BenchAgent } from './direct.ts';
import { directPhase } from './direct.ts';
import {
  agentReportCall,
  ingestLatency,
  listCalls,
  reportCases,
  signInWithFiftyAgents,
} from './scenarios.ts';
import { startServer } from './server.ts';
import { alternating, type Timing } from './stats.ts';
import { lineChart, shortCount } from './svg-chart.ts';

/** Run-to-run noise of a p95 on the shared 2-core machine (docs/performance.md, Noise). */
export const NOISE = 0.25;
/** Bytes per stored transaction, all tables and indexes, when no data set was measured yet. */
const DEFAULT_BYTES_PER_ROW = 700;
/** Seeding speed on the quiet machine (10M rows in 334 s), for the time estimate. */
const SEED_ROWS_PER_SECOND = 30_000;

export interface CurvePoint {
  rows: number;
  timings: Map<string, Timing>;
}

export interface LineVerdict {
  scenario: string;
  p95: (number | undefined)[];
  /** Least-squares slope of log p95 against log rows: 0 is flat, 1 grows with the data. */
  slope: number;
  /** p95 the fitted line gives at the largest size over the smallest. */
  growth: number;
  /** The same for the median: steadier than a p95 on a shared machine, shown beside it. */
  medianGrowth: number;
  /** Reports and lists must be flat; ingest is shown, not judged. */
  judged: boolean;
  flat: boolean;
}

/** "1e6,3e6" → [1000000, 3000000], ascending; refuses what is not a positive whole number. */
export const parseSizes = (text: string): number[] => {
  const sizes = text.split(',').map((s) => Number(s.trim()));
  for (const n of sizes) {
    if (!Number.isSafeInteger(n) || n < 1000) throw new Error(`--curve takes row counts ≥ 1000, not ${text}`);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
};

/** Slope of the least-squares line through (log x, log y). */
export const logLogSlope = (points: { x: number; y: number }[]): number => {
  const pts = points.filter((p) => p.x > 0 && p.y > 0).map((p) => [Math.log(p.x), Math.log(p.y)] as const);
  if (pts.length < 2) return 0;
  const mx = pts.reduce((s, [x]) => s + x, 0) / pts.length;
  const my = pts.reduce((s, [, y]) => s + y, 0) / pts.length;
  const sxx = pts.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const sxy = pts.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  return sxx === 0 ? 0 : sxy / sxx;
};

/** Per scenario: its p95 at each size, the fitted slope, and whether it stays flat within noise. */
export const verdicts = (points: CurvePoint[]): LineVerdict[] => {
  const scenarios = [...new Set(points.flatMap((p) => [...p.timings.keys()]))];
  const xMin = points[0]?.rows ?? 1;
  const xMax = points[points.length - 1]?.rows ?? 1;
  return scenarios.map((scenario) => {
    const p95 = points.map((p) => p.timings.get(scenario)?.p95);
    const slope = logLogSlope(points.map((p, i) => ({ x: p.rows, y: p95[i] ?? Number.NaN })));
    const growth = (xMax / xMin) ** slope;
    const medians = points.map((p) => p.timings.get(scenario)?.median);
    const medianGrowth =
      (xMax / xMin) ** logLogSlope(points.map((p, i) => ({ x: p.rows, y: medians[i] ?? Number.NaN })));
    const judged = !scenario.startsWith('ingest');
    return { scenario, p95, slope, growth, medianGrowth, judged, flat: growth <= 1 + NOISE };
  });
};

export const curveTable = (points: CurvePoint[], lines: LineVerdict[]): string => {
  const head = `| scenario | ${points.map((p) => `p95 at ${shortCount(p.rows)}`).join(' | ')} | slope (log–log) | fitted growth | flat within ±${NOISE * 100} % | median's fitted growth |`;
  const rule = `|---|${points.map(() => '---:').join('|')}|---:|---:|---|---:|`;
  const body = lines.map(
    (l) =>
      `| ${l.scenario} | ${l.p95.map((v) => (v === undefined ? '—' : `${v.toFixed(1)} ms`)).join(' | ')} | ${l.slope.toFixed(3)} | ×${l.growth.toFixed(2)} | ${l.judged ? (l.flat ? 'yes' : '**no**') : `(not judged) ${l.flat ? 'yes' : 'no'}`} | ×${l.medianGrowth.toFixed(2)} |`,
  );
  return [head, rule, ...body].join('\n');
};

export const curveChart = (points: CurvePoint[], lines: LineVerdict[], title: string) =>
  lineChart({
    title,
    xLabel: 'transactions in the ledger (log scale)',
    yLabel: 'p95, ms',
    series: lines.map((l) => ({
      name: l.scenario,
      points: points.map((p, i) => ({ x: p.rows, y: l.p95[i] ?? Number.NaN })),
    })),
  });

const bytes = (n: number) =>
  n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(0)} MB` : `${n} B`;

/**
 * Free disk where PostgreSQL keeps its data (the server's data directory when this machine can read
 * it, else the root file system), the bytes per row of the data sets already built, and what each
 * size will need. Stops before building anything when the sizes still to build do not fit.
 */
export const checkDisk = async (serverUrl: string, sizes: number[]) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  let dataDir = '/';
  const built = new Map<number, number>();
  try {
    dataDir = (await client.query<{ d: string }>('show data_directory')).rows[0]?.d ?? '/';
    const dbs = await client.query<{ datname: string; size: string }>(
      `select datname, pg_database_size(datname)::text as size from pg_database where datname like $1`,
      [`${datasetPrefix}%`],
    );
    for (const d of dbs.rows) {
      const n = Number(d.datname.slice(datasetPrefix.length));
      if (Number.isSafeInteger(n) && n > 0) built.set(n, Number(d.size));
    }
  } finally {
    await client.end();
  }
  let free: number;
  try {
    const fs = statfsSync(dataDir);
    free = fs.bavail * fs.bsize;
  } catch {
    const fs = statfsSync('/');
    free = fs.bavail * fs.bsize;
    dataDir = '/';
  }
  // The largest set built so far says best what a row costs (fixed overhead weighs less there).
  const largest = [...built.entries()].sort((a, b) => b[0] - a[0])[0];
  const perRow = largest && largest[0] >= 100_000 ? largest[1] / largest[0] : DEFAULT_BYTES_PER_ROW;
  console.log(
    `\nDisk: ${bytes(free)} free under ${dataDir}; ${perRow.toFixed(0)} bytes per transaction${largest ? ` (measured on the ${shortCount(largest[0])} set)` : ' (estimate)'}.`,
  );
  let toBuild = 0;
  for (const n of sizes) {
    const have = built.get(n);
    const need = n * perRow;
    if (have === undefined) toBuild += need;
    console.log(
      `  ${shortCount(n).padStart(5)} rows: ${have === undefined ? `needs about ${bytes(need)}, built in about ${Math.ceil(n / SEED_ROWS_PER_SECOND / 60)} min on a quiet machine` : `built (${bytes(have)})`}`,
    );
  }
  // Room for the write-ahead log while seeding and for the other work on the machine.
  const headroom = 5e9;
  if (toBuild + headroom > free) {
    throw new Error(
      `Not enough disk: the sizes still to build need about ${bytes(toBuild)} plus ${bytes(headroom)} headroom, ${bytes(free)} are free. Drop larger sets or choose smaller sizes.`,
    );
  }
};

/** One size ready to measure: its data set (built once) and a server on it, signed in. */
interface CurveSet {
  rows: number;
  stop: () => Promise<void>;
  url: string;
  sender: BenchAgent;
  /** Every scenario's call, by its name at every size (the busiest brand named as such). */
  cases: Map<string, () => Promise<unknown>>;
}

const prepareSet = async (rows: number, port: number, env: (d: Dataset) => Record<string, string>) => {
  console.log(`\n— ${rows.toLocaleString('en-US')} transactions —`);
  const dataset = await ensureDataset('postgres', rows);
  const { facts } = await directPhase(dataset, null);
  const server = await startServer(env(dataset), port);
  try {
    const client = await signInWithFiftyAgents(server.url, facts);
    // The busiest brand may differ between sizes: one line for it whatever its name.
    const cases = new Map(
      reportCases(client, facts).map(([name, run]) => [name.replace(facts.brand, 'busiest brand'), run]),
    );
    cases.set('agent report page, 50 widgets', agentReportCall(client, facts));
    const list = await listCalls(client, facts);
    cases.set('transaction list, page 1', list.page1);
    cases.set('transaction list, page 1000', list.page1000);
    // The busiest agent as the data set read it: signing in with fifty agents may have replaced
    // `facts.agents` by the API's list, which carries no signing keys.
    const set: CurveSet = { rows, stop: () => server.stop(), url: server.url, sender: facts.busiest, cases };
    return set;
  } catch (err) {
    await server.stop();
    throw err;
  }
};

/**
 * The curve's points: a server on every size's data set (built once, ports `port`, `port + 1`, …),
 * then each scenario timed on every size **in alternation**, call by call — 3 rounds unmeasured,
 * then `runs` rounds — so every size sees the same moments of the machine and a busy minute does not
 * land on one size; then `ingestBatches` single ingest batches per size, one size after another
 * (they add their rows to the sets).
 */
export const curvePoints = async (
  sizes: number[],
  opts: { runs: number; port: number; ingestBatches: number; env: (d: Dataset) => Record<string, string> },
): Promise<CurvePoint[]> => {
  const sets: CurveSet[] = [];
  try {
    for (const [i, rows] of sizes.entries()) sets.push(await prepareSet(rows, opts.port + i, opts.env));
    const points = sets.map((set) => ({ rows: set.rows, timings: new Map<string, Timing>() }));
    console.log('\nEvery scenario on every size in alternation (median / p95 per size):');
    for (const scenario of sets[0]?.cases.keys() ?? []) {
      const calls = sets.map((set) => set.cases.get(scenario) ?? (async () => {}));
      const timings = await alternating(opts.runs, calls);
      timings.forEach((timing, i) => {
        points[i]?.timings.set(scenario, timing);
      });
      console.log(
        `  ${scenario}: ${timings.map((t) => `${t.median.toFixed(1)} / ${t.p95.toFixed(1)}`).join(' · ')} ms`,
      );
    }
    if (opts.ingestBatches > 0) {
      for (const [i, set] of sets.entries()) {
        const timing = await ingestLatency(set.url, set.sender, opts.ingestBatches);
        points[i]?.timings.set('ingest, one batch of 1000', timing);
        console.log(
          `  ingest, one batch of 1000 at ${shortCount(set.rows)}: ${timing.median.toFixed(1)} / ${timing.p95.toFixed(1)} ms`,
        );
      }
    }
    return points;
  } finally {
    for (const set of sets) await set.stop();
  }
};
