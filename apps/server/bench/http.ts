import { Agent, request } from 'node:http';
import { api, type BodyOf, type DataOf, pathOf, type RouteDef } from '@sapi/contract';

/** A signed-in client of the running server, speaking the contract's routes. */
export interface Client {
  call<R extends RouteDef>(def: R, body?: BodyOf<R>, params?: Record<string, string>): Promise<DataOf<R>>;
  token: string;
}

export const BENCH_ADMIN = { username: 'benchadmin', password: 'bench-password-not-secret' } as const;

const send = async <R extends RouteDef>(
  base: string,
  def: R,
  token: string | undefined,
  body: unknown,
  params?: Record<string, string>,
): Promise<DataOf<R>> => {
  const envelope = (await requestJson(
    `${base}/api/v1${pathOf(def, params)}`,
    def.method,
    token ? { authorization: `Bearer ${token}` } : {},
    def.method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  )) as { status: number; error: string | null; data: DataOf<R> };
  if (envelope.status !== 1000)
    throw new Error(`${def.method} ${def.path}: ${envelope.status} ${envelope.error}`);
  return envelope.data;
};

export const signIn = async (base: string): Promise<Client> => {
  const { token } = await send(base, api.login, undefined, BENCH_ADMIN);
  return { token, call: (def, body, params) => send(base, def, token, body, params) };
};

const keepAlive = new Agent({ keepAlive: true });

/**
 * Send a request over a kept-alive connection and answer the parsed JSON, as a service client
 * does (and as the limit's pooled database client does on its side). Lighter than `fetch`, which
 * costs about a millisecond more per call here: the bench shares the machine's two cores with the
 * server and the database, so its own CPU per request is taken from what it measures.
 */
export const requestJson = (
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
) =>
  new Promise<unknown>((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: keepAlive,
        headers:
          body === undefined
            ? headers
            : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** POST a ready body (the ingest's 200 KB batches) and answer the parsed JSON. */
export const postJson = (url: string, headers: Record<string, string>, body: string) =>
  requestJson(url, 'POST', headers, body);
