// The embedded database on a thread of its own (started by pglite-thread.ts): while the WebAssembly
// Postgres works here, the server's thread goes on parsing, validating and answering requests.
// Plain JavaScript, so the same file runs from the sources (tests, dev) and from the bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, loadDataDir } = workerData;
const db = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
});
// Sessions run in UTC: timestamps are handled as UTC instants everywhere.
await db.exec("SET TIME ZONE 'UTC'");

/** Values of these types stay as Postgres wrote them (the ORM asks so for dates and intervals). */
const keep = (value) => value;

/** What the server's thread needs of a result (structured-clone safe). */
const plain = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/** The fields of a database error that the server reads (SQLSTATE, constraint, detail…). */
const errorOf = (err) => {
  const out = { message: err instanceof Error ? err.message : String(err) };
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    }
  }
  return out;
};

const run = async (message) => {
  switch (message.op) {
    case 'query': {
      const parsers = Object.fromEntries(message.keepTypes.map((oid) => [oid, keep]));
      return plain(await db.query(message.sql, message.params, { rowMode: message.rowMode, parsers }));
    }
    case 'exec':
      return (await db.exec(message.sql)).map(plain);
    case 'dump':
      return await (await db.dumpDataDir('gzip')).arrayBuffer();
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
};

parentPort.on('message', (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (err) => parentPort.postMessage({ id: message.id, error: errorOf(err) }),
  );
});
parentPort.postMessage({ ready: true });
