import { api, MAX_PAGE_OFFSET, reportExports } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgent } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';

/**
 * DESIGN §7: every size a request carries is checked arithmetically before any work proportional
 * to it, and no input — nor the database's refusal of it — gives a 500.
 */
let t: TestApp;
let token: string;
let agentId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('REPORTER');
  const admin = await t.tokenFor('SUPERADMIN');
  agentId = (await makeAgent(t, admin, { prefix: 'bw' }))._id;
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.call({ method: 'POST', url, token, payload });

const HUGE = { from: '1900-01-01', to: '2200-12-31T23:59:59.000Z' };

describe('report ranges', () => {
  it.each([
    ['daily by game', 366, 'daily'],
    ['monthly by game', 731, 'monthly'],
  ])('%s: a range beyond %s days answers 400 from validation, naming the limit', async (_n, max, kind) => {
    for (const url of [`/api/v1/summary/all/game/${kind}/PG`, `/api/v1/summary/all/game/${kind}/PG/export`]) {
      const res = await post(url, HUGE);
      expect(res.statusCode).toBe(400);
      expect(res.body.status).toBe(2001);
      expect(res.body.data.issues[0]).toMatchObject({
        path: 'to',
        code: 'range_too_long',
        params: { maximum: max },
      });
      expect(res.body.error).toContain(`${max} days`);
    }
  });

  it('the longest allowed ranges still answer', async () => {
    expect(
      (await post('/api/v1/summary/all/game/daily/PG', { from: '2024-01-01', to: '2024-12-31' })).body.status,
    ).toBe(1000);
    expect(
      (await post('/api/v1/summary/all/game/monthly/PG', { from: '2024-01-01', to: '2025-12-31' })).body
        .status,
    ).toBe(1000);
    expect(
      (await post('/api/v1/summary/all/game/daily/PG', { from: '2024-01-01', to: '2025-01-01' })).body.status,
    ).toBe(2001);
  });

  it('the hostile 0001 → 9999 range is refused by the contract (before any handler), on every range route', () => {
    const hostile = { from: '0001-01-01', to: '9999-12-31' };
    for (const def of [
      api.summaryGameDailyByGame,
      api.summaryGameMonthlyByGame,
      reportExports.summaryGameDailyByGame,
    ]) {
      expect(def.body.safeParse(hostile).success).toBe(false);
    }
  });

  it('ten maximal ranges in parallel are all refused while /health answers', async () => {
    const storm = Array.from({ length: 10 }, (_, i) =>
      post(`/api/v1/summary/${i % 2 ? 'all' : agentId}/game/daily/PG`, {
        from: '0001-01-01',
        to: '9999-12-31',
      }),
    );
    const health = t.call({ method: 'GET', url: '/api/v1/health' });
    const [h, ...refused] = await Promise.all([health, ...storm]);
    expect(h?.statusCode).toBe(200);
    for (const r of refused) expect(r.body.status).toBe(2001);
  });
});

describe('deep pages', () => {
  it('page 1000 × 100 (row 99,900) is served; a page starting beyond row 100,000 is refused with the largest allowed page', async () => {
    expect((await post('/api/v1/agent/list', { page: 1000, limit: 100 })).body.status).toBe(1000);
    expect((await post(`/api/v1/transaction/${agentId}/list`, { page: 1000, limit: 100 })).body.status).toBe(
      1000,
    );
    for (const url of [
      '/api/v1/agent/list',
      '/api/v1/user/list',
      '/api/v1/adapter/list',
      `/api/v1/transaction/${agentId}/list`,
    ]) {
      const res = await post(url, { page: 1002, limit: 100 });
      expect(res.statusCode, url).toBe(400);
      expect(res.body.data.issues[0]).toMatchObject({
        path: 'page',
        code: 'page_too_deep',
        params: { maximum: 1001 },
      });
    }
    expect((await post('/api/v1/adapter/list', { page: 1_000_000, limit: 1 })).body.status).toBe(2001);
    expect(MAX_PAGE_OFFSET).toBe(100_000);
  });

  it("the transaction list's keyset cursor is not capped: any page number goes with a cursor", async () => {
    const cursor = Buffer.from('2026-11-01T00:00:00.000Z|5').toString('base64url');
    const res = await post(`/api/v1/transaction/${agentId}/list`, { page: 500_000, limit: 100, cursor });
    expect(res.body.status).toBe(1000);
  });

  it('a forged cursor that decodes to a year or id the database cannot hold is a 400 naming the cursor', async () => {
    for (const text of ['0000-01-01T00:00:00.000Z|1', '2026-11-01T00:00:00.000Z|9999999999999999999']) {
      const cursor = Buffer.from(text).toString('base64url');
      const res = await post(`/api/v1/transaction/${agentId}/list`, { cursor });
      expect(res.statusCode).toBe(400);
      expect(res.body.data.issues[0]).toMatchObject({ path: 'cursor', code: 'cursor' });
    }
  });
});

describe('what PostgreSQL cannot hold is refused by the contract', () => {
  it.each([
    ['a NUL', { name: 'a\u0000b' }],
    ['a lone surrogate', { name: 'x\uD800' }],
  ])('%s in any string field of any route, body or path: 2001 naming the field', async (_n, body) => {
    const res = await post('/api/v1/adapter/list', body);
    expect(res.body.data.issues[0]).toMatchObject({ path: 'name', code: 'text_unstorable' });
    // A route whose own schema says nothing about NUL: the route() guard still refuses it.
    const brand = await post('/api/v1/summary/all/game/daily/a%00b', {
      from: '2026-01-01',
      to: '2026-01-02',
    });
    expect(brand.body.data.issues[0]).toMatchObject({ path: 'params.gameBrand', code: 'text_unstorable' });
  });

  it('ids above 2^63 − 1 are not record ids; 2^63 − 1 itself is', async () => {
    const res = await post('/api/v1/agent/get/9223372036854775808', {});
    expect(res.body.data.issues[0]).toMatchObject({ path: 'params.id', code: 'record_id' });
    expect((await post('/api/v1/agent/get/9223372036854775807', {})).body.status).toBe(2004);
  });

  it('dates outside 1900–2200 are refused in filters and report dates', async () => {
    for (const startDate of ['0000-01-01', '1899-12-31T23:59:59Z', '2201-01-01']) {
      const res = await post('/api/v1/user/list', { startDate });
      expect(res.body.data.issues[0], startDate).toMatchObject({ path: 'startDate', code: 'date_range' });
    }
    expect((await post('/api/v1/dashboard/summary', { year: '0' })).body.status).toBe(2001);
  });
});

describe('the database refusing a value or a row', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await t.tokenFor('SUPERADMIN');
    // A data exception (22003) and an integrity one (23514) raised by the database itself.
    await t.ctx.db.execute(
      sql.raw(`create function test_refuse_22() returns trigger language plpgsql as
        $$ begin raise exception 'value out of range: secret-ish 42' using errcode = '22003'; end $$`),
    );
    await t.ctx.db.execute(
      sql.raw(
        'create trigger test_refuse_22 before insert on adapters for each row execute function test_refuse_22()',
      ),
    );
    await t.ctx.db.execute(
      sql.raw('alter table users add constraint test_refuses_users check (false) not valid'),
    );
  });

  it('class 22 answers 400 (2001) and class 23 answers 409 (2009), in the envelope, without internals', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/v1/adapter/create',
      token: admin,
      payload: {
        name: 'X',
        codename: 'X_22',
        endpoint: 'https://x.example.com',
        type: 'SLOT',
        logo: 'https://x.example.com/l.png',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ status: 2001, error: expect.any(String) });
    const conflict = await t.call({
      method: 'POST',
      url: '/api/v1/user/create',
      token: admin,
      payload: { agent: agentId, username: 'refused_user', betLimit: 1 },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.body).toMatchObject({ status: 2009, data: null });
    for (const text of [JSON.stringify(bad.body), JSON.stringify(conflict.body)]) {
      expect(text).not.toMatch(/insert|select|secret-ish|test_refuse|refused_user|constraint|22003|23514/i);
    }
  });
});
