// A local Citus cluster for development and `npm run test:citus`: a coordinator on 127.0.0.1:9700 and
// two workers on 9701 and 9702, from the Citus installed in the machine's PostgreSQL (it is not built
// here: docs/scaling.md §4 says where it comes from). Each node is its own cluster folder under DIR.
//
//   node scripts/citus-cluster.mjs start  [DIR]  initdb (once), start the nodes, add the workers, and a
//                                                 database `sapi` with the extension on every node
//   node scripts/citus-cluster.mjs stop   [DIR]  stop the nodes, keep their folders
//   node scripts/citus-cluster.mjs remove [DIR]  stop the nodes and delete DIR
//   node scripts/citus-cluster.mjs status [DIR]  the nodes Citus knows and which are running
//
// DIR defaults to $CITUS_DIR, else <tmpdir>/sapi-citus. The nodes trust every local connection
// (listening on 127.0.0.1 only) and run as the `postgres` OS user when started by root, as PostgreSQL
// refuses to run as root.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOST = '127.0.0.1';
const NODES = [
  { name: 'coordinator', port: 9700 },
  { name: 'worker1', port: 9701 },
  { name: 'worker2', port: 9702 },
];
/** The application's database, made on every node. */
const APP_DATABASE = 'sapi';

const [command = '', dirArg] = process.argv.slice(2);
const dir = dirArg ?? process.env.CITUS_DIR ?? join(tmpdir(), 'sapi-citus');
const asRoot = process.getuid?.() === 0;

const fail = (message) => {
  console.error(`citus-cluster: ${message}`);
  process.exit(1);
};

/** The newest installed PostgreSQL's binaries (Debian: /usr/lib/postgresql/<major>/bin), or PG_BIN. */
const binDir = (() => {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors[0]) fail(`no PostgreSQL server binaries (initdb) under ${base}; set PG_BIN`);
  return join(base, majors[0], 'bin');
})();

/** Where this PostgreSQL loads extension libraries from and keeps their control files. */
const installDirs = () => {
  const pgConfig = join(binDir, 'pg_config');
  if (existsSync(pgConfig)) {
    const [lib, share] = execFileSync(pgConfig, ['--pkglibdir', '--sharedir']).toString().trim().split('\n');
    return { lib, share };
  }
  // Debian's layout when pg_config is not installed: /usr/lib/postgresql/15/{bin,lib}, /usr/share/postgresql/15.
  const major = binDir.split('/').at(-2);
  return { lib: join(binDir, '..', 'lib'), share: `/usr/share/postgresql/${major}` };
};

const requireCitus = () => {
  const { lib, share } = installDirs();
  const missing = [join(lib, 'citus.so'), join(share, 'extension', 'citus.control')].filter(
    (f) => !existsSync(f),
  );
  if (missing.length > 0)
    fail(
      `Citus is not installed in the PostgreSQL of ${binDir} (missing ${missing.join(', ')}). ` +
        'Build and install Citus for this PostgreSQL first (docs/scaling.md §4), then run this again.',
    );
};

/** A PostgreSQL binary, as the postgres OS user when run by root; its output is returned. */
const pg = (bin, args, { quiet = false } = {}) => {
  const path = join(binDir, bin);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0 && !quiet)
    fail(`${bin} ${args.join(' ')} failed:\n${result.stderr || result.stdout || result.error?.message}`);
  return { ok: result.status === 0, out: result.stdout };
};

const nodeDir = (node) => join(dir, node.name);
const running = (node) => existsSync(join(nodeDir(node), 'postmaster.pid'));
const pgCtl = (node, ...args) =>
  pg('pg_ctl', ['-D', nodeDir(node), '-l', join(dir, `${node.name}.log`), '-w', '-t', '60', ...args]);
/** One SQL command on a node's database, through psql; the rows come back as text. */
const psql = (port, database, sql) =>
  pg('psql', [
    '-h',
    HOST,
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    database,
    '-v',
    'ON_ERROR_STOP=1',
    '-Atc',
    sql,
  ]).out;

const initNode = (node) => {
  if (existsSync(join(nodeDir(node), 'PG_VERSION'))) return;
  // initdb makes the folder itself, owned by the user the node runs as.
  pg('initdb', ['-D', nodeDir(node), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  appendFileSync(
    join(nodeDir(node), 'postgresql.conf'),
    [
      '',
      "shared_preload_libraries = 'citus'",
      `port = ${node.port}`,
      `listen_addresses = '${HOST}'`,
      `unix_socket_directories = '${dir}'`,
      // The coordinator opens several connections per worker for each session that fans out, and the
      // test suites hold a pool of ten sessions per test database.
      'max_connections = 300',
      // Shard moves and create_distributed_table_concurrently use logical replication.
      'wal_level = logical',
      'max_replication_slots = 10',
      'max_wal_senders = 10',
      'shared_buffers = 128MB',
      '',
    ].join('\n'),
  );
};

/** The database on every node, with the extension; the coordinator knows itself and the workers. */
const prepareDatabase = (database) => {
  for (const node of NODES) {
    if (psql(node.port, 'postgres', `select 1 from pg_database where datname = '${database}'`) === '')
      psql(node.port, 'postgres', `create database ${database}`);
    psql(node.port, database, 'create extension if not exists citus');
  }
  const [coordinator, ...workers] = NODES;
  psql(coordinator.port, database, `select citus_set_coordinator_host('${HOST}', ${coordinator.port})`);
  for (const worker of workers)
    psql(coordinator.port, database, `select citus_add_node('${HOST}', ${worker.port})`);
};

const start = () => {
  requireCitus();
  mkdirSync(dir, { recursive: true });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  for (const node of NODES) initNode(node);
  for (const node of NODES) if (!running(node)) pgCtl(node, 'start');
  // `postgres` is the maintenance database CITUS_TEST_URL points at (test databases are made beside it).
  prepareDatabase('postgres');
  prepareDatabase(APP_DATABASE);
  console.log(`Citus cluster in ${dir}: coordinator ${HOST}:9700, workers ${HOST}:9701 and ${HOST}:9702.`);
  console.log(psql(9700, 'postgres', 'select citus_version()'));
  console.log(`  DATABASE_URL=postgres://postgres@${HOST}:9700/${APP_DATABASE}`);
  console.log(`  CITUS_TEST_URL=postgres://postgres@${HOST}:9700/postgres npm run test:citus`);
};

const stop = () => {
  for (const node of [...NODES].reverse()) if (running(node)) pgCtl(node, '-m', 'fast', 'stop');
};

const status = () => {
  for (const node of NODES)
    console.log(`${node.name} ${HOST}:${node.port}: ${running(node) ? 'running' : 'stopped'}`);
  if (running(NODES[0]))
    console.log(
      psql(
        9700,
        'postgres',
        'select nodename, nodeport, noderole, isactive from pg_dist_node order by nodeid',
      ),
    );
};

switch (command) {
  case 'start':
    start();
    break;
  case 'stop':
    stop();
    break;
  case 'remove':
    stop();
    rmSync(dir, { recursive: true, force: true });
    console.log(`Removed ${dir}.`);
    break;
  case 'status':
    status();
    break;
  default:
    fail('usage: node scripts/citus-cluster.mjs start|stop|remove|status [DIR]');
}
