import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Logger, Plugin, Rollup } from 'vite';

type OutputAsset = Rollup.OutputAsset;
type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Web budget (docs/design.md §11), checked on every production build:
 * - the initial JavaScript — every script index.html loads eagerly, its modulepreloads and their static
 *   imports — must stay within 300 kB gzip (1 kB = 1,000 bytes, zlib's default level, as Vite prints);
 * - every screen the router loads lazily must be a chunk of its own, outside the initial JavaScript,
 *   and no page module (`src/features/**\/*-page.tsx`) may be bundled into the initial JavaScript.
 * It prints the initial chunks and each route chunk with its gzip size, and fails the build above budget.
 * `WEB_BUDGET_REPORT=<file>` also writes the figures as JSON (`npm run bench:web` reads them).
 */

export const INITIAL_JS_BUDGET_KB = 300;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface RouteChunkSize extends ChunkSize {
  /** The route's module, relative to apps/web. */
  module: string;
  /** Gzip bytes fetched on the first visit: the chunk plus its static imports not in the initial JS. */
  firstVisitGzip: number;
}

export interface WebBudgetReport {
  budgetKb: number;
  initial: {
    files: ChunkSize[];
    bytes: number;
    gzip: number;
    css: ChunkSize[];
    /** Rendered (minified, not gzipped) bytes of the initial JS per package, largest first. */
    packages: { name: string; bytes: number }[];
  };
  routes: RouteChunkSize[];
  problems: string[];
}

const ROUTER = '/src/app/router.tsx';
const PAGE_MODULE = /\/src\/features\/.+-page\.tsx$/;

const isChunk = (item: OutputChunk | OutputAsset | undefined): item is OutputChunk => item?.type === 'chunk';

const sizeOf = (file: string, source: string | Uint8Array): ChunkSize => {
  const buffer = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
  return { file, bytes: buffer.length, gzip: gzipSync(buffer).length };
};

/** The chunk files a chunk pulls in statically (itself included). */
const staticClosure = (bundle: OutputBundle, roots: string[]): Set<string> => {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop();
    if (file === undefined || seen.has(file)) continue;
    seen.add(file);
    const item = bundle[file];
    if (isChunk(item)) stack.push(...item.imports);
  }
  return seen;
};

/** The JS files index.html loads eagerly: module scripts and modulepreload links. */
const htmlScripts = (html: string): string[] => {
  const files: string[] = [];
  const tag = /<(script|link)\b[^>]*>/g;
  for (const match of html.matchAll(tag)) {
    const text = match[0];
    const isModuleScript = match[1] === 'script' && /type=["']module["']/.test(text);
    const isPreload = match[1] === 'link' && /rel=["']modulepreload["']/.test(text);
    const url = /(?:src|href)=["']([^"']+)["']/.exec(text)?.[1];
    if ((isModuleScript || isPreload) && url) files.push(url.replace(/^\//, ''));
  }
  return files;
};

/** `react-dom`, `@mantine/core`, or `app` for the project's own sources. */
const packageOf = (id: string): string => {
  const path = id.replace(/\\/g, '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return path.includes('/packages/contract/') ? '@sapi/contract' : 'app';
  const parts = path.slice(at + '/node_modules/'.length).split('/');
  return (parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]) ?? 'app';
};

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function analyseBundle(
  bundle: OutputBundle,
  routeModules: string[],
  root: string,
  budgetKb = INITIAL_JS_BUDGET_KB,
): WebBudgetReport {
  const problems: string[] = [];
  const chunks = Object.values(bundle).filter(isChunk);
  const html = bundle['index.html'];
  const htmlSource = html && html.type === 'asset' ? String(html.source) : '';
  const eager = [...htmlScripts(htmlSource), ...chunks.filter((c) => c.isEntry).map((c) => c.fileName)];
  const initialFiles = staticClosure(bundle, eager);

  const initial = [...initialFiles]
    .map((file) => bundle[file])
    .filter(isChunk)
    .map((chunk) => sizeOf(chunk.fileName, chunk.code))
    .sort((a, b) => b.gzip - a.gzip);
  const initialGzip = initial.reduce((sum, c) => sum + c.gzip, 0);
  const initialBytes = initial.reduce((sum, c) => sum + c.bytes, 0);
  const cssFiles = new Set<string>();
  for (const file of initialFiles) {
    const item = bundle[file];
    if (isChunk(item)) for (const css of item.viteMetadata?.importedCss ?? []) cssFiles.add(css);
  }
  const css = [...cssFiles].flatMap((file) => {
    const asset = bundle[file];
    return asset && asset.type === 'asset' ? [sizeOf(file, asset.source)] : [];
  });

  const perPackage = new Map<string, number>();
  for (const file of initialFiles) {
    const item = bundle[file];
    if (!isChunk(item)) continue;
    for (const [id, info] of Object.entries(item.modules)) {
      const name = packageOf(id);
      perPackage.set(name, (perPackage.get(name) ?? 0) + info.renderedLength);
    }
  }
  const packages = [...perPackage]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes);

  if (initialGzip > budgetKb * 1000) {
    problems.push(`initial JavaScript is ${kb(initialGzip)} kB gzip, above the ${budgetKb} kB budget`);
  }
  for (const file of initialFiles) {
    const item = bundle[file];
    if (!isChunk(item)) continue;
    for (const id of item.moduleIds) {
      if (PAGE_MODULE.test(id)) {
        problems.push(`${id.slice(root.length + 1)} is in the initial JavaScript (${file}), not lazy`);
      }
    }
  }

  const routes: RouteChunkSize[] = [];
  for (const id of routeModules) {
    const module = id.startsWith(root) ? id.slice(root.length + 1) : id;
    const chunk = chunks.find((c) => c.facadeModuleId === id && c.isDynamicEntry);
    if (!chunk) {
      problems.push(`${module} is loaded lazily by the router but has no chunk of its own`);
      continue;
    }
    if (initialFiles.has(chunk.fileName)) {
      problems.push(`${module} (${chunk.fileName}) is part of the initial JavaScript`);
      continue;
    }
    const firstVisit = [...staticClosure(bundle, [chunk.fileName])].filter((f) => !initialFiles.has(f));
    const firstVisitGzip = firstVisit
      .map((file) => bundle[file])
      .filter(isChunk)
      .reduce((sum, c) => sum + gzipSync(Buffer.from(c.code)).length, 0);
    routes.push({ ...sizeOf(chunk.fileName, chunk.code), module, firstVisitGzip });
  }
  if (routeModules.length === 0) problems.push(`no lazy route found in ${ROUTER}`);
  routes.sort((a, b) => a.module.localeCompare(b.module));

  return {
    budgetKb,
    initial: { files: initial, bytes: initialBytes, gzip: initialGzip, css, packages },
    routes,
    problems,
  };
}

export function formatReport(report: WebBudgetReport): string {
  const lines: string[] = [];
  const pad = (text: string, width: number) => text.padEnd(width);
  const num = (bytes: number) => kb(bytes).padStart(8);
  lines.push(
    '',
    `web budget (docs/design.md §11): initial JS ≤ ${report.budgetKb} kB gzip, every screen a lazy chunk`,
  );
  lines.push(`  ${pad('initial JavaScript', 58)}${'raw kB'.padStart(8)}${'gzip kB'.padStart(9)}`);
  for (const chunk of report.initial.files) {
    lines.push(`  ${pad(chunk.file, 58)}${num(chunk.bytes)} ${num(chunk.gzip)}`);
  }
  lines.push(`  ${pad('total', 58)}${num(report.initial.bytes)} ${num(report.initial.gzip)}`);
  const cssGzip = report.initial.css.reduce((sum, c) => sum + c.gzip, 0);
  lines.push(`  (initial CSS, not in the budget: ${kb(cssGzip)} kB gzip)`);
  const top = report.initial.packages
    .slice(0, 8)
    .map((p) => `${p.name} ${kb(p.bytes)}`)
    .join(', ');
  lines.push(`  largest in the initial JS (kB before minification): ${top}`);
  lines.push('', `  ${pad('lazy route', 58)}${'gzip kB'.padStart(8)}${'1st visit'.padStart(10)}`);
  for (const route of report.routes) {
    lines.push(`  ${pad(route.module, 58)}${num(route.gzip)}${num(route.firstVisitGzip).padStart(10)}`);
  }
  lines.push(
    `  (${report.routes.length} lazy routes; "1st visit": the chunk plus the shared chunks it needs beyond the initial JS)`,
  );
  if (report.problems.length === 0) {
    lines.push(`  OK: ${kb(report.initial.gzip)} kB of ${report.budgetKb} kB`, '');
  }
  return lines.join('\n');
}

/** Vite plugin: measure the bundle after it is written and fail the build above budget. */
export function webBudget(): Plugin {
  let root = '';
  let logger: Logger | undefined;
  let routeModules: string[] = [];
  return {
    name: 'sapi:web-budget',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      logger = config.logger;
    },
    generateBundle() {
      const router = [...this.getModuleIds()].find((id) => id.endsWith(ROUTER));
      routeModules = router ? [...(this.getModuleInfo(router)?.dynamicallyImportedIds ?? [])] : [];
    },
    writeBundle(_options, bundle) {
      const budget = Number(process.env.WEB_BUDGET_INITIAL_KB ?? INITIAL_JS_BUDGET_KB);
      const report = analyseBundle(bundle, routeModules, root, budget);
      logger?.info(formatReport(report));
      const out = process.env.WEB_BUDGET_REPORT;
      if (out) writeFileSync(resolve(out), `${JSON.stringify(report, null, 2)}\n`);
      if (report.problems.length > 0) {
        this.error(`web budget exceeded:\n  - ${report.problems.join('\n  - ')}`);
      }
    },
  };
}
