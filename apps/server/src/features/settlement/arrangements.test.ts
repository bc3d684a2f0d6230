import { api } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgent, registerBrands, type SignedAgent } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { migrationStatements } from '../../../test/ledger-checks.ts';
import { lineOf, playersLose, statementOf } from '../../../test/settlement-fixtures.ts';
import { queryRows } from '../../db/client.ts';

/*
 * docs/design.md §15, Deliver 1 and 2 of issue 40: arrangements in time (a change never moves a past
 * day; a change inside an open month splits it by day) and the share over the whole downline.
 */

let t: TestApp;
let op: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-28T05:00:00.000Z');
  await registerBrands(t, await t.sessionFor('ADMIN'), ['PG']);
  op = await t.sessionFor('OPERATOR');
  reader = await t.sessionFor('REPORTER');
});
afterAll(() => t.close());

const share = (agent: SignedAgent, parent: SignedAgent, parentPercentage: number, effectiveFrom?: string) =>
  t.ok(api.agentSharingCreate, {
    token: op,
    body: {
      agent: agent._id,
      parentAgent: parent._id,
      parentPercentage,
      ...(effectiveFrom ? { effectiveFrom } : {}),
    },
  });

describe('arrangements in time', () => {
  let parent: SignedAgent;
  let child: SignedAgent;
  let sharingId: string;
  let october: Awaited<ReturnType<typeof statementOf>>;

  beforeAll(async () => {
    parent = await makeAgent(t, op, { agentType: 'MASTER' });
    child = await makeAgent(t, op);
    sharingId = (await share(child, parent, 10, '2026-10-01'))._id;
    await playersLose(t, child, '2026-10-05', 100);
    await playersLose(t, child, '2026-11-10', 200);
    await playersLose(t, child, '2026-11-20', 50);
    october = await statementOf(t, reader, 2026, 10);
  });

  it('counts each day with the arrangement in force that day; positive share: the child pays the parent', async () => {
    expect(october).toMatchObject({ year: '2026', month: '10', status: 'open', rule: 'downline-by-day' });
    expect(lineOf(october, child, parent)).toMatchObject({
      sharing: sharingId,
      segments: [
        { from: '2026-10-01', to: '2026-10-31', parentPercentage: 10, winLose: -100, parentShare: 10 },
      ],
      winLose: -100,
      parentShare: 10,
      carriedIn: 0,
      outstanding: 10,
    });
    const november = await statementOf(t, reader, 2026, 11);
    expect(lineOf(november, child, parent)).toMatchObject({
      segments: [
        { from: '2026-11-01', to: '2026-11-30', parentPercentage: 10, winLose: -250, parentShare: 25 },
      ],
      carriedIn: 10,
      outstanding: 35,
    });
  });

  it('a percentage change inside an open month splits the month by day; a change today never moves a past day', async () => {
    await t.ok(api.agentSharingUpdate, {
      token: op,
      params: { id: sharingId },
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 50, effectiveFrom: '2026-11-15' },
    });
    const split = await statementOf(t, reader, 2026, 11);
    expect(lineOf(split, child, parent)).toMatchObject({
      segments: [
        { from: '2026-11-01', to: '2026-11-14', parentPercentage: 10, winLose: -200, parentShare: 20 },
        { from: '2026-11-15', to: '2026-11-30', parentPercentage: 50, winLose: -50, parentShare: 25 },
      ],
      parentShare: 45,
    });
    // Today (28/11, the default day): the days before keep their figures.
    const today = await t.ok(api.agentSharingUpdate, {
      token: op,
      params: { id: sharingId },
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 20 },
    });
    expect(today).toMatchObject({ parentPercentage: 20, effectiveFrom: '2026-11-28', isDisable: false });
    const after = await statementOf(t, reader, 2026, 11);
    expect(lineOf(after, child, parent)?.segments).toEqual([
      { from: '2026-11-01', to: '2026-11-14', parentPercentage: 10, winLose: -200, parentShare: 20 },
      { from: '2026-11-15', to: '2026-11-27', parentPercentage: 50, winLose: -50, parentShare: 25 },
      { from: '2026-11-28', to: '2026-11-30', parentPercentage: 20, winLose: 0, parentShare: 0 },
    ]);
    expect(await statementOf(t, reader, 2026, 10)).toEqual(october);
    expect(await t.ok(api.agentSharingHistory, { token: reader, params: { id: sharingId } })).toMatchObject([
      { from: '2026-10-01', to: '2026-11-14', parentPercentage: 10, createdByUsername: expect.any(String) },
      { from: '2026-11-15', to: '2026-11-27', parentPercentage: 50 },
      { from: '2026-11-28', to: null, parentPercentage: 20 },
    ]);
  });

  it('an agent registered today is in no earlier month', async () => {
    const late = await makeAgent(t, op);
    await share(late, parent, 30);
    await playersLose(t, late, '2026-10-20', 1000);
    expect(await statementOf(t, reader, 2026, 10)).toEqual(october);
    const november = await statementOf(t, reader, 2026, 11);
    expect(lineOf(november, late, parent)?.segments).toEqual([
      { from: '2026-11-28', to: '2026-11-30', parentPercentage: 30, winLose: 0, parentShare: 0 },
    ]);
  });

  it('the revenue share answers the statement’s figures for any month', async () => {
    for (const month of [10, 11]) {
      const s = await statementOf(t, reader, 2026, month);
      const r = await t.ok(api.revenueShare, { token: reader, body: { year: '2026', month: String(month) } });
      expect(r.rows.map((x) => [x.sharing, x.agent, x.parentAgent, x.winLose, x.parentShare])).toEqual(
        s.lines.map((l) => [l.sharing, l.agent, l.parentAgent, l.winLose, l.parentShare]),
      );
      expect(r.total).toBe(s.total.parentShare);
    }
  });

  it('a disable and an enable take a day: the arrangement stays in force until then', async () => {
    const off = await t.ok(api.agentSharingDisable, {
      token: op,
      params: { id: sharingId },
      body: { effectiveFrom: '2026-12-01' },
    });
    expect(off).toMatchObject({ isDisable: false, effectiveFrom: '2026-11-28' });
    expect(
      (await t.ok(api.agentSharingHistory, { token: reader, params: { id: sharingId } })).at(-1),
    ).toMatchObject({
      from: '2026-11-28',
      to: '2026-11-30',
    });
    const on = await t.ok(api.agentSharingEnable, {
      token: op,
      params: { id: sharingId },
      body: { effectiveFrom: '2026-12-05' },
    });
    expect(on).toMatchObject({ isDisable: false, effectiveFrom: '2026-11-28' });
    expect(
      (await t.ok(api.agentSharingHistory, { token: reader, params: { id: sharingId } }))
        .slice(-2)
        .map((v) => [v.from, v.to]),
    ).toEqual([
      ['2026-11-28', '2026-11-30'],
      ['2026-12-05', null],
    ]);
    // A month that has not begun has no statement yet.
    const december = await t.api(api.settlementList, { token: reader, body: { year: '2026', month: '12' } });
    expect(december.issues[0]).toMatchObject({ path: 'month', code: 'period_in_future' });
  });

  it.each([
    ['2026-02-30', 'invalid_date'],
    ['0000-01-01', 'invalid_date'],
    ['9999-12-31', 'invalid_date'],
    ['2026-11-28\u0000', 'invalid_date'],
    ['28/11/2026', 'invalid_date'],
  ])('refuses effectiveFrom %j with 2001 (%s)', async (effectiveFrom, code) => {
    const res = await t.api(api.agentSharingUpdate, {
      token: op,
      params: { id: sharingId },
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 20, effectiveFrom },
    });
    expect(res.status).toBe(2001);
    expect(res.issues.map((i) => i.code)).toContain(code);
  });
});

describe('the share over the whole downline', () => {
  let senior: SignedAgent;
  let master: SignedAgent;
  let agent: SignedAgent;
  let agentSharing: string;

  beforeAll(async () => {
    senior = await makeAgent(t, op, { agentType: 'SENIOR' });
    master = await makeAgent(t, op, { agentType: 'MASTER' });
    agent = await makeAgent(t, op);
    await share(master, senior, 10, '2026-10-01');
    agentSharing = (await share(agent, master, 20, '2026-10-01'))._id;
    await playersLose(t, agent, '2026-10-03', 1000);
    await playersLose(t, master, '2026-10-04', 500);
    await playersLose(t, senior, '2026-10-05', 70);
  });

  it('a senior earns from its child’s whole downline; the downline sums equal the raw rows of every descendant', async () => {
    const october = await statementOf(t, reader, 2026, 10);
    expect(lineOf(october, master, senior)).toMatchObject({ winLose: -1500, parentShare: 150 });
    expect(lineOf(october, agent, master)).toMatchObject({ winLose: -1000, parentShare: 200 });
    const raw = await queryRows<{ agent: string; win_lose: string }>(
      t.ctx.db,
      sql`select agent_id::text as agent, sum(amount)::text as win_lose from transactions
          where bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')
            and (start_date at time zone 'Asia/Bangkok')::date between '2026-10-01' and '2026-10-31'
          group by agent_id`,
    );
    const rawOf = (ids: string[]) =>
      raw.filter((r) => ids.includes(r.agent)).reduce((s, r) => s + Number(r.win_lose), 0) / 100;
    expect(lineOf(october, master, senior)?.winLose).toBe(rawOf([master._id, agent._id]));
    expect(lineOf(october, agent, master)?.winLose).toBe(rawOf([agent._id]));
    expect(october.parents.find((p) => p.parentAgent === senior._id)).toMatchObject({ parentShare: 150 });
  });

  it('a move in the tree mid-month moves the downline from that day', async () => {
    await t.ok(api.agentSharingUpdate, {
      token: op,
      params: { id: agentSharing },
      body: { agent: agent._id, parentAgent: senior._id, parentPercentage: 20, effectiveFrom: '2026-11-15' },
    });
    await playersLose(t, agent, '2026-11-10', 100);
    await playersLose(t, agent, '2026-11-20', 100);
    const november = await statementOf(t, reader, 2026, 11);
    expect(lineOf(november, master, senior)).toMatchObject({ winLose: -100, parentShare: 10 });
    expect(lineOf(november, agent, master)).toMatchObject({
      segments: [{ from: '2026-11-01', to: '2026-11-14', winLose: -100, parentShare: 20 }],
    });
    expect(lineOf(november, agent, senior)).toMatchObject({
      segments: [{ from: '2026-11-15', to: '2026-11-30', winLose: -100, parentShare: 20 }],
    });
  });
});

describe('percentage changes waiting for a second manager (sharingChangeApproval)', () => {
  it('is off by default; on, a percentage change waits, the list shows it, and an approval applies it', async () => {
    const superadmin = await t.sessionFor('SUPERADMIN', { verified: true });
    expect(await t.ok(api.securitySettingsGet, { token: superadmin })).toMatchObject({
      sharingChangeApproval: false,
    });
    const parent = await makeAgent(t, op);
    const child = await makeAgent(t, op);
    const s = await share(child, parent, 10, '2026-11-01');
    await t.ok(api.securitySettingsUpdate, {
      token: superadmin,
      body: { totpRequiredTypes: [], sharingChangeApproval: true },
    });
    const body = {
      agent: child._id,
      parentAgent: parent._id,
      parentPercentage: 40,
      effectiveFrom: '2026-11-20',
    };
    const waiting = await t.ok(api.agentSharingUpdate, { token: op, params: { id: s._id }, body });
    expect(waiting).toMatchObject({
      parentPercentage: 10,
      pendingApproval: expect.any(String),
      pendingChange: { parentPercentage: 40, effectiveFrom: '2026-11-20' },
    });
    const again = await t.api(api.agentSharingUpdate, { token: op, params: { id: s._id }, body });
    expect(again.statusCode).toBe(409);
    expect(again.issues[0]?.code).toBe('sharing_change_pending');
    const list = await t.ok(api.agentSharingList, { token: reader, body: { agent: child._id } });
    expect(list.records[0]?.pendingChange).toMatchObject({ approvalId: waiting.pendingApproval });
    const admin = await t.sessionFor('ADMIN', { verified: true });
    const approvals = await t.ok(api.approvalList, {
      token: admin,
      body: { kind: 'sharing-change', status: 'pending' },
    });
    expect(approvals.records[0]).toMatchObject({
      _id: waiting.pendingApproval,
      summary: { sharing: s._id, fromPercentage: 10, toPercentage: 40, effectiveFrom: '2026-11-20' },
    });
    const approved = await t.ok(api.approvalApprove, {
      token: admin,
      params: { id: waiting.pendingApproval ?? '' },
      body: {},
    });
    expect(approved).toMatchObject({ status: 'approved', decidedByUsername: expect.any(String) });
    const after = await t.ok(api.agentSharingGet, { token: reader, params: { id: s._id } });
    expect(after).toMatchObject({ parentPercentage: 40, effectiveFrom: '2026-11-20', pendingChange: null });
    // An ADMIN's own request: a second manager must decide it.
    const second = await t.ok(api.agentSharingUpdate, {
      token: admin,
      params: { id: s._id },
      body: { ...body, parentPercentage: 45 },
    });
    const own = await t.api(api.approvalApprove, {
      token: admin,
      params: { id: second.pendingApproval ?? '' },
    });
    expect(own.statusCode).toBe(403);
    expect(own.status).toBe(3004);
    expect(own.issues[0]?.code).toBe('own_request');
    await t.ok(api.securitySettingsUpdate, {
      token: superadmin,
      body: { totpRequiredTypes: [], sharingChangeApproval: false },
    });
  });
});

describe('migration 0041', () => {
  it('makes each existing arrangement one version from its created_at business day; a disabled one ends on its updated_at day', async () => {
    const a = await makeAgent(t, op);
    const b = await makeAgent(t, op);
    const c = await makeAgent(t, op);
    const [fill] = migrationStatements('0041_settlement.sql', 'INSERT');
    if (!fill) throw new Error('no backfill');
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('sapi.report_timezone', 'Asia/Bangkok', true)`);
        await tx.execute(sql`delete from agent_sharing_versions`);
        await tx.execute(sql`delete from settlement_payments`);
        await tx.execute(sql`delete from approvals`);
        await tx.execute(sql`delete from agent_sharing`);
        // 20:00 UTC is already the next day in Bangkok.
        await tx.execute(sql`insert into agent_sharing (agent_id, parent_agent_id, parent_bp, is_disable, created_at, updated_at)
        values (${BigInt(a._id)}, ${BigInt(b._id)}, 1250, false, '2026-10-15T20:00:00Z', '2026-10-15T20:00:00Z'),
               (${BigInt(c._id)}, ${BigInt(b._id)}, 500, true, '2026-09-01T03:00:00Z', '2026-11-02T03:00:00Z')`);
        await tx.execute(sql.raw(fill));
        const versions = await queryRows<{ agent: string; from: string; to: string | null; bp: number }>(
          tx,
          sql`select agent_id::text as agent, effective_from::text as from, effective_to::text as to, parent_bp as bp
            from agent_sharing_versions order by effective_from`,
        );
        expect(versions).toEqual([
          { agent: c._id, from: '2026-09-01', to: '2026-11-02', bp: 500 },
          { agent: a._id, from: '2026-10-16', to: null, bp: 1250 },
        ]);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!String(err).includes('Rollback')) throw err;
      });
  });
});
