// Bundle the server (with the workspace contract inlined) into dist/, beside its SQL migrations.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@sapi/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    'audit-verify': 'src/cli/audit-verify.ts',
    openapi: 'src/cli/openapi.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// Read at run time beside the module that uses it (lib/common-passwords.ts).
cpSync('src/lib/common-passwords.txt', 'dist/common-passwords.txt');
// The OpenAPI document, generated from the contract now, served as it is (features/api-docs/document.ts).
execFileSync(process.execPath, ['dist/openapi.js', 'dist/openapi.json'], { stdio: 'inherit' });
console.log('server bundle written to apps/server/dist');
