// npm run bench:web — the web budget of docs/design.md §11, measured:
//   1. builds the web app (vite build; the build itself fails above 300 kB gzip of initial JS) and keeps
//      its bundle report;
//   2. runs e2e/web-perf.spec.ts against the built app on a fresh database: the DOM nodes of 100-row
//      tables (asserted) and the login → agent list → transaction list journey, WEB_PERF_RUNS times in
//      fresh browser contexts (measured: LCP, long tasks, time until each screen's data is shown);
//   3. prints one table and writes everything to test-results/web-perf.json.
// Environment: WEB_PERF_RUNS (default 5), WEB_PERF_AGENTS (default 49: with the measured agent, a full
// 50-row agent list), E2E_PORT (default 4173), WEB_OUT_DIR (default: a temporary folder, removed after).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const work = mkdtempSync(join(tmpdir(), 'sapi-web-bench-'));
const outDir = process.env.WEB_OUT_DIR ?? join(work, 'dist');
const budgetFile = join(work, 'web-budget.json');
const perfFile = join(root, 'test-results/web-perf.json');

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
};

let status = 1;
try {
  status = main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(status);

function main() {
  console.log(`[bench:web] building the web app into ${outDir}`);
  if (run(npx, ['vite', 'build', 'apps/web'], { WEB_OUT_DIR: outDir, WEB_BUDGET_REPORT: budgetFile }) !== 0) {
    console.error('[bench:web] the web build failed (see the web budget above)');
    return 1;
  }
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
    if (run('npm', ['run', 'build', '-w', 'apps/server']) !== 0) return 1;
  }

  const runs = process.env.WEB_PERF_RUNS ?? '5';
  const agents = process.env.WEB_PERF_AGENTS ?? '49';
  console.log(`[bench:web] e2e/web-perf.spec.ts: ${runs} journeys, ${agents} extra agents`);
  const status = run(npx, ['playwright', 'test', 'e2e/web-perf.spec.ts', '--reporter=line'], {
    WEB_DIST: outDir,
    WEB_PERF_RUNS: runs,
    WEB_PERF_AGENTS: agents,
  });

  const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
  const perf = existsSync(perfFile)
    ? JSON.parse(readFileSync(perfFile, 'utf8'))
    : { tableNodes: {}, runs: [] };
  perf.bundle = budget;
  writeFileSync(perfFile, `${JSON.stringify(perf, null, 2)}\n`);
  console.log(report(budget, perf));
  console.log(`[bench:web] figures in ${perfFile}`);
  return status;
}

function report(budget, perf) {
  const kb = (bytes) => (bytes / 1000).toFixed(1);
  const lines = [];
  // A negative width aligns left.
  const cell = (c, w) => (w < 0 ? String(c).padEnd(-w) : String(c).padStart(w));
  const row = (cells, widths) => lines.push(cells.map((c, i) => cell(c, widths[i])).join('  '));

  lines.push('', 'Web budget (docs/design.md §11)', '');
  const routes = [...budget.routes].sort((a, b) => b.firstVisitGzip - a.firstVisitGzip);
  row(['bundle', 'gzip kB', 'budget'], [-56, 8, 8]);
  row(
    ['initial JavaScript (index.html + modulepreload)', kb(budget.initial.gzip), `≤ ${budget.budgetKb}`],
    [-56, 8, 8],
  );
  row([`lazy route chunks (${routes.length})`, '', ''], [-56, 8, 8]);
  for (const r of routes.slice(0, 5)) {
    row([`  ${r.module.replace('src/', '')} (1st visit)`, kb(r.firstVisitGzip), ''], [-56, 8, 8]);
  }

  lines.push('');
  row(['100-row table', 'columns', 'elements', 'budget'], [-56, 8, 8, 8]);
  for (const [name, t] of Object.entries(perf.tableNodes ?? {})) {
    row([name, t.columns, t.nodes, '≤ 1400'], [-56, 8, 8, 8]);
  }

  const journeys = perf.runs ?? [];
  if (journeys.length > 0) {
    const stat = (pick) => {
      const values = journeys.map(pick).sort((a, b) => a - b);
      return [values[Math.floor((values.length - 1) / 2)], values[0], values.at(-1)];
    };
    const width = [-56, 8, 8, 8];
    lines.push('', `journey, ${journeys.length} runs (ms; median, min, max)`);
    row(['', 'median', 'min', 'max'], width);
    row(['LCP of the login screen (cold)', ...stat((r) => r.loginLcpMs)], width);
    const phases = [
      ['login screen shown (from navigation)', 'loginScreen'],
      ['login → agent list rows shown', 'agentList'],
      ['agent → transaction list, 10 rows', 'transactionList'],
      ['page size 100 → 100 rows shown', 'transactionList100'],
      ['100 rows: Next → page 2 shown', 'nextPage100'],
      ['100 rows: Previous → page 1 shown', 'previousPage100'],
      ['reload agent list → rows', 'reloadAgentList'],
      ['reload transaction list (100) → rows', 'reloadTransactionList'],
    ];
    for (const [label, key] of phases) row([label, ...stat((r) => r[key].dataShownMs)], width);
    row(['LCP, reload of the agent list', ...stat((r) => r.reloadAgentList.lcpMs)], width);
    row(['LCP, reload of the transaction list', ...stat((r) => r.reloadTransactionList.lcpMs)], width);
    lines.push('', 'long tasks per step (median count / median total blocking time, ms)');
    for (const [label, key] of phases) {
      row([label, stat((r) => r[key].longTasks)[0], stat((r) => r[key].totalBlockingMs)[0], ''], width);
    }
  }
  const machine = perf.machine ? `${perf.machine.cpus} CPUs, load ${perf.machine.loadavg.join(' ')}` : '';
  lines.push('', `machine: ${machine}`, '');
  return lines.join('\n');
}
