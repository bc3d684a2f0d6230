import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { adminTypes, api, httpStatusOf, type RouteDef, reportExports, Status } from '@sapi/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeAgent, registerBrands } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { routerErrorHeaders } from '../../http/security-headers.ts';
import { signBody } from '../ingest/signature.ts';
import { readSigningExamples } from './document.ts';
import { requestExamples, statusesOf, successExamples } from './openapi.ts';
import { workedExample } from './signing.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const nodeExample = `${repoRoot}docs/examples/ingest-sign.mjs`;
const shellExample = `${repoRoot}docs/examples/ingest-sign.sh`;

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  description: string;
  'x-roles': string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: Json }[];
  requestBody?: {
    content: { 'application/json': { schema: Json; example?: unknown }; 'text/csv'?: { schema: Json } };
  };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}

let t: TestApp;
let doc: { info: { description: string }; paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.api(api.openApi);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.res.json();
});
afterAll(() => t.close());

const routes: [string, RouteDef][] = [
  ...Object.entries(api),
  ...Object.entries(reportExports).map(([n, d]): [string, RouteDef] => [`${n}Export`, d]),
];
/** The JSON Schema of a contract schema, made here from zod directly (not by the generator). */
const jsonOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Json;
  return rest;
};
const operationOf = (def: RouteDef): Operation | undefined =>
  doc.paths[def.path.replace(/:([a-zA-Z]+)/g, '{$1}')]?.[def.method.toLowerCase()];
const op = (def: RouteDef): Operation => {
  const found = operationOf(def);
  if (!found) throw new Error(`${def.method} ${def.path} is missing`);
  return found;
};
/** The server statuses a documented refusal lists (`status: { enum }`). */
const documentedStatuses = (schema: Json | undefined): number[] =>
  (schema?.properties as { status?: { enum?: number[] } } | undefined)?.status?.enum ?? [];

describe('GET /api/v1/openapi.json (docs/design.md §14)', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds every route of the contract and nothing else', () => {
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations.map((o) => o.operationId).sort()).toEqual(routes.map(([name]) => name).sort());
    for (const [name, def] of routes) expect(operationOf(def)?.operationId, name).toBe(name);
  });

  it.each(routes)('%s: method, path, roles, input and answer schemas, statuses', (name, def) => {
    const op = operationOf(def);
    if (!op) throw new Error(`${def.method} ${def.path} is missing`);
    // Roles: as an extension, in the description, and as the security requirement.
    const roles =
      def.access === 'public'
        ? ['public']
        : def.access === 'agent-signed'
          ? ['agent-signed']
          : [...def.access];
    expect(op['x-roles']).toEqual(roles);
    expect(op.description).toContain('**Who may call:**');
    if (Array.isArray(def.access)) {
      expect(op.description).toContain(def.access.join(', '));
      expect(op.security).toEqual([{ staffSession: [] }]);
    } else if (def.access === 'agent-signed') {
      expect(op.security).toEqual([{ agentApiKey: [], agentTimestamp: [], agentSignature: [] }]);
    } else {
      expect(op.security).toEqual([]);
    }
    if (def.reauth) expect(op.description).toContain('3005');

    // Input: path parameters, and the body (a GET route's input is its query string).
    const params = jsonOf(def.params, 'input');
    const body = jsonOf(def.body, 'input');
    const fields = (s: Json) => Object.entries((s.properties ?? {}) as Record<string, Json>);
    for (const [field, schema] of fields(params)) {
      expect(op.parameters, field).toContainEqual({ name: field, in: 'path', required: true, schema });
    }
    if (def.method === 'GET' || def.upload) {
      for (const [field, schema] of fields(body)) {
        expect(op.parameters?.find((p) => p.name === field && p.in === 'query')?.schema).toEqual(schema);
      }
      // An upload's body is its file (docs/design.md §16).
      if (def.upload) expect(op.requestBody?.content['text/csv']?.schema).toEqual({ type: 'string' });
      else expect(op.requestBody).toBeUndefined();
    } else if (fields(body).length > 0) {
      expect(op.requestBody?.content['application/json'].schema).toEqual(body);
    } else {
      expect(op.requestBody).toBeUndefined();
    }

    // The answer: the envelope around the route's data, a CSV file, or the document itself.
    const ok = op.responses['200']?.content;
    if (def.format === 'csv') {
      expect(ok?.['text/csv']?.schema).toEqual({ type: 'string' });
    } else if (def.format === 'document') {
      expect(ok?.['application/json']?.schema).toEqual(jsonOf(def.data, 'output'));
    } else {
      const envelope = ok?.['application/json']?.schema;
      expect(envelope?.required).toEqual(['status', 'error', 'data']);
      expect(envelope?.properties).toMatchObject({
        status: { const: Status.OK },
        error: { type: 'null' },
        data: jsonOf(def.data, 'output'),
      });
    }
    // Every status it can answer, under its HTTP status, in the envelope.
    const statuses = statusesOf(name, def);
    expect(statuses).toContain(Status.VALIDATION);
    if (def.access !== 'public') expect(statuses).toContain(Status.UNAUTHENTICATED);
    if (Array.isArray(def.access) && def.access.length < adminTypes.length) {
      expect(statuses).toContain(Status.FORBIDDEN);
    }
    for (const code of statuses.filter((c) => c !== Status.OK)) {
      const refusal = op.responses[String(httpStatusOf[code])]?.content?.['application/json']?.schema;
      expect((refusal?.properties as { status?: { enum?: number[] } })?.status?.enum, String(code)).toContain(
        code,
      );
    }
  });

  it('lists what each route answers an anonymous caller, a reporter and an empty body', async () => {
    const params = { id: '999999', agentId: '999999', listId: '999999', gameBrand: 'PG' };
    const wrong: string[] = [];
    for (const [name, def] of routes) {
      for (const token of [undefined, await t.sessionFor('REPORTER')]) {
        const res = await t.api(def, { params, body: {}, ...(token ? { token } : {}) });
        const documented = op(def).responses[String(res.statusCode)]?.content?.['application/json']?.schema;
        const answered = res.status === Status.OK || documentedStatuses(documented).includes(res.status);
        if (!answered)
          wrong.push(`${name} ${token ? 'REPORTER' : 'anonymous'}: ${res.statusCode} ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('its examples are what the routes accept and answer', () => {
    for (const [name, example] of Object.entries(requestExamples)) {
      const def = api[name as keyof typeof api];
      expect(def.body.safeParse(example).error, name).toBeUndefined();
      expect(operationOf(def)?.requestBody?.content['application/json'].example, name).toEqual(example);
    }
    for (const [name, example] of Object.entries(successExamples)) {
      expect(api[name as keyof typeof api].data.safeParse(example).error, name).toBeUndefined();
    }
  });

  it('is public: no session, and the same for every caller', async () => {
    const signedIn = await t.api(api.openApi, { token: await t.sessionFor('REPORTER') });
    expect(signedIn.res.body).toBe((await t.api(api.openApi)).res.body);
  });
});

describe('the ingest signing scheme in the reference (docs/design.md §9)', () => {
  it('shows both example files as they are, the worked example and its signature', () => {
    const examples = readSigningExamples();
    const description = doc.info.description;
    expect(description).toContain(examples.node.trimEnd());
    expect(description).toContain(examples.shell.trimEnd());
    expect(description).toContain(`${workedExample.timestamp}.${workedExample.body}`);
    expect(description).toContain(workedExample.signature);
    expect(operationOf(api.ingest)?.description).toContain(workedExample.signature);
  });

  it('the worked signature is the one the server computes, and the Node example’s', async () => {
    const { secret, timestamp, body, signature } = workedExample;
    expect(signBody(secret, timestamp, body)).toBe(signature);
    const example = (await import(pathToFileURL(nodeExample).href)) as {
      sign: (secret: string, timestamp: string, body: string) => string;
    };
    expect(example.sign(secret, timestamp, body)).toBe(signature);
  });

  it('the server accepts the worked example as it stands, at its timestamp', async () => {
    const admin = await t.tokenFor('ADMIN');
    await registerBrands(t, admin, ['PG']);
    const agent = await makeAgent(t, admin, { secret: workedExample.secret, games: ['PG'] });
    t.clock.set(new Date(Number(workedExample.timestamp)).toISOString());
    const headers = {
      'content-type': 'application/json',
      'x-api-key': agent.apiKey,
      'x-timestamp': workedExample.timestamp,
    };
    const sent = await t.raw({
      method: 'POST',
      url: '/api/v1/ingest/transactions',
      headers: { ...headers, 'x-signature': workedExample.signature },
      payload: workedExample.body,
    });
    expect(sent.body).toEqual({ status: 1000, error: null, data: { accepted: 1, duplicates: 0 } });
    // One character of the signature changed is refused.
    const forged = `${workedExample.signature.slice(0, -1)}0`;
    const refused = await t.raw({
      method: 'POST',
      url: '/api/v1/ingest/transactions',
      headers: { ...headers, 'x-signature': forged },
      payload: workedExample.body,
    });
    expect([refused.statusCode, refused.status]).toEqual([401, Status.UNAUTHENTICATED]);
  });

  describe('the examples, run against this server on loopback', () => {
    let env: NodeJS.ProcessEnv;
    beforeAll(async () => {
      const admin = await t.tokenFor('ADMIN');
      await registerBrands(t, admin, ['PG']);
      const agent = await makeAgent(t, admin, { games: ['PG'] });
      // The examples stamp their requests with the real time.
      t.clock.set(new Date().toISOString());
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      env = {
        PATH: process.env.PATH,
        SAPI_URL: `http://127.0.0.1:${port}`,
        SAPI_API_KEY: agent.apiKey,
        SAPI_SECRET: agent.secret,
      };
    });

    it('the Node example sends a batch the server accepts', async () => {
      const { stdout } = await run(process.execPath, [nodeExample], { env, timeout: 20_000 });
      expect(stdout.trim()).toBe('200 {"status":1000,"error":null,"data":{"accepted":1,"duplicates":0}}');
    });

    it.runIf(existsSync('/usr/bin/curl') && existsSync('/usr/bin/openssl'))(
      'the curl + openssl recipe sends a batch the server accepts',
      async () => {
        const { stdout } = await run('bash', [shellExample], { env, timeout: 20_000 });
        expect(JSON.parse(stdout)).toEqual({
          status: 1000,
          error: null,
          data: { accepted: 1, duplicates: 0 },
        });
      },
    );
  });
});

describe('/api/docs (docs/design.md §14)', () => {
  it('serves the reference page and its script from this server, under the product’s CSP', async () => {
    const page = await t.raw({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The same policy as every other page: nothing relaxed for the reference.
    expect(page.headers['content-security-policy']).toBe(routerErrorHeaders['content-security-policy']);
    expect(page.res.body).not.toMatch(/<script>|https?:\/\//);
    const src = /<script src="([^"]+)"/.exec(page.res.body)?.[1] ?? '';
    expect(src).toMatch(/^\/api\/docs\/assets\/scalar-api-reference-[\d.]+\.js$/);

    const script = await t.raw({ method: 'GET', url: src });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.res.body.length).toBeGreaterThan(100_000);

    for (const url of ['/api/docs/assets/other.js', '/api/docs/assets/..%2F..%2Fpackage.json']) {
      const missing = await t.raw({ method: 'GET', url });
      expect([missing.statusCode, missing.status], url).toEqual([404, Status.NOT_FOUND]);
      expect(missing.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('compression (large answers, when the client accepts it)', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
  const decode: Record<string, (b: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };

  it('openapi.json comes gzip or br compressed as asked, decompressing to the same document, and plain without the header', async () => {
    const plain = await get('/api/v1/openapi.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const text = plain.body;
    expect(text.length).toBeGreaterThan(100_000);
    expect(JSON.parse(text)).toEqual(doc);
    for (const [accept, encoding] of [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['*', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const res = await get('/api/v1/openapi.json', accept);
      expect([res.statusCode, res.headers['content-encoding'], accept]).toEqual([200, encoding, accept]);
      const body = encoding ? decode[encoding]?.(res.rawPayload).toString('utf8') : res.body;
      expect(body, accept).toBe(text);
      if (encoding) expect(res.rawPayload.length, accept).toBeLessThan(text.length / 10);
      // The security headers and no-store stay, whatever the encoding.
      expect(res.headers['content-security-policy']).toBe(routerErrorHeaders['content-security-policy']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('the reference script comes compressed too; a tiny answer does not', async () => {
    const page = await t.raw({ method: 'GET', url: '/api/docs' });
    const src = /<script src="([^"]+)"/.exec(page.res.body)?.[1] ?? '';
    const plain = await get(src);
    const gz = await get(src, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const health = await get('/api/v1/health', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 1000, error: null, data: { ok: true } });
  });

  it('a CSV export streams compressed, and decompresses to the file sent plain', async () => {
    const token = await t.tokenFor('REPORTER');
    const call = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/agent/export',
        headers: {
          authorization: `Bearer ${token}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        payload: {},
      });
    const plain = await call();
    const gz = await call('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBeUndefined();
    expect(gz.headers['cache-control']).toBe('no-store');
    expect(gz.headers.vary).toMatch(/accept-language/);
    expect(gz.headers.vary).toMatch(/accept-encoding/);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.body.startsWith('\uFEFF')).toBe(true);
  });
});
