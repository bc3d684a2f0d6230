// `npm start`: build whatever is missing (web bundle, server bundle), then serve API + SPA in one process.
// The console shows the start and then warnings and errors; LOG_LEVEL=debug adds a line per request.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const need = [
  ['apps/web/dist/index.html', '@sapi/web'],
  ['apps/server/dist/main.js', '@sapi/server'],
];
for (const [output, workspace] of need) {
  if (existsSync(`${root}/${output}`)) continue;
  console.log(`Building ${workspace} (${output} is missing)…`);
  const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
