// The limit served over HTTP: a bare Fastify route (no hooks, no session, no validation) that runs
// the limit's statements (limit-statements.ts) on a pool like the server's and answers their rows
// with JSON.stringify. Against it the bench sees what the product adds to the least any web service
// answering the same question pays: one HTTP exchange plus the best SQL. Started by the bench as its
// own process on the data set (`node --import tsx limit-server.ts <port>`); prints
// `limit server listening <port>` once it answers.
import Fastify from 'fastify';
import { serveUntilStopped } from './child.ts';
import { openLimit, runStatement, STATEMENTS, type StatementName } from './limit-statements.ts';

const port = Number(process.argv[2] ?? 3921);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('the limit server runs on PostgreSQL (DATABASE_URL)');

const { pool, texts } = await openLimit(url);
const app = Fastify({ logger: false });

/** The body: the statements to run at once, each `[name, values]`; the answer: their rows, in order. */
app.post<{ Body: [StatementName, unknown[]][] }>('/limit', async (req) => {
  for (const [name] of req.body) if (!(name in STATEMENTS)) throw new Error(`no statement ${name}`);
  return Promise.all(req.body.map(([name, values]) => runStatement(pool, texts, name, values)));
});

serveUntilStopped(async () => {
  await app.listen({ port, host: '127.0.0.1' });
  console.log(`limit server listening ${port}`);
  return async () => {
    await app.close();
    await pool.end();
  };
});
