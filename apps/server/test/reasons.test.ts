import { api, type Issue, issueText } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgent } from './factories.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let superadmin: string;
beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.sessionFor('SUPERADMIN', { verified: true });
});
afterAll(() => t.close());

/** The one reason an answer gives, with its Thai and English words from the contract. */
const reasonOf = (issues: Issue[]) => {
  expect(issues).toHaveLength(1);
  const [issue] = issues as [Issue];
  return { ...issue, th: issueText(issue, 'th'), en: issueText(issue, 'en') };
};

/**
 * Real answers carry codes and params the web translates (docs/design.md §4): the English `error` stays for
 * API clients and logs, the words the user reads come from the contract's catalogue.
 */
describe('refusals say their reason machine-readably', () => {
  it('a duplicate username: 2009 naming the field, the code and the name', async () => {
    await t.ok(api.adminCreate, {
      token: superadmin,
      body: { username: 'dup_admin', password: 'long enough', type: 'ADMIN' },
    });
    const res = await t.api(api.adminCreate, {
      token: superadmin,
      body: { username: 'dup_admin', password: 'long enough', type: 'OPERATOR' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ status: 2009, error: 'Username "dup_admin" is already taken' });
    expect(reasonOf(res.issues)).toMatchObject({
      path: 'username',
      code: 'username_taken',
      params: { username: 'dup_admin' },
      th: 'ชื่อผู้ใช้ "dup_admin" ถูกใช้แล้ว',
      en: 'Username "dup_admin" is already taken',
    });
  });

  it('too many sign-in attempts: 3029 with the seconds to wait, said in Thai', async () => {
    await t.addAdmin('slow_down', 'OPERATOR');
    for (let i = 0; i < 5; i++) {
      await t.api(api.login, { body: { username: 'slow_down', password: 'wrong-wrong' } });
    }
    const res = await t.api(api.login, { body: { username: 'slow_down', password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.error).toBe('Too many failed sign-in attempts. Try again in 60 seconds.');
    expect(reasonOf(res.issues)).toMatchObject({
      path: '',
      code: 'too_many_attempts',
      params: { seconds: 60 },
      th: 'ใส่รหัสผ่านผิดหลายครั้งเกินไป กรุณารอ 60 วินาทีแล้วลองใหม่',
    });
  });

  it('a name too long: 2001 with zod’s code, its limit and what it counts', async () => {
    const res = await t.api(api.adapterCreate, {
      token: superadmin,
      body: {
        name: 'n'.repeat(101),
        codename: 'LONG_NAME',
        endpoint: 'https://games.example.com/long',
        type: 'SLOT',
        logo: 'https://cdn.example.com/long.png',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.error).toBe('name: Too big: expected string to have <=100 characters');
    expect(reasonOf(res.issues)).toMatchObject({
      path: 'name',
      code: 'too_big',
      params: { maximum: 100, origin: 'string', inclusive: true },
      th: 'ต้องมีไม่เกิน 100 ตัวอักษร',
      en: 'Must be at most 100 characters',
    });
  });

  it('a record id that is none, a missing record, a wrong password, a sharing cycle', async () => {
    const badId = await t.api(api.userCreate, {
      token: superadmin,
      body: { agent: 'x1', username: 'alice', betLimit: 1 },
    });
    expect(reasonOf(badId.issues)).toMatchObject({ path: 'agent', code: 'record_id', th: 'รหัสอ้างอิงไม่ถูกต้อง' });

    const missing = await t.api(api.agentGet, { token: superadmin, params: { id: '999999' } });
    expect(missing.statusCode).toBe(404);
    expect(reasonOf(missing.issues)).toMatchObject({ code: 'agent_not_found', th: 'ไม่พบเอเจนต์นี้' });

    const wrong = await t.api(api.verify, { token: superadmin, body: { password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.error).toBe('Password is incorrect');
    expect(reasonOf(wrong.issues)).toMatchObject({ path: 'password', code: 'password_incorrect' });

    const [a, b] = [await makeAgent(t, superadmin), await makeAgent(t, superadmin)];
    await t.ok(api.agentSharingCreate, {
      token: superadmin,
      body: { agent: a._id, parentAgent: b._id, parentPercentage: 10 },
    });
    const cycle = await t.api(api.agentSharingCreate, {
      token: superadmin,
      body: { agent: b._id, parentAgent: a._id, parentPercentage: 10 },
    });
    expect(cycle.statusCode).toBe(409);
    expect(reasonOf(cycle.issues)).toMatchObject({
      path: 'parentAgent',
      code: 'sharing_cycle',
      th: 'การแบ่งรายได้นี้จะทำให้ลำดับเอเจนต์แม่วนกลับมาที่เอเจนต์เดิม',
    });
  });

  it('requests the framework refuses say their reason too', async () => {
    const json = await t.raw({
      method: 'POST',
      url: '/api/v1/admin/authorization/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(json.statusCode).toBe(400);
    expect(reasonOf(json.issues)).toMatchObject({ code: 'malformed_json', th: 'ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง' });
    const url = await t.raw({ method: 'POST', url: '/api/v1/agent/get/%E0%A4%A' });
    expect(url.statusCode).toBe(400);
    expect(reasonOf(url.issues)).toMatchObject({ code: 'malformed_url', th: 'ที่อยู่ของคำขอไม่ถูกต้อง' });
  });
});

describe('a date range the wrong way round', () => {
  const reversed = { startDate: '2026-11-22T10:00:00.000Z', endDate: '2026-11-21T10:00:00.000Z' };
  const lists = [
    ['players', api.userList, undefined],
    ['player export', api.userExport, undefined],
    ['agents', api.agentList, undefined],
    ['admins', api.adminList, undefined],
    ['audit log', api.auditList, undefined],
    ['ingest log', api.ingestLogList, undefined],
    ['transactions', api.transactionList, 'agent'],
    ['a report drill-down', api.summaryTransactionList, 'agent'],
  ] as const;
  it.each(lists)('is refused on the %s list: 2001 on endDate, said in Thai', async (_name, def, byAgent) => {
    const params = byAgent ? { agentId: (await makeAgent(t, superadmin))._id } : undefined;
    const res = await t.api(def, { token: superadmin, body: reversed, ...(params ? { params } : {}) });
    expect(res.statusCode).toBe(400);
    expect(res.status).toBe(2001);
    expect(reasonOf(res.issues)).toMatchObject({
      path: 'endDate',
      code: 'end_before_start',
      th: 'วันที่สิ้นสุดต้องไม่อยู่ก่อนวันที่เริ่มต้น',
    });
  });
  it('the same instant at both ends, and one end alone, are still served', async () => {
    const at = '2026-11-22T10:00:00.000Z';
    await t.ok(api.userList, { token: superadmin, body: { startDate: at, endDate: at } });
    await t.ok(api.userList, { token: superadmin, body: { startDate: at } });
    await t.ok(api.auditList, { token: superadmin, body: { endDate: at } });
  });
});
