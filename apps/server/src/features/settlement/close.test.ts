import { api } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, makeAgent, parseCsv, registerBrands, type SignedAgent } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lineOf, playersLose, statementOf } from '../../../test/settlement-fixtures.ts';

/*
 * docs/design.md §15, Deliver 4–7 of issue 40: a period closes with a second manager's approval and
 * its statement is frozen; late bets become adjustments of the next open period; payments carry a
 * balance forward; the what-if of a percentage.
 */

describe('close with four eyes, late data', () => {
  let t: TestApp;
  let op: string;
  let reader: string;
  let admins: string[];
  let parent: SignedAgent;
  let child: SignedAgent;
  let sharingId: string;

  const close = (token: string, month: number) =>
    t.api(api.settlementClose, { token, body: { year: '2026', month: String(month) } });
  const approve = (token: string, id: string) =>
    t.api(api.approvalApprove, { token, params: { id }, body: {} });
  const closeAndApprove = async (month: number, by = 0, approver = 1) => {
    const res = await close(admins[by] ?? '', month);
    expect(res.status, res.error ?? '').toBe(1000);
    const id = res.data?.approval._id ?? '';
    expect((await approve(admins[approver] ?? '', id)).status).toBe(1000);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-28T05:00:00.000Z');
    admins = await Promise.all([1, 2, 3, 4, 5].map(() => t.sessionFor('ADMIN', { verified: true })));
    await registerBrands(t, admins[0] ?? '', ['PG']);
    op = await t.sessionFor('OPERATOR');
    reader = await t.sessionFor('REPORTER');
    parent = await makeAgent(t, op, { agentType: 'MASTER' });
    child = await makeAgent(t, op);
    sharingId = (
      await t.ok(api.agentSharingCreate, {
        token: op,
        body: {
          agent: child._id,
          parentAgent: parent._id,
          parentPercentage: 10,
          effectiveFrom: '2026-09-01',
        },
      })
    )._id;
    await playersLose(t, child, '2026-09-10', 100);
    await playersLose(t, child, '2026-10-05', 200);
  });
  afterAll(() => t.close());

  it('closes past months in order only', async () => {
    // With none closed, the first month with an arrangement (September) is the only one a close can be
    // asked for, and the periods say so; an earlier, empty month is refused like a later one.
    const closable = async () =>
      (await t.ok(api.settlementPeriods, { token: reader, body: { year: '2026' } })).records
        .filter((p) => p.closable)
        .map((p) => p.month);
    expect(await closable()).toEqual(['9']);
    const before = await close(admins[0] ?? '', 8);
    expect(before.issues[0]).toMatchObject({ code: 'period_not_next', params: { year: '2026', month: '9' } });
    const early = await close(admins[0] ?? '', 10);
    expect(early.status).toBe(2001);
    expect(early.issues[0]).toMatchObject({ code: 'period_not_next', params: { year: '2026', month: '9' } });
    const current = await close(admins[0] ?? '', 11);
    expect(current.issues[0]?.code).toBe('period_not_past');
    // Reporters and operators read periods and statements, never close them.
    expect((await close(op, 9)).statusCode).toBe(403);
    const periods = await t.ok(api.settlementPeriods, { token: reader, body: { year: '2026' } });
    expect(periods.records).toHaveLength(11);
    expect(periods.records.every((p) => p.status === 'open')).toBe(true);
  });

  it('a close waits for a second manager: the requester cannot approve, a rejection opens the period again', async () => {
    const asked = await close(admins[0] ?? '', 9);
    expect(asked.data?.approval).toMatchObject({
      kind: 'settlement-close',
      status: 'pending',
      summary: { year: '2026', month: '9' },
    });
    const id = asked.data?.approval._id ?? '';
    const periods = await t.ok(api.settlementPeriods, { token: reader, body: { year: '2026' } });
    expect(periods.records[8]).toMatchObject({ month: '9', status: 'closing', approvalId: id });
    // While one waits to close, no month can be asked for.
    expect(periods.records.filter((p) => p.closable)).toEqual([]);
    expect((await statementOf(t, reader, 2026, 9)).status).toBe('closing');
    expect((await close(admins[1] ?? '', 9)).issues[0]?.code).toBe('period_already_requested');
    // Nothing dated in a closing period is accepted.
    const change = await t.api(api.agentSharingUpdate, {
      token: op,
      params: { id: sharingId },
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 30, effectiveFrom: '2026-09-20' },
    });
    expect(change.issues[0]).toMatchObject({ path: 'effectiveFrom', code: 'effective_from_closing' });
    const paid = await t.api(api.settlementPaymentCreate, {
      token: admins[0] ?? '',
      body: { sharing: sharingId, direction: 'to-parent', amount: 5, paidOn: '2026-09-15' },
    });
    expect(paid.issues[0]).toMatchObject({ path: 'paidOn', code: 'paid_on_closed' });

    const own = await approve(admins[0] ?? '', id);
    expect([own.statusCode, own.status, own.issues[0]?.code]).toEqual([403, 3004, 'own_request']);
    expect((await approve(op, id)).statusCode).toBe(403);
    const rejected = await t.ok(api.approvalReject, {
      token: admins[1] ?? '',
      params: { id },
      body: { reason: 'figures not checked' },
    });
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'figures not checked' });
    expect((await approve(admins[2] ?? '', id)).issues[0]?.code).toBe('approval_decided');
    expect((await statementOf(t, reader, 2026, 9)).status).toBe('open');
    const audit = await auditOf(t, admins[0] ?? '', 'approval', id);
    expect(audit.map((r) => r.action)).toEqual(['reject']);
    expect((await auditOf(t, admins[0] ?? '', 'settlement-period', '2026-09')).map((r) => r.action)).toEqual([
      'request',
    ]);
  });

  let september = '';
  it('an approved close freezes the lines; the database refuses to change them', async () => {
    const id = await closeAndApprove(9);
    const closed = await statementOf(t, reader, 2026, 9);
    expect(closed).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    const periods = await t.ok(api.settlementPeriods, { token: reader, body: { year: '2026' } });
    expect(periods.records.filter((p) => p.closable).map((p) => p.month)).toEqual(['10']);
    expect(lineOf(closed, child, parent)).toMatchObject({ winLose: -100, parentShare: 10, outstanding: 10 });
    september = JSON.stringify(closed);
    expect((await auditOf(t, admins[0] ?? '', 'approval', id)).map((r) => r.action)).toEqual(['approve']);
    await expect(t.ctx.db.execute(sql`update settlement_lines set outstanding = 0`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from settlement_lines`)).rejects.toThrow();
    const change = await t.api(api.agentSharingUpdate, {
      token: op,
      params: { id: sharingId },
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 30, effectiveFrom: '2026-09-20' },
    });
    expect(change.issues[0]).toMatchObject({
      code: 'effective_from_closed',
      params: { minimum: '2026-10-01' },
    });
  });

  it('a closed statement stays byte for byte after late bets, share changes and new agents; the adjustment is the late bets’ effect', async () => {
    await playersLose(t, child, '2026-09-12', 300);
    await t.ok(api.agentSharingUpdate, {
      token: op,
      params: { id: sharingId },
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 50, effectiveFrom: '2026-10-01' },
    });
    const newcomer = await makeAgent(t, op);
    await t.ok(api.agentSharingCreate, {
      token: op,
      body: {
        agent: newcomer._id,
        parentAgent: parent._id,
        parentPercentage: 40,
        effectiveFrom: '2026-10-01',
      },
    });
    await playersLose(t, newcomer, '2026-09-13', 1000);
    expect(JSON.stringify(await statementOf(t, reader, 2026, 9))).toBe(september);
    const october = await statementOf(t, reader, 2026, 10);
    // 10 % of the 300 the players lost late in September: the child owes the parent 30 more.
    expect(lineOf(october, child, parent)).toMatchObject({
      parentShare: 100,
      adjustment: 30,
      adjustments: [{ year: '2026', month: '9', amount: 30 }],
      carriedIn: 10,
      outstanding: 140,
    });
    expect(lineOf(october, newcomer, parent)).toMatchObject({ adjustment: 0, adjustments: [] });
  });

  it('parallel close requests and approvals: exactly one wins', async () => {
    const asks = await Promise.all(admins.map((a) => close(a, 10)));
    expect(asks.filter((r) => r.status === 1000)).toHaveLength(1);
    expect(asks.filter((r) => r.statusCode === 409)).toHaveLength(admins.length - 1);
    const winner = asks.findIndex((r) => r.status === 1000);
    const id = asks[winner]?.data?.approval._id ?? '';
    const others = admins.filter((_, i) => i !== winner);
    const decisions = await Promise.all(others.map((a) => approve(a, id)));
    expect(decisions.filter((r) => r.status === 1000)).toHaveLength(1);
    expect(decisions.filter((r) => r.statusCode === 409)).toHaveLength(others.length - 1);
    const october = await statementOf(t, reader, 2026, 10);
    expect(october.status).toBe('closed');
    expect(lineOf(october, child, parent)).toMatchObject({ adjustment: 30, outstanding: 140 });
  });

  it('an adjustment is made once: later months adjust only what is new', async () => {
    const november = await statementOf(t, reader, 2026, 11);
    expect(lineOf(november, child, parent)).toMatchObject({ adjustment: 0, adjustments: [], carriedIn: 140 });
    await playersLose(t, child, '2026-09-14', 100);
    const again = await statementOf(t, reader, 2026, 11);
    expect(lineOf(again, child, parent)).toMatchObject({
      adjustment: 10,
      adjustments: [{ year: '2026', month: '9', amount: 10 }],
    });
  });

  it('exports the statement: a month column, a subtotal per parent, a grand total, who pays whom in words', async () => {
    const csv = await t.api(api.settlementExport, { token: reader, body: { year: '2026', month: '10' } });
    const rows = parseCsv(csv.res.body);
    expect(rows[0]?.[0]).toBe('เดือน');
    expect(rows.slice(1).every((r) => r[0] === '2026-10')).toBe(true);
    expect(rows.filter((r) => r[1] === 'subtotal')).toHaveLength(1);
    expect(rows.at(-1)?.[1]).toBe('total');
    const line = rows.find((r) => r[3] === child.username);
    expect(line?.slice(-2)).toEqual([
      `เอเจนต์ ${child.username} ต้องจ่ายให้ ${parent.username} 140.00 บาท`,
      `${child.username} pays ${parent.username} 140.00 baht`,
    ]);
    const english = await t.api(api.settlementExport, {
      token: reader,
      body: { year: '2026', month: '10' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.res.body).toContain(`${child.username} pays ${parent.username} 140.00 baht`);
  });
});

describe('payments and balances over three periods', () => {
  let t: TestApp;
  let admins: string[];
  let reader: string;
  let parent: SignedAgent;
  let child: SignedAgent;
  let sharingId: string;

  const pay = (direction: 'to-parent' | 'to-child', amount: number, paidOn: string) =>
    t.api(api.settlementPaymentCreate, {
      token: admins[0] ?? '',
      body: { sharing: sharingId, direction, amount, paidOn, reference: `ref ${paidOn}`, note: '' },
    });
  const closeMonth = async (month: number) => {
    const asked = await t.ok(api.settlementClose, {
      token: admins[0] ?? '',
      body: { year: '2026', month: String(month) },
    });
    await t.ok(api.approvalApprove, { token: admins[1] ?? '', params: { id: asked.approval._id }, body: {} });
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-28T05:00:00.000Z');
    admins = await Promise.all([1, 2].map(() => t.sessionFor('ADMIN', { verified: true })));
    await registerBrands(t, admins[0] ?? '', ['PG']);
    const op = await t.sessionFor('OPERATOR');
    reader = await t.sessionFor('REPORTER');
    parent = await makeAgent(t, op, { agentType: 'MASTER' });
    child = await makeAgent(t, op);
    sharingId = (
      await t.ok(api.agentSharingCreate, {
        token: op,
        body: {
          agent: child._id,
          parentAgent: parent._id,
          parentPercentage: 50,
          effectiveFrom: '2026-08-01',
        },
      })
    )._id;
    await playersLose(t, child, '2026-08-10', -100);
    await playersLose(t, child, '2026-09-10', 300);
  });
  afterAll(() => t.close());

  it('a negative share carries forward and is netted; payments reduce what is outstanding', async () => {
    expect((await pay('to-parent', 60, '2026-09-20')).status).toBe(1000);
    const august = await statementOf(t, reader, 2026, 8);
    expect(lineOf(august, child, parent)).toMatchObject({ winLose: 100, parentShare: -50, outstanding: -50 });
    const september = await statementOf(t, reader, 2026, 9);
    expect(lineOf(september, child, parent)).toMatchObject({
      carriedIn: -50,
      parentShare: 150,
      paymentsToParent: 60,
      outstanding: 40,
    });
    for (const month of [8, 9, 10]) await closeMonth(month);
    const october = await statementOf(t, reader, 2026, 10);
    expect(october.status).toBe('closed');
    expect(lineOf(october, child, parent)).toMatchObject({ carriedIn: 40, parentShare: 0, outstanding: 40 });
    expect((await pay('to-parent', 40, '2026-11-05')).status).toBe(1000);
    const refund = await pay('to-child', 5, '2026-11-06');
    const november = await statementOf(t, reader, 2026, 11);
    expect(lineOf(november, child, parent)).toMatchObject({
      carriedIn: 40,
      paymentsToParent: 40,
      paymentsToChild: 5,
      outstanding: 5,
    });
    // Voided with a reason, never edited: the balance is as if it had not been paid.
    const voided = await t.ok(api.settlementPaymentVoid, {
      token: admins[1] ?? '',
      params: { id: refund.data?._id ?? '' },
      body: { reason: 'sent twice' },
    });
    expect(voided).toMatchObject({ voidReason: 'sent twice', voidedByUsername: expect.any(String) });
    expect(lineOf(await statementOf(t, reader, 2026, 11), child, parent)?.outstanding).toBe(0);
    const twice = await t.api(api.settlementPaymentVoid, {
      token: admins[1] ?? '',
      params: { id: refund.data?._id ?? '' },
      body: { reason: 'again' },
    });
    expect(twice.issues[0]?.code).toBe('payment_voided');
    const list = await t.ok(api.settlementPaymentList, { token: reader, body: { year: '2026', month: '9' } });
    expect(list.records.map((p) => [p.direction, p.amount, p.paidOn])).toEqual([
      ['to-parent', 60, '2026-09-20'],
    ]);
    const closedVoid = await t.api(api.settlementPaymentVoid, {
      token: admins[1] ?? '',
      params: { id: list.records[0]?._id ?? '' },
      body: { reason: 'late' },
    });
    expect(closedVoid.issues[0]?.code).toBe('paid_on_closed');
    expect(
      (await t.api(api.settlementPaymentVoid, { token: reader, params: { id: '1' }, body: { reason: 'x' } }))
        .statusCode,
    ).toBe(403);
  });

  it('settleEachPeriod: a negative balance is payable by the parent now, said so in the CSV', async () => {
    const op = await t.sessionFor('OPERATOR');
    await t.ok(api.agentSharingUpdate, {
      token: op,
      params: { id: sharingId },
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 50, settleEachPeriod: true },
    });
    await pay('to-child', 25, '2026-11-10');
    const november = await statementOf(t, reader, 2026, 11);
    expect(lineOf(november, child, parent)).toMatchObject({ outstanding: 25, settleEachPeriod: true });
    await playersLose(t, child, '2026-11-11', -200);
    const csv = await t.api(api.settlementExport, { token: reader, body: { year: '2026', month: '11' } });
    expect(csv.res.body).toContain(`เอเจนต์ ${parent.username} ต้องจ่ายให้ ${child.username} 75.00 บาท`);
  });

  it('what-if: the last three closed periods as they were and with another percentage; nothing stored', async () => {
    const rows = await t.ok(api.agentSharingWhatIf, {
      token: reader,
      params: { id: sharingId },
      body: { parentPercentage: 20 },
    });
    expect(rows).toEqual([
      { year: '2026', month: '8', status: 'closed', parentShare: -50, whatIf: -20 },
      { year: '2026', month: '9', status: 'closed', parentShare: 150, whatIf: 60 },
      { year: '2026', month: '10', status: 'closed', parentShare: 0, whatIf: 0 },
    ]);
    expect(
      (await t.ok(api.agentSharingGet, { token: reader, params: { id: sharingId } })).parentPercentage,
    ).toBe(50);
  });
});
