import type { FastifyInstance } from 'fastify';

/** How long closing the database may take once the requests are done or cut off. */
const CLOSE_DATABASE_MS = 5_000;

export interface ShutdownPlan {
  app: FastifyInstance;
  /** In-flight requests get this long; then their connections are cut (docs/design.md §7: 10 s). */
  graceMs: number;
  /** Steps after the listener is closed and before exit (final audit checkpoint, database close). */
  closeDatabase: () => Promise<void>;
}

type Outcome = 'done' | 'failed' | 'timeout';

const within = (work: Promise<unknown>, ms: number): Promise<Outcome> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    const settle = (outcome: Outcome) => () => {
      clearTimeout(timer);
      resolve(outcome);
    };
    work.then(settle('done'), settle('failed'));
  });

/**
 * Prepare `app` for a bounded shutdown: once stopping, every answer carries `Connection: close`.
 * Without it a keep-alive connection that was busy at the signal stays open after its answer (Fastify
 * closes only the connections idle at `close()`), and the server waited for it until the keep-alive
 * timeout (72 s) — forever for a client that keeps it busy. Must be called before the app is ready.
 */
export const boundedShutdown = (plan: ShutdownPlan) => {
  const { app } = plan;
  let stopping = false;
  app.addHook('onSend', async (_req, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });

  /** Stop: close the listener, wait at most the grace period, close the database, answer an exit code. */
  return async (signal: string): Promise<number> => {
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing`);
    const closing = app.close();
    if ((await within(closing, plan.graceMs)) === 'timeout') {
      app.log.warn(`grace period of ${plan.graceMs} ms over: cutting the requests still in flight`);
      app.server.closeAllConnections();
      await within(closing, CLOSE_DATABASE_MS);
    }
    // A request cut off may still hold the database (a query or transaction under way): closing
    // waits for it, but not for ever.
    const closed = await within(plan.closeDatabase(), CLOSE_DATABASE_MS);
    if (closed !== 'done')
      app.log.error(`closing the database ${closed === 'timeout' ? 'timed out' : 'failed'}`);
    return closed === 'done' ? 0 : 1;
  };
};
