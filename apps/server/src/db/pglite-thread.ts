import { Worker } from 'node:worker_threads';

/** What the ORM's PGlite driver calls on its client (a PGlite instance, or this stand-in). */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Types to keep as text; the driver passes identity parsers, which cannot cross threads. */
  parsers?: Record<number, unknown>;
}
export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface Queryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
}

type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; keepTypes: number[] }
  | { op: 'exec'; sql: string }
  | { op: 'dump' }
  | { op: 'close' };
type Reply =
  | { ready: true }
  | { id: number; result: unknown }
  | { id: number; error: Record<string, unknown> };

/** A database error rebuilt on this thread, with the fields the server reads (code, constraint…). */
const databaseError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message)), fields);

/**
 * Embedded PGlite running on a worker thread (pglite-worker.mjs), with the part of PGlite's API
 * the ORM uses: query, exec and transaction. PGlite takes one statement at a time; calls are queued
 * here, and a transaction holds the queue until it commits or rolls back, as PGlite itself does.
 */
export class PgliteThread implements Queryable {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  #nextId = 1;
  #tail: Promise<unknown> = Promise.resolve();
  #failure: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return;
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if ('error' in reply) waiting.reject(databaseError(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (err: Error) => {
      this.#failure = err;
      for (const waiting of this.#pending.values()) waiting.reject(err);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Start the database thread and wait until PGlite is open. */
  static async start(options: { dataDir?: string | undefined; loadDataDir?: Blob | undefined }) {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: {
        dataDir: options.dataDir,
        loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
      },
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if ('ready' in reply) {
          worker.off('error', reject);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the database thread stopped (exit code ${code})`)));
    });
    return new PgliteThread(worker);
  }

  #send(request: Request): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }

  /** Run `work` when every earlier call has finished (one statement or transaction at a time). */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work);
    this.#tail = result.catch(() => undefined);
    return result;
  }

  #query(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.#send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      keepTypes: Object.keys(options.parsers ?? {}).map(Number),
    }) as Promise<QueryResult>;
  }

  #exec(sql: string) {
    return this.#send({ op: 'exec', sql }) as Promise<QueryResult[]>;
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.#exclusive(() => this.#query(sql, params, options));
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.#exclusive(() => this.#exec(sql));
  }

  /** BEGIN … COMMIT around `work`, ROLLBACK when it throws; nothing else runs in between. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#query('BEGIN');
      try {
        const result = await work({
          query: (sql, params, options) => this.#query(sql, params, options),
          exec: (sql) => this.#exec(sql),
        });
        await this.#query('COMMIT');
        return result;
      } catch (err) {
        await this.#query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  /** A gzip tarball of the data directory (test templates). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = (await this.#exclusive(() => this.#send({ op: 'dump' }))) as ArrayBuffer;
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    await this.#exclusive(() => this.#send({ op: 'close' }));
    await this.#worker.terminate();
  }
}
