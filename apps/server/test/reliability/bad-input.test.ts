import { api, type RouteDef, reportExports } from '@sapi/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signBody } from '../../src/features/ingest/signature.ts';
import { makeAgent, registerBrands } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { expectEnvelope, tableCounts } from './checks.ts';

/**
 * Every route of the contract × generated bad input (wrong types, missing fields, huge strings,
 * unicode, `__proto__`, numbers at the edges, bad path parameters), sent with a SUPERADMIN session
 * so that it reaches validation: never a 500/9000, always the JSON envelope, nothing written.
 */
const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 15);

let t: TestApp;
let token: string;
let agent: { apiKey: string; secret: string };
beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
  token = await t.tokenFor('SUPERADMIN');
  agent = await makeAgent(t, token, { prefix: 'fz' });
});
afterAll(() => t.close());

// --- generators ---------------------------------------------------------------------------------

const edgeNumbers = [
  0,
  -1,
  1.5,
  0.001,
  -0.005,
  1e-7,
  2 ** 31,
  -(2 ** 31),
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];
const edgeStrings = [
  '',
  ' ',
  '0',
  '-1',
  '1e999',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  'null',
  'true',
  '__proto__',
  'constructor',
  '\u0000',
  '\uD800',
  '\u202E\u0E01\u0E02',
  'ก'.repeat(5_000),
  '💥'.repeat(2_000),
  'x'.repeat(200_000),
  "'; drop table users; --",
  '%_\\',
  '<script>alert(1)</script>',
  '2026-02-30',
  '2026-13-01T00:00:00Z',
  '0000-01-01T00:00:00.000Z',
  'https://',
  'javascript:alert(1)',
];

/** A value that is wrong for (almost) any field. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], [''], { a: 1 }),
  fc.constantFrom(...edgeNumbers),
  fc.constantFrom(...edgeStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.constantFrom<unknown>(null, -1, 'x', {}), { maxLength: 3 }),
);

/** Top-level bodies that are no object at all. */
const junkBody = fc.constantFrom<unknown>(42, 'text', [], [{}], true, -1e308, '💥');

/** The field names of an object schema (through optional/default/pipe wrappers). */
const shapeKeys = (schema: z.core.$ZodType): string[] => {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return shapeKeys(schema.unwrap());
  if (schema instanceof z.ZodDefault) return shapeKeys(schema.unwrap());
  if (schema instanceof z.ZodPipe) return shapeKeys(schema.in);
  return [];
};

/** An object with the schema's fields, each bad or missing, sometimes with `__proto__`. */
const objectBody = (keys: string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, badValue])), { requiredKeys: [] }),
      fc.constantFrom(undefined, '__proto__', 'constructor'),
      badValue,
    )
    .map(([body, extra, value]) => {
      if (!extra) return body;
      // JSON.parse makes `__proto__` an own key, as a hostile client's raw JSON would.
      return {
        ...JSON.parse(`{${JSON.stringify(extra)}: ${JSON.stringify({ isAdmin: true })}}`),
        ...body,
        ...(extra === 'constructor' ? { constructor: value } : {}),
      };
    });

const badParams = [
  '',
  '0',
  '-1',
  '01',
  '1.5',
  '1e3',
  ' 1',
  '9'.repeat(25),
  'abc',
  'all',
  'null',
  '__proto__',
  '💥',
  'ก',
  '..',
  'a/b',
  '\u0000',
  'x'.repeat(2_000),
];
/** A path parameter: a well-formed id that does not exist, or something malformed. */
const paramValue = (name: string) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(name === 'gameBrand' ? 'PG' : '999999') },
    { weight: 3, arbitrary: fc.constantFrom(...badParams).map(encodeURIComponent) },
    // Raw bytes no URL decoder accepts.
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', '%C0%AF') },
  );

const paramNames = (def: RouteDef) => [...def.path.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1] ?? '');

interface Sample {
  params: Record<string, string>;
  body: unknown;
}

const sampleOf = (def: RouteDef): fc.Arbitrary<Sample> =>
  fc.record({
    params: fc.record(Object.fromEntries(paramNames(def).map((n) => [n, paramValue(n)]))),
    body: fc.oneof(junkBody, objectBody(shapeKeys(def.body))),
  });

const hasOwnProto = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.hasOwn(body, '__proto__');

/** The contract itself refuses this request (so the server must too). */
const contractRefuses = (def: RouteDef, s: Sample, signed: boolean) => {
  let decoded: Record<string, string>;
  try {
    decoded = Object.fromEntries(Object.entries(s.params).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return true;
  }
  if (Object.values(decoded).some((v) => v === '' || v.includes('/'))) return true;
  if (!def.params.safeParse(decoded).success) return true;
  // The API's JSON parser refuses `__proto__` keys (prototype poisoning); the ingest parser does not.
  if (!signed && hasOwnProto(s.body)) return true;
  return !def.body.safeParse(s.body ?? {}).success;
};

// --- the walk -----------------------------------------------------------------------------------

const routes = [
  ...Object.entries(api),
  ...Object.entries(reportExports).map(([n, d]) => [`${n}Export`, d]),
] as [string, RouteDef][];

describe('every route × generated bad input', () => {
  it.each(routes)('%s: 2001/2004 in the envelope, never 500, nothing written', async (_name, def) => {
    const signed = def.access === 'agent-signed';
    const before = await tableCounts(t.ctx.db);
    await fc.assert(
      fc.asyncProperty(
        sampleOf(def).filter((s) => def.method === 'GET' || contractRefuses(def, s, signed)),
        async (s) => {
          const path = def.path.replace(/:([a-zA-Z]+)/g, (_, n: string) => s.params[n] ?? '');
          let url = `/api/v1${path}`;
          let payload: string | undefined;
          if (def.method === 'GET') {
            const query =
              typeof s.body === 'object' && s.body !== null && !Array.isArray(s.body)
                ? Object.entries(s.body)
                    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(JSON.stringify(v))}`)
                    .join('&')
                : encodeURIComponent(JSON.stringify(s.body));
            url += `?${query}`;
          } else {
            payload = JSON.stringify(s.body);
          }
          const timestamp = String(t.clock.now().getTime());
          const res = await t.call({
            method: def.method,
            url,
            ...(payload === undefined ? {} : { payload }),
            headers: {
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
              ...(signed
                ? {
                    'x-api-key': agent.apiKey,
                    'x-timestamp': timestamp,
                    'x-signature': signBody(agent.secret, timestamp, payload ?? ''),
                  }
                : {}),
            },
            ...(signed ? {} : { token }),
          });
          expectEnvelope(res.statusCode, res.headers['content-type'], res.body);
          if (def.method === 'GET') {
            // GET inputs are query strings: odd ones may be fine, but never a crash.
            expect(res.statusCode).toBeLessThan(500);
          } else {
            expect([400, 404, 413, 414, 415]).toContain(res.statusCode);
            expect([2001, 2004]).toContain(res.body.status);
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(await tableCounts(t.ctx.db)).toEqual(before);
  });
});
