import { api, MAX_PAGE_OFFSET, reportExports } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgent } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';

/**
 * docs/design.md §7: every size a request carries is checked arithmetically before any work proportional
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

const HUGE = { from: '1900-01-01', to: '2200-12-31T23:59:59.000Z' };
const byGame = { agentId: 'all', gameBrand: 'PG' };

describe('report ranges', () => {
  it.each([
    ['daily by game', 366, [api.summaryGameDailyByGame, reportExports.summaryGameDailyByGame]],
    ['monthly by game', 731, [api.summaryGameMonthlyByGame, reportExports.summaryGameMonthlyByGame]],
  ] as const)(
    '%s: a range beyond %s days answers 400 from validation, naming the limit',
    async (_n, max, defs) => {
      for (const def of defs) {
        const res = await t.api(def, { token, params: byGame, body: HUGE });
        expect(res.statusCode).toBe(400);
        expect(res.status).toBe(2001);
        expect(res.issues[0]).toMatchObject({ path: 'to', code: 'range_too_long', params: { maximum: max } });
        expect(res.error).toContain(`${max} days`);
      }
    },
  );

  it('the longest allowed ranges still answer', async () => {
    const daily = (to: string) =>
      t.api(api.summaryGameDailyByGame, { token, params: byGame, body: { from: '2024-01-01', to } });
    expect((await daily('2024-12-31')).status).toBe(1000);
    expect(
      (
        await t.api(api.summaryGameMonthlyByGame, {
          token,
          params: byGame,
          body: { from: '2024-01-01', to: '2025-12-31' },
        })
      ).status,
    ).toBe(1000);
    expect((await daily('2025-01-01')).status).toBe(2001);
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
      t.api(api.summaryGameDailyByGame, {
        token,
        params: { agentId: i % 2 ? 'all' : agentId, gameBrand: 'PG' },
        body: { from: '0001-01-01', to: '9999-12-31' },
      }),
    );
    const [h, ...refused] = await Promise.all([t.api(api.health), ...storm]);
    expect(h?.statusCode).toBe(200);
    for (const r of refused) expect(r.status).toBe(2001);
  });
});

describe('deep pages', () => {
  it('page 1000 × 100 (row 99,900) is served; a page starting beyond row 100,000 is refused with the largest allowed page', async () => {
    const txParams = { agentId };
    const deepest = { page: 1000, limit: 100 };
    expect((await t.api(api.agentList, { token, body: deepest })).status).toBe(1000);
    expect((await t.api(api.transactionList, { token, params: txParams, body: deepest })).status).toBe(1000);
    const beyond = { page: 1002, limit: 100 };
    for (const res of [
      await t.api(api.agentList, { token, body: beyond }),
      await t.api(api.userList, { token, body: beyond }),
      await t.api(api.adapterList, { token, body: beyond }),
      await t.api(api.transactionList, { token, params: txParams, body: beyond }),
    ]) {
      expect(res.statusCode, res.res.body).toBe(400);
      expect(res.issues[0]).toMatchObject({ path: 'page', code: 'page_too_deep', params: { maximum: 1001 } });
    }
    expect((await t.api(api.adapterList, { token, body: { page: 1_000_000, limit: 1 } })).status).toBe(2001);
    expect(MAX_PAGE_OFFSET).toBe(100_000);
  });

  it("the transaction list's keyset cursor is not capped: any page number goes with a cursor", async () => {
    const cursor = Buffer.from('2026-11-01T00:00:00.000Z|5').toString('base64url');
    const res = await t.api(api.transactionList, {
      token,
      params: { agentId },
      body: { page: 500_000, limit: 100, cursor },
    });
    expect(res.status).toBe(1000);
  });

  it('a forged cursor that decodes to a year or id the database cannot hold is a 400 naming the cursor', async () => {
    for (const text of ['0000-01-01T00:00:00.000Z|1', '2026-11-01T00:00:00.000Z|9999999999999999999']) {
      const cursor = Buffer.from(text).toString('base64url');
      const res = await t.api(api.transactionList, { token, params: { agentId }, body: { cursor } });
      expect(res.statusCode).toBe(400);
      expect(res.issues[0]).toMatchObject({ path: 'cursor', code: 'cursor' });
    }
  });
});

describe('what PostgreSQL cannot hold is refused by the contract', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone surrogate', 'x\uD800'],
  ])('%s in any string field of any route, body or path: 2001 naming the field', async (_n, text) => {
    const res = await t.api(api.adapterList, { token, body: { name: text } });
    expect(res.issues[0]).toMatchObject({ path: 'name', code: 'text_unstorable' });
    // A route whose own schema says nothing about NUL: the route() guard still refuses it.
    const brand = await t.api(api.summaryGameDailyByGame, {
      token,
      params: { agentId: 'all', gameBrand: 'a\u0000b' },
      body: { from: '2026-01-01', to: '2026-01-02' },
    });
    expect(brand.issues[0]).toMatchObject({ path: 'params.gameBrand', code: 'text_unstorable' });
  });

  it('ids above 2^63 − 1 are not record ids; 2^63 − 1 itself is', async () => {
    const get = (id: string) => t.api(api.agentGet, { token, params: { id } });
    expect((await get('9223372036854775808')).issues[0]).toMatchObject({
      path: 'params.id',
      code: 'record_id',
    });
    expect((await get('9223372036854775807')).status).toBe(2004);
  });

  it('dates outside 1900–2200 are refused in filters and report dates', async () => {
    for (const startDate of ['0000-01-01', '1899-12-31T23:59:59Z', '2201-01-01']) {
      const res = await t.api(api.userList, { token, body: { startDate } });
      expect(res.issues[0], startDate).toMatchObject({ path: 'startDate', code: 'date_range' });
    }
    expect((await t.api(api.dashboard, { token, body: { year: '0' } })).status).toBe(2001);
  });
});

describe('the database refusing a value or a row', () => {
  // On Citus `adapters` is a reference table, which takes no trigger, and `users` is distributed,
  // which takes one only when the session allows it: there the trigger goes on `users` and the
  // constraint on `adapters`, so each route meets the other refusal.
  const citus = process.env.TEST_ENGINE === 'citus';
  let admin: string;
  beforeAll(async () => {
    admin = await t.tokenFor('SUPERADMIN');
    // A data exception (22003) and an integrity one (23514) raised by the database itself.
    await t.ctx.db.execute(
      sql.raw(`create function test_refuse_22() returns trigger language plpgsql as
        $$ begin raise exception 'value out of range: secret-ish 42' using errcode = '22003'; end $$`),
    );
    await t.ctx.db.transaction(async (tx) => {
      if (citus) await tx.execute(sql.raw('set local citus.enable_unsafe_triggers = on'));
      await tx.execute(
        sql.raw(
          `create trigger test_refuse_22 before insert on ${citus ? 'users' : 'adapters'} for each row execute function test_refuse_22()`,
        ),
      );
    });
    await t.ctx.db.execute(
      sql.raw(
        `alter table ${citus ? 'adapters' : 'users'} add constraint test_refuses_rows check (false) not valid`,
      ),
    );
  });

  it('class 22 answers 400 (2001) and class 23 answers 409 (2009), in the envelope, without internals', async () => {
    const adapter = await t.api(api.adapterCreate, {
      token: admin,
      body: {
        name: 'X',
        codename: 'X_22',
        endpoint: 'https://x.example.com',
        type: 'SLOT',
        logo: 'https://x.example.com/l.png',
      },
    });
    const user = await t.api(api.userCreate, {
      token: admin,
      body: { agent: agentId, username: 'refused_user', betLimit: 1 },
    });
    const [bad, conflict] = citus ? [user, adapter] : [adapter, user];
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ status: 2001, error: expect.any(String) });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.body).toMatchObject({ status: 2009, data: null });
    for (const text of [bad.res.body, conflict.res.body]) {
      expect(text).not.toMatch(/insert|select|secret-ish|test_refuse|refused_user|constraint|22003|23514/i);
    }
  });
});
