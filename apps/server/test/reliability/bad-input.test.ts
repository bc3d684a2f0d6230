import { api, type RouteDef, reportExports, Status } from '@sapi/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signBody } from '../../src/features/ingest/signature.ts';
import { bet, ingest, makeAdapter, makeAgent, registerBrands } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { envelopeFailure, expectEnvelope, tableCounts } from './checks.ts';

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

/** One request as a client sends it: JSON when there is a body, signed for the ingest API, else the session. */
const send = (def: RouteDef, url: string, payload: string | undefined) => {
  const signed = def.access === 'agent-signed';
  const timestamp = String(t.clock.now().getTime());
  return t.raw({
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
};

const routes = [
  ...Object.entries(api),
  ...Object.entries(reportExports).map(([n, d]) => [`${n}Export`, d]),
] as [string, RouteDef][];

/**
 * Rows of every table but the ingest log: a refused ingest request writes its one log row by design
 * (docs/design.md §9), checked on its own below; nothing else may change.
 */
const storedCounts = async () => {
  const { ingest_log: _log, ...rest } = await tableCounts(t.ctx.db);
  return rest;
};
const logRows = async () => (await tableCounts(t.ctx.db)).ingest_log ?? 0;

describe('every route × generated bad input', () => {
  it.each(routes)('%s: 2001/2004 in the envelope, never 500, nothing written', async (_name, def) => {
    const signed = def.access === 'agent-signed';
    const before = await storedCounts();
    const logBefore = await logRows();
    let sent = 0;
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
          const res = await send(def, url, payload);
          sent++;
          // The OpenAPI document ignores its query string and answers itself, not an envelope.
          if (!(def.format === 'document' && res.statusCode === 200)) {
            expectEnvelope(res.statusCode, res.headers['content-type'], res.body);
          }
          if (def.method === 'GET') {
            // GET inputs are query strings: odd ones may be fine, but never a crash.
            expect(res.statusCode).toBeLessThan(500);
          } else {
            expect([400, 404, 413, 414, 415]).toContain(res.statusCode);
            expect([2001, 2004]).toContain(res.status);
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(await storedCounts()).toEqual(before);
    // Each refused ingest request is in the ingest log, once; no other route writes there.
    expect(await logRows()).toBe(logBefore + (signed ? sent : 0));
  });
});

// --- every field of a valid input × the values that break systems -------------------------------

/** Ids and names of records the valid inputs below point at. */
interface Fixtures {
  agentId: string;
  parentAgentId: string;
  adapterId: string;
  codename: string;
  adminId: string;
  userId: string;
  sharingId: string;
  operatorId: string;
  txId: string;
}
type Valid = { params?: Record<string, string>; body?: Record<string, unknown> };

/** One valid input per route: each edge case below changes exactly one field of it. */
const validInputs = (f: Fixtures): Record<string, Valid> => {
  const id = { id: f.agentId };
  const agentParams = { agentId: f.agentId };
  const page = { page: 1, limit: 10 };
  const sharingFilters = {
    agent: f.agentId,
    parentAgent: f.parentAgentId,
    username: 'a',
    prefix: 'a',
    isDisable: '0',
    ...page,
  };
  const listDates = { startDate: '2026-10-01', endDate: '2026-11-30T23:59:59.000Z' };
  const daily = { body: { day: '1', month: '11', year: '2026' }, params: agentParams };
  const monthly = { body: { month: '11', year: '2026' }, params: agentParams };
  const range = {
    body: { from: '2026-10-01', to: '2026-11-30T00:00:00.000Z' },
    params: { agentId: f.agentId, gameBrand: f.codename },
  };
  const txList = {
    params: agentParams,
    body: {
      username: 'player',
      betId: 'B1',
      betType: 'HOLD',
      gameBrand: 'PG',
      gameCode: 'x',
      ...listDates,
      ...page,
    },
  };
  return {
    health: {},
    openApi: {},
    login: { body: { username: 'nobody_here', password: 'not-the-password' } },
    selfCheck: {},
    self: {},
    logout: {},
    verify: { body: { password: 'not-the-password' } },
    adminList: { body: { username: 'a', prefix: 'a', ...listDates, ...page } },
    adminGet: { params: { id: f.adminId } },
    adminCreate: { body: { username: 'edge_admin', password: 'edge-password-1', type: 'REPORTER' } },
    adminUpdate: { params: { id: f.adminId }, body: { type: 'REPORTER' } },
    adminLock: { params: { id: f.adminId } },
    adminUnlock: { params: { id: f.adminId } },
    adapterList: { body: { name: 'p', isDisable: '0', ...page } },
    adapterExport: { body: { name: 'p', isDisable: '0', ...page } },
    adapterGet: { params: { id: f.adapterId } },
    adapterCreate: {
      body: {
        name: 'Edge',
        codename: 'EDGE_1',
        endpoint: 'https://edge.example.com',
        type: 'SLOT',
        logo: 'https://edge.example.com/l.png',
      },
    },
    adapterUpdate: {
      params: { id: f.adapterId },
      body: {
        codename: f.codename,
        endpoint: 'https://e.example.com',
        type: 'SLOT',
        logo: 'https://e.example.com/l.png',
      },
    },
    adapterDisable: { params: { id: f.adapterId } },
    adapterEnable: { params: { id: f.adapterId } },
    agentList: { body: { username: 'a', prefix: 'a', locked: '0', ...listDates, ...page } },
    agentExport: { body: { username: 'a', prefix: 'a', locked: '0', ...listDates, ...page } },
    agentPick: { body: { q: 'a', limit: 20 } },
    agentTree: {},
    agentGet: { params: id },
    agentRegister: {
      body: {
        username: 'edge_agent',
        password: 'edge-password-1',
        endpoint: 'https://edge.example.com/cb',
        games: ['PG'],
        prefix: 'edge',
        code: 'EDGE-1',
        secret: 'edge-secret-0123456789',
        agentType: 'AGENT',
      },
    },
    agentUpdate: {
      params: { id: f.parentAgentId },
      body: { endpoint: 'https://edge.example.com/cb', games: ['PG'], agentType: 'AGENT' },
    },
    agentRotateSecret: { params: { id: f.parentAgentId } },
    agentLock: { params: { id: f.parentAgentId } },
    agentUnlock: { params: { id: f.parentAgentId } },
    agentSharingList: { body: sharingFilters },
    agentSharingExport: { body: sharingFilters },
    agentSharingGet: { params: { id: f.sharingId } },
    agentSharingCreate: {
      body: {
        agent: f.agentId,
        parentAgent: f.parentAgentId,
        parentPercentage: 10,
        isDisable: false,
        effectiveFrom: '2026-11-20',
        settleEachPeriod: false,
      },
    },
    agentSharingUpdate: {
      params: { id: f.sharingId },
      body: {
        agent: f.agentId,
        parentAgent: f.parentAgentId,
        parentPercentage: 12.5,
        effectiveFrom: '2026-11-20',
        settleEachPeriod: false,
      },
    },
    agentSharingDisable: { params: { id: f.sharingId }, body: { effectiveFrom: '2026-12-01' } },
    agentSharingEnable: { params: { id: f.sharingId }, body: { effectiveFrom: '2026-12-01' } },
    agentSharingHistory: { params: { id: f.sharingId } },
    agentSharingWhatIf: { params: { id: f.sharingId }, body: { parentPercentage: 20 } },
    settlementPeriods: { body: { year: '2026' } },
    settlementList: { body: { year: '2026', month: '11' } },
    settlementExport: { body: { year: '2026', month: '11' } },
    settlementClose: { body: { year: '2026', month: '10' } },
    settlementPaymentCreate: {
      body: {
        sharing: f.sharingId,
        direction: 'to-parent',
        amount: 10.5,
        paidOn: '2026-11-20',
        reference: 'r1',
        note: 'n',
      },
    },
    settlementPaymentList: { body: { year: '2026', month: '11', sharing: f.sharingId, ...page } },
    settlementPaymentVoid: { params: { id: '999999' }, body: { reason: 'typo' } },
    approvalList: { body: { status: 'pending', kind: 'settlement-close', ...page } },
    approvalApprove: { params: { id: '999999' }, body: { reason: 'ok' } },
    approvalReject: { params: { id: '999999' }, body: { reason: 'no' } },
    userList: { body: { username: 'p', agent: f.agentId, locked: '0', ...listDates, ...page } },
    userExport: { body: { username: 'p', agent: f.agentId, locked: '0', ...listDates, ...page } },
    userGet: { params: { id: f.userId } },
    userCreate: { body: { agent: f.agentId, username: 'edge_player', betLimit: 100.5, locked: false } },
    userUpdate: { params: { id: f.userId }, body: { betLimit: 200, locked: false } },
    userDelete: { params: { id: f.userId } },
    agentOperatorList: { body: { agent: f.agentId, username: 'o', ...page } },
    agentOperatorExport: { body: { agent: f.agentId, username: 'o', ...page } },
    agentOperatorRegister: {
      body: {
        agent: f.agentId,
        username: 'edge_op',
        password: 'edge-password-1',
        type: 'OPERATOR',
        locked: false,
      },
    },
    agentOperatorUpdate: {
      params: { id: f.operatorId },
      body: { type: 'OPERATOR', locked: false, password: 'edge-password-2' },
    },
    agentOperatorDelete: { params: { id: f.operatorId } },
    transactionList: { ...txList, body: { ...txList.body, cursor: undefined } },
    transactionExport: txList,
    transactionGet: { params: { agentId: f.agentId, listId: f.txId } },
    // The query of an upload; its file is empty here (a 2001), hostile files are test/reconciliation.test.ts's.
    reconciliationRun: { params: { agentId: f.agentId }, body: { period: 'day', date: '2026-11-01' } },
    reconciliationExport: { params: { agentId: f.agentId }, body: { period: 'month', date: '2026-11-01' } },
    registerCount: { params: agentParams, body: { date: '2026-11-01' } },
    registerCountExport: { params: agentParams, body: { date: '2026-11-01T00:00:00.000Z' } },
    ingest: {
      body: {
        transactions: [
          {
            betId: 'EDGE1',
            betType: 'SETTLE',
            betTypeFromGame: 'win',
            gameBrand: f.codename,
            gameCode: 'edge-game',
            username: 'edge_player',
            amount: 10.5,
            startDate: '2026-11-01T05:00:00.000Z',
            endDate: '2026-11-01T05:01:00.000Z',
          },
        ],
      },
    },
    summaryAgentDaily: daily,
    summaryAgentMonthly: monthly,
    summaryGameDaily: daily,
    summaryGameMonthly: monthly,
    summaryGameDailyByGame: range,
    summaryGameMonthlyByGame: range,
    summaryTransactionList: txList,
    summaryTransactionGet: { params: { agentId: f.agentId, id: f.txId } },
    summaryBetHistory: { body: { betId: 'B1' } },
    revenueShare: { body: { month: '11', year: '2026' } },
    agentReportMonthly: { params: agentParams, body: { date: '2026-11-01' } },
    agentReportMonthlyBatch: {
      body: { agentIds: [f.agentId, f.parentAgentId], date: '2026-11-01T00:00:00.000Z' },
    },
    dashboard: { body: { month: '11', year: '2026' } },
    auditList: { body: { actor: 'a', entity: 'agent', action: 'create', ...listDates, ...page } },
    ingestLogList: {
      body: { agent: f.agentId, outcome: 'refused', reason: 'bad_signature', ...listDates, ...page },
    },
    ingestLogExport: { body: { agent: f.agentId, outcome: 'accepted', ...listDates } },
    ingestLogGet: { params: id },
    summaryAgentDailyExport: daily,
    summaryAgentMonthlyExport: monthly,
    summaryGameDailyExport: daily,
    summaryGameMonthlyExport: monthly,
    summaryGameDailyByGameExport: range,
    summaryGameMonthlyByGameExport: range,
    revenueShareExport: { body: { month: '11', year: '2026' } },
    // Account security (docs/design.md §13).
    loginTotp: { body: { challenge: 'no-such-challenge', code: '123456' } },
    passwordChange: { body: { currentPassword: 'not-the-password', newPassword: 'a-new-passphrase' } },
    passwordReset: { params: { id: f.adminId } },
    sessionList: {},
    sessionEnd: { params: { id: f.adminId } },
    sessionEndOthers: {},
    sessionListAll: { body: { adminId: f.adminId, ...page } },
    sessionEndAny: { params: { id: f.adminId } },
    sessionEndAccount: { params: { id: f.adminId } },
    totpStatus: {},
    totpEnrol: {},
    totpConfirm: { body: { code: '123456' } },
    totpDisable: { body: { code: 'abcd-efgh-ijkl-mnop' } },
    totpRecoveryCodes: { body: { code: '123456' } },
    totpReset: { params: { id: f.adminId } },
    adminSecurity: { params: { id: f.adminId } },
    securitySettingsGet: {},
    securitySettingsUpdate: { body: { totpRequiredTypes: ['REPORTER'], sharingChangeApproval: false } },
    adminAllowedIpsGet: { params: { id: f.adminId } },
    adminAllowedIpsUpdate: {
      params: { id: f.adminId },
      body: { allowedIps: ['192.0.2.0/24', '2001:db8::1'] },
    },
    agentAllowedIpsGet: { params: id },
    agentAllowedIpsUpdate: { params: id, body: { allowedIps: ['192.0.2.1'] } },
    agentSignInSettingsGet: { params: id },
    agentOperatorTotpReset: { params: id },
    agentTotpReset: { params: id },
    agentSignInSettingsUpdate: {
      params: id,
      body: { operatorTotpTypes: ['OPERATOR'], signInIps: ['192.0.2.0/24'] },
    },
    ipRefusalList: { body: { scope: 'agent', ...page } },
  };
};

/** JSON text a client may send that JSON.stringify cannot produce: `1e309` parses to Infinity. */
const raw = (text: string) => `@@raw:${text}@@`;
const unraw = (v: string) => v.replace(/^@@raw:(.*)@@$/, '$1');
const toJson = (value: unknown) => JSON.stringify(value).replace(/"@@raw:([^"]*)@@"/g, '$1');

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
const stringEdges = ['\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', 'x'.repeat(10_000)];
const idEdges = [
  '9223372036854775808',
  '18446744073709551616',
  raw('9223372036854775808'),
  raw('18446744073709551616'),
];
const numberEdges = [raw('1e309'), raw('-1e309'), -0, 100.01, 1_000_000_000_000.01, 2 ** 63, 2 ** 64];
const yearEdges = ['0', '1', '9999', 0, 9999, raw('1e309'), '-0'];
const dateEdges = (valid: string) =>
  valid.length === 10
    ? ['0000-01-01', '0001-01-01', '9999-12-31', '2026-02-30', 'garbage']
    : [
        '0000-01-01T00:00:00.000Z',
        '0001-01-01T00:00:00Z',
        '9999-12-31T23:59:59.999Z',
        '2026-11-01T00:00:00+99:00',
        'garbage',
      ];
/** Cursors a client can forge: out-of-range dates and ids no bigint column holds. */
const cursorEdges = [
  cursorOf('0000-01-01T00:00:00.000Z|1'),
  cursorOf('+275760-09-13T00:00:00.000Z|1'),
  cursorOf('2026-11-01T00:00:00.000Z|9999999999999999999'),
  cursorOf('2026-11-01T00:00:00.000Z|0'),
  cursorOf('\u0000|\u0000'),
];

/** URL text is UTF-8 percent-encoded; a lone surrogate cannot be, so it goes as raw bytes no decoder accepts. */
const encodeText = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}/.test(v);
const isId = (v: string) => /^[1-9]\d*$/.test(v);

/** The edge values for one field, from its name and its valid value. */
const edgesFor = (key: string, valid: unknown): unknown[] => {
  if (typeof valid === 'number') return key === 'year' ? yearEdges : numberEdges;
  if (typeof valid === 'boolean') return ['\u0000', raw('1e309')];
  if (typeof valid !== 'string') return [];
  const out: unknown[] = [...stringEdges];
  if (key === 'cursor') out.push(...cursorEdges);
  if (isDate(valid)) out.push(...dateEdges(valid));
  if (isId(valid) && key !== 'year' && key !== 'month' && key !== 'day') out.push(...idEdges);
  if (key === 'year' || key === 'month' || key === 'day') out.push(...yearEdges);
  return out;
};

/** Every leaf of a JSON value with its path (array leaves through their first item). */
const leaves = (
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; value: unknown }[] => {
  if (Array.isArray(value)) return value.length ? leaves(value[0], [...path, 0]) : [];
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : leaves(v, [...path, k])));
  }
  return [{ path, value }];
};
const replaceAt = (value: unknown, path: (string | number)[], next: unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, next) : v));
  const obj = value as Record<string, unknown>;
  return { ...obj, [head]: replaceAt(obj[head], rest, next) };
};

interface EdgeCase {
  label: string;
  params: Record<string, string>;
  body: unknown;
}
/** One field at a time: each body leaf and each path parameter gets each of its edge values. */
const edgeCases = (valid: Valid): EdgeCase[] => {
  const params = valid.params ?? {};
  const body = valid.body ?? {};
  const out: EdgeCase[] = [];
  for (const leaf of leaves(body)) {
    const key = String(leaf.path.filter((p) => typeof p === 'string').at(-1));
    for (const edge of edgesFor(key, leaf.value)) {
      out.push({
        label: `${leaf.path.join('.')} = ${JSON.stringify(edge).slice(0, 40)}`,
        params,
        body: replaceAt(body, leaf.path, edge),
      });
    }
  }
  for (const [name, value] of Object.entries(params)) {
    for (const edge of edgesFor(name, value)) {
      const encoded = encodeText(typeof edge === 'string' ? unraw(edge) : String(edge));
      out.push({
        label: `params.${name} = ${JSON.stringify(edge).slice(0, 40)}`,
        params: { ...params, [name]: encoded },
        body,
      });
    }
  }
  return out;
};

const isWrite = (def: RouteDef) =>
  def.access === 'agent-signed' ||
  (def.method !== 'GET' &&
    !/\/(list|export|get\/|pick|summary\/|report\/|agent-report\/|dashboard\/|self|health|login|verify)/.test(
      def.path,
    )) ||
  def.path.includes('/rotate-secret/');

describe('every route × one field at a time × the values that break systems', () => {
  let fixtures: Fixtures;
  beforeAll(async () => {
    const adapter = await makeAdapter(t, token, { codename: 'EDGE_PG' });
    const child = await makeAgent(t, token, { prefix: 'edc' });
    const parent = await makeAgent(t, token, { prefix: 'edp' });
    const adminId = await t.addAdmin('edge_target', 'OPERATOR');
    const user = await t.ok(api.userCreate, {
      token,
      body: { agent: child._id, username: 'edge_user', betLimit: 10 },
    });
    const sharing = await t.ok(api.agentSharingCreate, {
      token,
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 10 },
    });
    const operator = await t.ok(api.agentOperatorRegister, {
      token,
      body: { agent: child._id, username: 'edge_operator', password: 'edge-password-1', type: 'OPERATOR' },
    });
    await ingest(t, child, [bet({ betId: 'B1', gameBrand: adapter.codename })]);
    const txs = await t.ok(api.transactionList, { token, params: { agentId: child._id }, body: {} });
    fixtures = {
      agentId: child._id,
      parentAgentId: parent._id,
      adapterId: adapter._id,
      codename: adapter.codename,
      adminId,
      userId: user._id,
      sharingId: sharing._id,
      operatorId: operator._id,
      txId: txs.records[0]?._id ?? '',
    };
    for (const v of Object.values(fixtures)) expect(v).toEqual(expect.any(String));
  });

  it('the table of valid inputs covers every route of the contract, and each is accepted as valid', () => {
    const table = validInputs(fixtures);
    expect(Object.keys(table).sort()).toEqual(routes.map(([name]) => name).sort());
    for (const [name, def] of routes) {
      const valid = table[name] ?? {};
      expect(def.params.safeParse(valid.params ?? {}).success, name).toBe(true);
      expect(def.body.safeParse(valid.body ?? {}).error, name).toBeUndefined();
    }
  });

  it.each(routes)('%s: never 500, always the envelope, nothing written when refused', async (name, def) => {
    const valid = validInputs(fixtures)[name] ?? {};
    const write = isWrite(def);
    let before = write ? await storedCounts() : {};
    const failures: string[] = [];
    for (const c of edgeCases(valid)) {
      const path = def.path.replace(/:([a-zA-Z]+)/g, (_, n: string) => c.params[n] ?? '');
      let url = `/api/v1${path}`;
      let payload: string | undefined;
      // A GET's input is its query string, and so is an upload's.
      if (def.method === 'GET' || def.upload) {
        const query = Object.entries(c.body as Record<string, unknown>)
          .map(
            ([k, v]) =>
              `${encodeURIComponent(k)}=${encodeText(typeof v === 'string' ? unraw(v) : String(v))}`,
          )
          .join('&');
        url += `?${query}`;
      } else {
        payload = toJson(c.body);
      }
      const res = await send(def, url, payload);
      // A CSV file or the OpenAPI document is no envelope; refusals of those routes still are.
      const csv = (def.format === 'csv' || def.format === 'document') && res.statusCode === 200;
      const failure = csv
        ? undefined
        : envelopeFailure(res.statusCode, res.headers['content-type'], res.body);
      if (failure) failures.push(`${c.label}: ${failure}`);
      if (write) {
        const after = await storedCounts();
        if (res.status !== Status.OK && JSON.stringify(after) !== JSON.stringify(before)) {
          failures.push(`${c.label}: refused (${res.status}) but wrote rows`);
        }
        before = after;
      }
    }
    expect(failures.join('\n')).toBe('');
  });
});
