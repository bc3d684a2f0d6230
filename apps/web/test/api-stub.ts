import { api, type RouteDef, type SelfData } from '@sapi/contract';
import { vi } from 'vitest';

/** One request the screen made: the route it reached, its path parameters and its JSON body. */
export interface StubCall {
  route: RouteDef;
  params: Record<string, string>;
  body: Record<string, unknown>;
}

/** A server answer other than success: `{ status, error }` with an HTTP status. */
export class Failure {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly http = 500,
  ) {}
}

type Handler = (body: Record<string, unknown>, params: Record<string, string>) => unknown;

const matcher = (def: RouteDef) => {
  const names: string[] = [];
  const source = def.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^/api/v1${source}$`);
  return (method: string, path: string): Record<string, string> | null => {
    if (method !== def.method) return null;
    const match = regex.exec(path);
    if (!match) return null;
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
  };
};

const envelope = (status: number, error: string | null, data: unknown, http = 200) =>
  new Response(JSON.stringify({ status, error, data }), {
    status: http,
    headers: { 'content-type': 'application/json' },
  });

export const SUPERADMIN: SelfData = { username: 'admin', type: 'SUPERADMIN', id: '1' };

/**
 * Stub `fetch` with the API of the contract: each route answers through its handler (data in the
 * success envelope, a {@link Failure}, or a Response as it is); the signed-in admin is `self`. Every call is recorded.
 */
export const stubApi = (routes: [RouteDef, Handler][], { self = SUPERADMIN }: { self?: SelfData } = {}) => {
  const calls: StubCall[] = [];
  const table = [...routes, [api.self, () => self] as [RouteDef, Handler]].map(([route, handler]) => ({
    route,
    handler,
    match: matcher(route),
  }));
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    for (const { route, handler, match } of table) {
      const params = match(method, url.pathname);
      if (!params) continue;
      const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
      calls.push({ route, params, body });
      const answer = await handler(body, params);
      if (answer instanceof Response) return answer;
      if (answer instanceof Failure) return envelope(answer.status, answer.error, null, answer.http);
      return envelope(1000, null, answer);
    }
    return envelope(2004, `no stub for ${method} ${url.pathname}`, null, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** The bodies sent to one route, in order. */
    bodiesOf: (route: RouteDef) => calls.filter((call) => call.route === route).map((call) => call.body),
  };
};

/** A list answer of the contract. */
export const page = <T>(records: T[], total = records.length, at = 1, limit = 50) => ({
  records,
  page: at,
  limit,
  total,
});
