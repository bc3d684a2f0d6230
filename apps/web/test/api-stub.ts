import { adminTypeSchema, api, issueOf, type RouteDef, type SelfData } from '@sapi/contract';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import type { z } from 'zod';
import { issueMessage } from '../src/lib/errors';

/** One request the screen made: the route it reached, its path parameters and its JSON body. */
export interface StubCall {
  route: RouteDef;
  params: Record<string, string>;
  body: Record<string, unknown>;
}

/** A server answer other than success: `{ status, error, data }` with an HTTP status. */
export class Failure {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly http = 500,
    readonly data: unknown = null,
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

export const SUPERADMIN: SelfData = {
  username: 'admin',
  kind: 'staff',
  type: 'SUPERADMIN',
  role: 'SUPERADMIN',
  id: '1',
  timeZone: 'Asia/Bangkok',
};

/** A signed-in admin as a test names it; the report time zone is Asia/Bangkok unless it says. */
export type StubSelf = Omit<SelfData, 'timeZone' | 'kind' | 'role'> &
  Partial<Pick<SelfData, 'timeZone' | 'kind' | 'role'>>;

/**
 * Stub `fetch` with the API of the contract: each route answers through its handler (data in the
 * success envelope, a {@link Failure}, or a Response as it is); the signed-in admin is `self`. Every call is recorded.
 */
export const stubApi = (routes: [RouteDef, Handler][], { self = SUPERADMIN }: { self?: StubSelf } = {}) => {
  const calls: StubCall[] = [];
  // A staff account unless the test says otherwise: its role is its type.
  const selfData: SelfData = {
    timeZone: SUPERADMIN.timeZone,
    kind: 'staff',
    role: adminTypeSchema.safeParse(self.type).data ?? 'AGENT_REPORTER',
    ...self,
  };
  const table = [...routes, [api.self, () => selfData] as [RouteDef, Handler]].map(([route, handler]) => ({
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
      if (answer instanceof Failure) return envelope(answer.status, answer.error, answer.data, answer.http);
      return envelope(1000, null, answer);
    }
    return envelope(2004, `no stub for ${method} ${url.pathname}`, null, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    fetchMock: fetchStub,
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

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The text of the error Mantine shows under an input (the element its aria-describedby names). */
export const errorOf = (input: HTMLElement): string | null => {
  const ids = (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter((id) => id.endsWith('-error'));
  const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
  return text === '' ? null : text;
};

/**
 * What the contract says of one field of these values, in the current language: the words a form
 * must show under that field (lib/contract-form words each issue with the web's issueMessage).
 */
export const contractSays = (schema: z.ZodType, values: unknown, field: string): string => {
  const result = schema.safeParse(values);
  const issue = result.error?.issues.find((i) => String(i.path[0]) === field);
  if (!issue) throw new Error(`the contract accepts ${field} of ${JSON.stringify(values)}`);
  return issueMessage(issueOf(issue));
};

/** Two English words in a row: a sentence left untranslated (codes such as `a–z` or `https` are fine). */
export const englishPhrase = /[A-Za-z]{2,}[\s,:]+[A-Za-z]{2,}/;

/** Written in Thai, with no English sentence in it. */
export const expectThai = (text: string | null) => {
  expect(text).toMatch(/[\u0E00-\u0E7F]/);
  expect(text).not.toMatch(englishPhrase);
};

/** Replace what a text field holds, as a user pasting a value (quicker than typing each key). */
export const fill = async (user: UserEvent, input: HTMLElement, text: string) => {
  await user.clear(input);
  if (text !== '') await user.paste(text);
};
