import { connect, type Socket } from 'node:net';
import { api, type BodyOf, type DataOf, pathOf, type RouteDef } from '@sapi/contract';
import { HTTPParser } from 'http-parser-js';

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

/** A client of the running server calling with `token` (staff's, or an agent-side session's). */
export const clientOf = (base: string, token: string): Client => ({
  token,
  call: (def, body, params) => send(base, def, token, body, params),
});

export const signIn = async (base: string): Promise<Client> => {
  const { token } = await send(base, api.login, undefined, BENCH_ADMIN);
  return clientOf(base, token);
};

/** One kept-alive connection: the call waiting on it (one at a time) and its answer so far. */
interface Connection {
  socket: Socket;
  waiting: { resolve: (value: unknown) => void; reject: (err: Error) => void } | null;
  chunks: Buffer[];
  keepAlive: boolean;
}

/** Idle connections by `host:port`; a call takes one or opens one, and gives it back when answered. */
const idle = new Map<string, Connection[]>();
const idleAt = (key: string) => {
  const list = idle.get(key) ?? [];
  idle.set(key, list);
  return list;
};

const open = (host: string, port: number, key: string): Connection => {
  const socket = connect({ host, port, noDelay: true });
  const conn: Connection = { socket, waiting: null, chunks: [], keepAlive: false };
  const parser = new HTTPParser(HTTPParser.RESPONSE);
  const fail = (err: Error) => {
    const waiting = conn.waiting;
    conn.waiting = null;
    const list = idleAt(key);
    if (list.includes(conn)) list.splice(list.indexOf(conn), 1);
    socket.destroy();
    waiting?.reject(err);
  };
  parser[HTTPParser.kOnHeadersComplete] = (info) => {
    conn.keepAlive = info.shouldKeepAlive;
  };
  parser[HTTPParser.kOnBody] = (chunk, offset, length) => {
    conn.chunks.push(chunk.subarray(offset, offset + length));
  };
  parser[HTTPParser.kOnMessageComplete] = () => {
    const waiting = conn.waiting;
    const text = Buffer.concat(conn.chunks).toString('utf8');
    conn.waiting = null;
    conn.chunks = [];
    // An idle connection does not keep the bench alive, as Node's own agent does with its sockets.
    if (conn.keepAlive) {
      socket.unref();
      idleAt(key).push(conn);
    } else socket.destroy();
    try {
      waiting?.resolve(JSON.parse(text));
    } catch (err) {
      waiting?.reject(err as Error);
    }
  };
  socket.on('data', (data: Buffer) => {
    const parsed = parser.execute(data);
    if (parsed instanceof Error) fail(parsed);
  });
  socket.on('error', fail);
  socket.on('close', () => fail(new Error(`${key} closed the connection before answering`)));
  return conn;
};

/**
 * Send a request over a kept-alive connection and answer the parsed JSON, as a load generator
 * does: the request written as one string on a plain socket, the answer read by `http-parser-js`
 * (autocannon's parser, which the throughput runs use). Node's own `http.request` costs about a
 * tenth of a millisecond more per call here, and `fetch` about a millisecond: the bench shares the
 * machine's two cores with the server and the database, so its own CPU per request is taken from
 * what it measures.
 */
export const requestJson = (
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
) =>
  new Promise<unknown>((resolve, reject) => {
    const { hostname, port, pathname, search } = new URL(url);
    const key = `${hostname}:${port}`;
    const conn = idleAt(key).pop() ?? open(hostname, Number(port), key);
    conn.waiting = { resolve, reject };
    conn.socket.ref();
    const lines = [`${method} ${pathname}${search} HTTP/1.1`, `host: ${key}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined)
      lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(body)}`);
    conn.socket.write(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
  });

/** Close the kept-alive connections (the bench's end, or a server it has stopped). */
export const closeConnections = () => {
  for (const list of idle.values()) for (const conn of list.splice(0)) conn.socket.destroy();
};

/** POST a ready body (the ingest's 200 KB batches) and answer the parsed JSON. */
export const postJson = (url: string, headers: Record<string, string>, body: string) =>
  requestJson(url, 'POST', headers, body);
