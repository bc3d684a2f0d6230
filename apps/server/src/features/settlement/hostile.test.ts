import { api } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, offContract } from '../../../test/calls.ts';
import { makeAgent, registerBrands } from '../../../test/factories.ts';
import { createTestApp, loggedApp, type TestApp } from '../../../test/harness.ts';

/*
 * Hostile values on the settlement routes (docs/design.md §15, §7): −0, 100.01 %, 1e309, year 0 and
 * 9999, NUL, lone surrogates, 2^63 — a 2001 naming the field, never a 500; and a failure's log never
 * holds the caller's bearer token.
 */

let t: TestApp;
let admin: string;
let sharingId: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-28T05:00:00.000Z');
  admin = await t.sessionFor('ADMIN', { verified: true });
  await registerBrands(t, admin, ['PG']);
  const parent = await makeAgent(t, admin);
  const child = await makeAgent(t, admin);
  sharingId = (
    await t.ok(api.agentSharingCreate, {
      token: admin,
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 10, effectiveFrom: '2026-11-01' },
    })
  )._id;
});
afterAll(() => t.close());

/** A JSON body with one raw number text JSON.stringify cannot write (1e309 parses to Infinity). */
const rawBody = (body: Record<string, unknown>, key: string, text: string) =>
  JSON.stringify({ ...body, [key]: '@@' }).replace('"@@"', text);

describe('hostile values never give a 500', () => {
  it.each([['0'], ['9999'], ['-0'], [0], [9999], ['1e309'], ['2026\u0000'], ['\uD800']])(
    'a period year %j is a 2001',
    async (year) => {
      for (const def of [api.settlementList, api.settlementClose, api.settlementPeriods]) {
        const res = await t.api(def, { token: admin, body: offContract({ year, month: '10' }) });
        expect(res.status, `${def.path} ${JSON.stringify(year)}`).toBe(2001);
      }
    },
  );

  it('months 0, 13 and −0 are 2001; 1900 is served, a month not begun is a 2001', async () => {
    for (const month of ['0', '13', '-0', -0, 1.5]) {
      const res = await t.api(api.settlementList, {
        token: admin,
        body: offContract({ year: '2026', month }),
      });
      expect(res.status, JSON.stringify(month)).toBe(2001);
    }
    const past = await t.api(api.settlementList, { token: admin, body: { year: '1900', month: '1' } });
    expect(past.data?.lines).toEqual([]);
    for (const def of [api.settlementList, api.settlementExport, api.revenueShare]) {
      const future = await t.api(def, { token: admin, body: { year: '2200', month: '12' } });
      expect(future.issues[0]?.code, def.path).toBe('period_in_future');
    }
  });

  it.each([
    ['amount', -0, 'payment_amount_range'],
    ['amount', 0, 'payment_amount_range'],
    ['amount', 100.001, 'decimals'],
    ['amount', 2 ** 63, 'payment_amount_range'],
    ['amount', 1_000_000_000_000.01, 'payment_amount_range'],
    ['paidOn', '0000-01-01', 'invalid_date'],
    ['paidOn', '9999-12-31', 'invalid_date'],
    ['paidOn', '2026-02-30', 'invalid_date'],
    ['reference', 'a\u0000b', 'text_unstorable'],
    ['note', 'x\uDFFFy', 'text_unstorable'],
    ['sharing', '9223372036854775808', 'record_id'],
    ['direction', 'sideways', 'invalid_value'],
  ])('a payment with %s = %j is a 2001 (%s)', async (field, value, code) => {
    const body = {
      sharing: sharingId,
      direction: 'to-parent',
      amount: 10,
      paidOn: '2026-11-20',
      [field]: value,
    };
    const res = await t.api(api.settlementPaymentCreate, { token: admin, body: offContract(body) });
    expect(res.status).toBe(2001);
    expect(res.issues.map((i) => `${i.path}:${i.code}`)).toContain(`${field}:${code}`);
  });

  it('±1e309 in a payment amount or a what-if percentage is a 2001', async () => {
    for (const text of ['1e309', '-1e309']) {
      const payment = await t.raw({
        method: 'POST',
        url: '/api/v1/settlement/payment/create',
        token: admin,
        headers: { 'content-type': 'application/json' },
        payload: rawBody(
          { sharing: sharingId, direction: 'to-parent', paidOn: '2026-11-20' },
          'amount',
          text,
        ),
      });
      expect(payment.status).toBe(2001);
      const whatIf = await t.raw({
        method: 'POST',
        url: `/api/v1/agent-sharing/what-if/${sharingId}`,
        token: admin,
        headers: { 'content-type': 'application/json' },
        payload: rawBody({}, 'parentPercentage', text),
      });
      expect(whatIf.status).toBe(2001);
    }
  });

  it('what-if: 100.01 % is a 2001, −0 % is 0 %', async () => {
    const over = await t.api(api.agentSharingWhatIf, {
      token: admin,
      params: { id: sharingId },
      body: { parentPercentage: 100.01 },
    });
    expect(over.issues[0]?.code).toBe('percent_range');
    const zero = await t.ok(api.agentSharingWhatIf, {
      token: admin,
      params: { id: sharingId },
      body: { parentPercentage: -0 },
    });
    expect(zero.every((r) => r.whatIf === 0)).toBe(true);
  });

  it('ids of 2^63 and a void without a reason are 2001', async () => {
    for (const def of [api.approvalApprove, api.approvalReject]) {
      const res = await t.api(def, { token: admin, params: { id: '9223372036854775808' }, body: {} });
      expect(res.issues[0]?.code).toBe('record_id');
    }
    const noReason = await t.api(api.settlementPaymentVoid, {
      token: admin,
      params: { id: '1' },
      body: offContract({ reason: '   ' }),
    });
    expect(noReason.status).toBe(2001);
  });
});

describe('the log of a failure', () => {
  let logged: FastifyInstance;
  let lines: string[];
  beforeAll(async () => {
    ({ app: logged, lines } = await loggedApp(t.ctx, 'debug'));
  });
  afterAll(() => logged.close());

  it('a close the database refuses: an envelope, and no bearer token in the log', async () => {
    // November, the first month with an arrangement, is over: the one month a close can be asked for.
    t.clock.set('2026-12-02T05:00:00.000Z');
    const closer = await t.sessionFor('SUPERADMIN', { verified: true });
    await t.ctx.db.execute(
      sql.raw('alter table settlement_periods add constraint test_refuses_periods check (false) not valid'),
    );
    lines.length = 0;
    const res = await callRoute(logged, api.settlementClose, {
      token: closer,
      body: { year: '2026', month: '11' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).toMatchObject({ status: expect.any(Number) });
    const unverified = await t.sessionFor('ADMIN');
    const reauth = await callRoute(logged, api.approvalApprove, {
      token: unverified,
      params: { id: '1' },
      body: {},
    });
    expect(reauth.status).toBe(3005);
    const log = lines.join('');
    expect(log).toContain('test_refuses_periods');
    expect(log).not.toContain(closer);
    expect(log).not.toContain(unverified);
  });
});
