import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueOf } from './issues.ts';
import {
  contractIssueCodes,
  type IssueCode,
  issueKey,
  issueMessages,
  issueMessagesWithoutParams,
  issueText,
  zodIssueCodes,
} from './messages.ts';
import { api, type RouteDef, reportExports } from './routes.ts';
import { Status, statusMessages } from './status.ts';

const thai = /[\u0E00-\u0E7F]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every code zod can raise, listed against zod's own type: a code added to zod fails compilation here. */
const zodCodes = {
  invalid_type: true,
  too_big: true,
  too_small: true,
  invalid_format: true,
  not_multiple_of: true,
  unrecognized_keys: true,
  invalid_union: true,
  invalid_key: true,
  invalid_element: true,
  invalid_value: true,
  custom: true,
} as const satisfies Record<z.core.$ZodIssueCode, true>;

describe('the catalogue of issue texts (docs/design.md §4)', () => {
  it('has a Thai and an English text for every zod code and every contract code', () => {
    const codes: IssueCode[] = [...(Object.keys(zodCodes) as IssueCode[]), ...contractIssueCodes];
    expect(new Set(zodIssueCodes)).toEqual(new Set(Object.keys(zodCodes)));
    for (const code of codes) {
      expect(issueMessages[code]?.th, code).toMatch(thai);
      expect(issueMessages[code]?.en, code).toMatch(/^\S/);
    }
  });

  it('says the same things in both languages: every text has both, with the same placeholders', () => {
    for (const [key, texts] of Object.entries(issueMessages)) {
      expect(texts.th, key).toMatch(thai);
      expect(texts.en, key).not.toMatch(thai);
      expect(placeholders(texts.th), key).toEqual(placeholders(texts.en));
    }
  });

  it('tells the zod codes apart by what their params say', () => {
    const th = (code: string, params: Record<string, unknown>) => issueText({ code, params }, 'th');
    expect(th('too_big', { maximum: 100, origin: 'string', inclusive: true })).toBe('ต้องมีไม่เกิน 100 ตัวอักษร');
    expect(th('too_big', { maximum: 100, origin: 'number', inclusive: true })).toBe('ต้องไม่เกิน 100');
    expect(th('too_big', { maximum: 1e12, origin: 'number', inclusive: true })).toBe(
      'ต้องไม่เกิน 1,000,000,000,000',
    );
    expect(th('too_small', { minimum: 0, origin: 'number', inclusive: true })).toBe('ต้องไม่ติดลบ');
    expect(th('too_small', { minimum: 1, origin: 'string', inclusive: true })).toBe('กรุณากรอกข้อมูลช่องนี้');
    expect(th('too_big', { maximum: 500, origin: 'array', inclusive: true })).toBe('มีได้ไม่เกิน 500 รายการ');
    expect(th('invalid_type', { expected: 'string', received: 'undefined' })).toBe('กรุณากรอกข้อมูลช่องนี้');
    expect(th('invalid_type', { expected: 'number' })).toBe('ต้องเป็นตัวเลข');
    expect(th('invalid_value', { values: ['SLOT', 'LIVE'] })).toBe('ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: SLOT, LIVE');
    // An origin or format nobody has words for falls back to the code's own text.
    expect(th('too_big', { maximum: 3, origin: 'galaxy' })).toBe('ค่ามากเกินไป (ไม่เกิน 3)');
    expect(th('invalid_format', { format: 'cidrv6' })).toBe('รูปแบบไม่ถูกต้อง');
    expect(issueKey({ code: 'too_small', params: { minimum: 2, origin: 'string', inclusive: false } })).toBe(
      'too_small.string.exclusive',
    );
  });

  it('says the reasons of non-validation answers with their numbers and names', () => {
    expect(issueText({ code: 'too_many_attempts', params: { seconds: 60 } }, 'th')).toBe(
      'ใส่รหัสผ่านผิดหลายครั้งเกินไป กรุณารอ 60 วินาทีแล้วลองใหม่',
    );
    expect(issueText({ code: 'username_taken', params: { username: 'ops_1' } }, 'th')).toBe(
      'ชื่อผู้ใช้ "ops_1" ถูกใช้แล้ว',
    );
    expect(issueText({ code: 'sharing_cycle', params: {} }, 'en')).toBe(
      'This arrangement would make a cycle of parent agents',
    );
  });
});

describe('issue texts without their params (the ingest log’s older rows)', () => {
  it('every text with a blank has a wording without blanks, in both languages', () => {
    for (const [key, texts] of Object.entries(issueMessages)) {
      if (placeholders(texts.th).length === 0) continue;
      const without = issueMessagesWithoutParams[key];
      expect(without?.th, key).toMatch(thai);
      expect(without?.en, key).toMatch(/^\S/);
      expect(without?.en, key).not.toMatch(thai);
      expect(`${without?.th} ${without?.en}`, key).not.toMatch(/\{\w+\}/);
    }
    for (const key of Object.keys(issueMessagesWithoutParams))
      expect(issueMessages, key).toHaveProperty([key]);
  });

  it('says an issue without the params it names in that wording, never with a blank', () => {
    expect(issueText({ code: 'decimals', params: {} }, 'th')).toBe('มีทศนิยมเกินจำนวนตำแหน่งที่รับได้');
    expect(issueText({ code: 'decimals' }, 'en')).toBe('Has more decimals than allowed');
    expect(issueText({ code: 'amount_not_positive', params: {} }, 'th')).toBe(
      'ยอดของรายการประเภทนี้ต้องไม่มากกว่า 0',
    );
    // A variant chosen by its params but missing the number says its own wording.
    expect(issueText({ code: 'too_big', params: { origin: 'string' } }, 'th')).toBe('ข้อความยาวเกินกำหนด');
    // With the params, the numbers and names as before.
    expect(issueText({ code: 'decimals', params: { maximum: 2 } }, 'th')).toBe('มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง');
    expect(issueText({ code: 'amount_not_positive', params: { betType: 'HOLD' } }, 'th')).toBe(
      'ยอดของรายการ HOLD ต้องไม่มากกว่า 0',
    );
  });
});

describe('status texts (docs/design.md §4, docs/spec.md §8)', () => {
  it('every server status has both translations; 4000/5000 are the web catalogue’s', () => {
    const clientOnly: number[] = [Status.NO_RESPONSE, Status.NO_BODY];
    for (const code of Object.values(Status)) {
      if (clientOnly.includes(code)) continue;
      expect(statusMessages[code]?.th, String(code)).toMatch(thai);
      expect(statusMessages[code]?.en, String(code)).toMatch(/^[A-Z]/);
    }
  });
});

/**
 * Values a careless or hostile client sends: wrong types, empty and over-long strings, NUL and lone
 * surrogates, numbers beyond every range (2^63, 1e309 reads as Infinity, -0, NaN), dates of year 0 and
 * 9999, arrays too long, objects where a value belongs.
 */
const hostile: unknown[] = [
  undefined,
  null,
  true,
  0,
  -0,
  -5,
  1.005,
  101,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_VALUE,
  // 1e309 as JSON reads as Infinity.
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.NaN,
  '',
  ' ',
  'x',
  '-5',
  '101',
  '1e309',
  '9223372036854775808',
  '0',
  'x'.repeat(5000),
  'ab\u0000cd',
  'ab\uD800cd',
  '\uDC00',
  'ไทย',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '2026-02-30',
  '2026-01-01T00:00:00.1234567Z',
  '2026-01-01T00:00:00',
  '2026-13-01',
  'javascript:alert(1)',
  'ftp://example.com/x',
  `https://example.com/${'a'.repeat(3000)}`,
  [],
  [''],
  ['x'.repeat(100)],
  Array.from({ length: 1001 }, () => ({})),
  {},
  { nested: { deep: '\u0000' } },
];

/** A body each route accepts, so one bad field at a time reaches the rules that look at the whole body. */
const validBodies: Partial<Record<keyof typeof api, unknown>> = {
  login: { username: 'admin', password: 'secret' },
  verify: { password: 'secret' },
  adminList: { page: 1, limit: 10 },
  adminCreate: { username: 'ops_one', password: 'long enough', type: 'ADMIN' },
  adminUpdate: { type: 'ADMIN' },
  adapterList: { page: 1, limit: 10 },
  adapterCreate: {
    name: 'Pocket',
    codename: 'PG',
    endpoint: 'https://pg.example.com',
    type: 'SLOT',
    logo: 'https://pg.example.com/logo.png',
  },
  adapterUpdate: {
    codename: 'PG',
    endpoint: 'https://pg.example.com',
    type: 'SLOT',
    logo: 'https://pg.example.com/logo.png',
  },
  agentList: { page: 1, limit: 10 },
  agentPick: { q: 'ab', limit: 20 },
  agentRegister: {
    username: 'agent_one',
    password: 'long enough',
    endpoint: 'https://agent.example.com',
    games: ['PG'],
    prefix: 'ab1',
    code: 'AG-1',
    secret: 'sample-secret-0123456789',
    agentType: 'AGENT',
  },
  agentUpdate: { endpoint: 'https://agent.example.com', games: ['PG'], agentType: 'AGENT' },
  agentSharingList: { page: 1, limit: 10 },
  agentSharingCreate: { agent: '1', parentAgent: '2', parentPercentage: 10.5, isDisable: false },
  agentSharingUpdate: { agent: '1', parentAgent: '2', parentPercentage: 10.5, effectiveFrom: '2026-01-15' },
  agentSharingDisable: { effectiveFrom: '2026-01-15' },
  agentSharingEnable: { effectiveFrom: '2026-01-15' },
  agentSharingWhatIf: { parentPercentage: 20 },
  settlementPeriods: { year: '2026' },
  settlementList: { year: '2026', month: '1' },
  settlementClose: { year: '2026', month: '1' },
  settlementPaymentCreate: {
    sharing: '1',
    direction: 'to-parent',
    amount: 10.5,
    paidOn: '2026-01-15',
    reference: 'r1',
    note: 'n',
  },
  settlementPaymentList: { year: '2026', month: '1', sharing: '1', page: 1, limit: 10 },
  settlementPaymentVoid: { reason: 'typo' },
  approvalList: { status: 'pending', kind: 'settlement-close', page: 1, limit: 10 },
  approvalApprove: { reason: 'ok' },
  approvalReject: { reason: 'no' },
  userList: { page: 1, limit: 10 },
  userCreate: { agent: '1', username: 'alice', betLimit: 100.25, locked: false },
  userUpdate: { betLimit: 100.25, locked: true },
  agentOperatorList: { page: 1, limit: 10 },
  agentOperatorRegister: { agent: '1', username: 'op_one', password: 'long enough', type: 'OPERATOR' },
  agentOperatorUpdate: { type: 'OPERATOR', locked: false, password: '' },
  transactionList: { page: 1, limit: 10, startDate: '2026-01-01', endDate: '2026-01-31' },
  reconciliationRun: { period: 'day', date: '2026-01-31' },
  reconciliationExport: { period: 'month', date: '2026-01-01' },
  registerCount: { date: '2026-01-01' },
  ingest: {
    transactions: [
      {
        betId: 'b1',
        betType: 'HOLD',
        betTypeFromGame: 'bet',
        gameBrand: 'PG',
        gameCode: 'g1',
        username: 'ab1alice',
        amount: -10.5,
        startDate: '2026-01-01T00:00:00Z',
        endDate: '2026-01-01T00:01:00Z',
      },
    ],
  },
  summaryAgentDaily: { day: '1', month: '1', year: '2026' },
  summaryAgentMonthly: { month: '1', year: '2026' },
  summaryGameDaily: { day: '', month: '1', year: '2026' },
  summaryGameMonthly: { month: '', year: '2026' },
  summaryGameDailyByGame: { from: '2026-01-01', to: '2026-01-31' },
  summaryGameMonthlyByGame: { from: '2026-01-01', to: '2026-12-31' },
  summaryTransactionList: { page: 1, limit: 10 },
  summaryBetHistory: { betId: 'b1' },
  revenueShare: { month: '1', year: '2026' },
  agentReportMonthly: { date: '2026-01-01' },
  agentReportMonthlyBatch: { date: '2026-01-01', agentIds: ['1', '2'] },
  dashboard: { month: '1', year: '2026' },
  auditList: { page: 1, limit: 10 },
  ingestLogList: {
    page: 1,
    limit: 10,
    agent: '1',
    outcome: 'refused',
    reason: 'bad_signature',
    startDate: '2026-01-01',
    endDate: '2026-01-31',
  },
  loginTotp: { challenge: 'c1', code: '123456' },
  passwordChange: { currentPassword: 'old one', newPassword: 'long enough pass' },
  totpConfirm: { code: '123456' },
  totpDisable: { code: '123456' },
  totpRecoveryCodes: { code: '123456' },
  securitySettingsUpdate: { totpRequiredTypes: ['ADMIN'], sharingChangeApproval: true },
  adminAllowedIpsUpdate: { allowedIps: ['10.0.0.0/8'] },
  agentAllowedIpsUpdate: { allowedIps: ['2001:db8::/32'] },
  agentSignInSettingsUpdate: { operatorTotpTypes: ['OPERATOR'], signInIps: ['2001:db8::/32'] },
};
const validParams: Record<string, string> = { id: '1', agentId: '1', listId: '1', gameBrand: 'PG' };
/** An export takes the body of its list (`adapterExport` → `adapterList`, `registerCountExport` → `registerCount`). */
const sampleBody = (name: string): unknown => {
  const own = validBodies[name as keyof typeof api];
  if (own !== undefined || !name.endsWith('Export')) return own ?? {};
  const base = name.slice(0, -'Export'.length);
  return validBodies[`${base}List` as keyof typeof api] ?? validBodies[base as keyof typeof api] ?? {};
};

/** Object schemas inside optional, default, nullable and transform wrappers. */
const unwrap = (s: z.ZodType): z.ZodType => {
  if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
    return unwrap(s.unwrap() as z.ZodType);
  }
  if (s instanceof z.ZodPipe) return unwrap(s.in as z.ZodType);
  return s;
};

/** Every path into a schema's objects and arrays: each field, each array's first element, and theirs. */
const pathsOf = (schema: z.ZodType): (string | number)[][] => {
  const s = unwrap(schema);
  if (s instanceof z.ZodObject) {
    return Object.entries(s.shape as Record<string, z.ZodType>).flatMap(([key, field]) => [
      [key],
      ...pathsOf(field).map((p) => [key, ...p]),
    ]);
  }
  if (s instanceof z.ZodArray) return [[0], ...pathsOf(s.element as z.ZodType).map((p) => [0, ...p])];
  return [];
};

/** A copy of `base` with `value` at `path` (creating objects and arrays on the way). */
const withValue = (base: unknown, path: (string | number)[], value: unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const array = Array.isArray(base) ? [...base] : [];
    array[head] = withValue(array[head], rest, value);
    return array;
  }
  const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : {};
  return { ...object, [head]: withValue((object as Record<string, unknown>)[head], rest, value) };
};

/** Every input the fuzz sends to one schema: hostile values whole, at each path, and extra keys. */
const inputsFor = (schema: z.ZodType, valid: unknown): unknown[] => {
  const inputs: unknown[] = [...hostile, { ...(valid as object), extra: 'x', __proto__: { polluted: 1 } }];
  for (const path of pathsOf(schema)) {
    for (const value of hostile) {
      inputs.push(withValue(valid, path, value));
      inputs.push(withValue({}, path, value));
    }
  }
  return inputs;
};

const routes: [string, RouteDef][] = [...Object.entries(api), ...Object.entries(reportExports)];

describe('every issue any route can produce is said in Thai and English (fuzz)', () => {
  it('the valid samples pass, so the fuzz starts from bodies that reach every rule', () => {
    for (const [name, def] of routes) {
      const body = sampleBody(name);
      const params = Object.fromEntries(pathsOf(def.params).map(([key]) => [key, validParams[String(key)]]));
      expect(def.body.safeParse(body).error?.issues, `${name} body`).toBeUndefined();
      expect(def.params.safeParse(params).error?.issues, `${name} params`).toBeUndefined();
    }
  });

  it('hostile bodies and params: every issue has a text in both languages, Thai in Thai', () => {
    const seen = new Set<string>();
    let issues = 0;
    for (const [name, def] of routes) {
      const body = sampleBody(name);
      const params = Object.fromEntries(pathsOf(def.params).map(([key]) => [key, validParams[String(key)]]));
      for (const [schema, valid, where] of [
        [def.body, body, 'body'],
        [def.params, params, 'params'],
      ] as const) {
        for (const input of inputsFor(schema, valid)) {
          for (const zodIssue of schema.safeParse(input).error?.issues ?? []) {
            const issue = issueOf(zodIssue);
            const th = issueText(issue, 'th');
            const en = issueText(issue, 'en');
            const what = `${name} ${where} ${JSON.stringify(issue)}`;
            expect(th, what).toMatch(thai);
            expect(en, what).toMatch(/^\S/);
            // Every placeholder is filled from the issue's params.
            expect(`${th} ${en}`, what).not.toMatch(/\{\w+\}/);
            seen.add(issueKey(issue) ?? '');
            issues++;
          }
        }
      }
    }
    expect(issues).toBeGreaterThan(10_000);
    // The fuzz reaches the contract's own rules too, not only zod's type checks.
    for (const key of [
      'required',
      'record_id',
      'text_unstorable',
      'date_range',
      'date_precision',
      'decimals',
      'percent_range',
      'http_url',
      'username_chars',
      'prefix_chars',
      'int_range',
      'too_big.string',
      'too_small.number.not_negative',
      'too_big.array',
      'invalid_format.datetime',
    ]) {
      expect(seen, key).toContain(key);
    }
  });

  it('the contract rules that look at a whole body name their codes', () => {
    const codeOf = (def: RouteDef, body: unknown) =>
      (def.body.safeParse(body).error?.issues ?? []).map((i) => issueOf(i).code);
    expect(codeOf(api.summaryGameDailyByGame, { from: '2026-02-01', to: '2026-01-01' })).toEqual([
      'end_before_start',
    ]);
    expect(codeOf(api.summaryGameDailyByGame, { from: '2024-01-01', to: '2026-01-01' })).toEqual([
      'range_too_long',
    ]);
    expect(codeOf(api.adminList, { page: 100_000, limit: 10 })).toEqual(['page_too_deep']);
    const bet = (validBodies.ingest as { transactions: Record<string, unknown>[] }).transactions[0];
    expect(codeOf(api.ingest, { transactions: [{ ...bet, amount: 5 }] })).toEqual(['amount_not_positive']);
    expect(codeOf(api.ingest, { transactions: [{ ...bet, betType: 'SETTLE', amount: -5 }] })).toEqual([
      'amount_not_negative',
    ]);
    expect(codeOf(api.ingest, { transactions: [{ ...bet, endDate: '2025-12-31T00:00:00Z' }] })).toEqual([
      'end_before_start',
    ]);
    expect(codeOf(api.agentSharingCreate, { agent: '1', parentAgent: '2', parentPercentage: 101 })).toEqual([
      'percent_range',
    ]);
    expect(codeOf(api.userCreate, { agent: '1', username: 'alice', betLimit: -5 })).toEqual(['too_small']);
  });
});
