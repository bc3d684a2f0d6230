import { httpStatusOf, issueOf, type RouteDef, Status } from '@sapi/contract';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import type { z } from 'zod';
import { issueMessage } from '../src/lib/errors';

/** What a stubbed route answers: the envelope's status (1000 unless told), its error text and data. */
export interface Answer {
  status?: number;
  error?: string | null;
  data: unknown;
}

type Handler = (body: unknown, params: Record<string, string>) => Answer | Promise<Answer>;

interface Sent {
  def: RouteDef;
  body: unknown;
  params: Record<string, string>;
}

const matcher = (def: RouteDef) => {
  const names: string[] = [];
  const pattern = def.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/?]+)';
  });
  const regex = new RegExp(`/api/v1${pattern}(\\?.*)?$`);
  return (method: string, url: string): Record<string, string> | null => {
    if (method !== def.method) return null;
    const match = regex.exec(url);
    if (!match) return null;
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
  };
};

/**
 * The server as a test wants it: each listed route answers from its handler, in the envelope of
 * DESIGN §4; any other call fails the test. `sent(def)` lists the bodies that route received.
 */
export const stubApi = (routes: [RouteDef, Handler][]) => {
  const calls: Sent[] = [];
  const table = routes.map(([def, handler]) => ({ def, handler, match: matcher(def) }));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    for (const { def, handler, match } of table) {
      const params = match(method, url);
      if (!params) continue;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ def, body, params });
      const answer = await handler(body, params);
      const status = answer.status ?? Status.OK;
      return new Response(JSON.stringify({ status, error: answer.error ?? null, data: answer.data }), {
        status: httpStatusOf[status] ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    throw new Error(`unexpected call: ${method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    sent: (def: RouteDef) => calls.filter((call) => call.def === def).map((call) => call.body),
  };
};

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
