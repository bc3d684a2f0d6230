import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixture', import.meta.url));

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The layer rules of `npm run lint`, run on a small tree that mirrors the repository's layout. */
const violationsOf = (dir: string): string[] => {
  let out: string;
  try {
    out = execFileSync(
      `${root}/node_modules/.bin/depcruise`,
      ['apps', '--config', `${root}/.dependency-cruiser.cjs`, '--output-type', 'json'],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (e) {
    // depcruise exits non-zero when it finds violations; the report is still on stdout.
    out = (e as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { summary: { violations: Violation[] } };
  return report.summary.violations
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^.*node_modules\//, 'node_modules/')}`)
    .sort();
};

describe('the layer rules refuse a wrong import', () => {
  it('names each wrong import of the fixture, and none of the allowed ones', () => {
    expect(violationsOf(fixture)).toEqual(
      [
        'no-cycles: apps/server/src/lib/first.ts → apps/server/src/lib/second.ts',
        'no-imports-of-tests: apps/server/src/lib/uses-test.ts → apps/server/test/helper.ts',
        'server-db-below-core: apps/server/src/db/client.ts → apps/server/src/core/errors.ts',
        'server-http-only-in-routes: apps/server/src/features/alpha/service.ts → apps/server/src/http/route.ts',
        'server-ledger-tables-only-in-ledger: apps/server/src/features/beta/ledger-sums.ts → apps/server/src/ledger/tables.ts',
        'server-http-only-in-routes: apps/server/src/features/beta/request.ts → node_modules/fastify/fastify.js',
        'server-no-feature-to-feature: apps/server/src/features/alpha/service.ts → apps/server/src/features/beta/service.ts',
        'web-lib-is-a-leaf: apps/web/src/lib/api-client.ts → apps/web/src/components/table.ts',
        'web-no-feature-to-feature: apps/web/src/features/one/page.ts → apps/web/src/features/two/page.ts',
      ].sort(),
    );
  });
});
