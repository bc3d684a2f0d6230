import type {
  Language,
  Payment,
  paymentCreateSchema,
  paymentListQuerySchema,
  SettlementPeriod,
} from '@sapi/contract';
import { and, count, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor, AppContext, Scope } from '../../context.ts';
import { createApproval } from '../../core/approvals.ts';
import type { AuditFn } from '../../core/change.ts';
import { conflict, invalidField, notFound } from '../../core/errors.ts';
import {
  assertDayOpen,
  assertMonthBegun,
  businessToday,
  lastClosedMonth,
  lockSettlement,
  type PeriodRow,
  periodRows,
} from '../../core/settlement-periods.ts';
import type { Executor } from '../../db/client.ts';
import {
  admins,
  agentSharing,
  agentSharingVersions,
  agents,
  settlementPayments,
  settlementPeriods,
} from '../../db/schema/index.ts';
import { firstActiveMonth } from '../../ledger/settlement-statement.ts';
import { statementView } from '../../ledger/settlement-view.ts';
import { type CsvColumn, decimalColumn, textColumn } from '../../lib/csv.ts';
import { monthOfNumbers, nextMonth, previousMonth, yearMonthText } from '../../lib/days.ts';
import { toMajor, toMinor, toReportMoney } from '../../lib/money.ts';

/*
 * Settlement periods, statements, close requests and payments (docs/design.md §15). The figures come
 * from the statement engine (ledger/settlement-statement.ts); approvals are decided by features/approval.
 */

const requester = alias(admins, 'requester');
const closer = alias(admins, 'closer');

/**
 * The month a close can be asked for next (its first day), as `requestClose` enforces it: the one
 * awaiting its close (`pending`: none can be asked for until it is decided); else the month after the
 * last closed one; with none closed, the first month with an arrangement or a payment (with neither,
 * last month). It can be asked for once it is over.
 */
const nextToClose = async (db: Executor, periods: readonly PeriodRow[], today: string) => {
  const pending = periods.find((p) => p.status === 'closing');
  if (pending) return { month: pending.month, pending: true };
  const lastClosed = lastClosedMonth(periods);
  const month = lastClosed
    ? nextMonth(lastClosed)
    : ((await firstActiveMonth(db)) ?? previousMonth(`${today.slice(0, 7)}-01`));
  return { month, pending: false };
};

/** The month `nextToClose` names when a close can be asked for it now (it is over), else undefined. */
const closableMonth = async (db: Executor, today: string) => {
  const next = await nextToClose(db, await periodRows(db), today);
  return !next.pending && nextMonth(next.month) <= today ? next.month : undefined;
};

/** The months of a year up to the current one, each with its status and whether a close can be asked for it. */
export const periodsOf = async (ctx: AppContext, year: number): Promise<{ records: SettlementPeriod[] }> => {
  const today = businessToday(ctx);
  const closable = await closableMonth(ctx.db, today);
  const rows = await ctx.db
    .select({
      p: settlementPeriods,
      requestedByUsername: requester.username,
      closedByUsername: closer.username,
    })
    .from(settlementPeriods)
    .innerJoin(requester, eq(requester.id, settlementPeriods.requestedBy))
    .leftJoin(closer, eq(closer.id, settlementPeriods.closedBy))
    .where(
      and(
        gte(settlementPeriods.month, monthOfNumbers(year, 1)),
        lte(settlementPeriods.month, monthOfNumbers(year, 12)),
      ),
    );
  const currentYear = Number(today.slice(0, 4));
  const last = year < currentYear ? 12 : year === currentYear ? Number(today.slice(5, 7)) : 0;
  const records: SettlementPeriod[] = [];
  for (let m = 1; m <= last; m++) {
    const month = monthOfNumbers(year, m);
    const r = rows.find((x) => x.p.month === month);
    records.push({
      ...yearMonthText(month),
      status: r?.p.status ?? 'open',
      closable: month === closable,
      ...(r
        ? {
            requestedBy: r.p.requestedBy.toString(),
            requestedByUsername: r.requestedByUsername,
            requestedAt: r.p.requestedAt.toISOString(),
            approvalId: r.p.approvalId.toString(),
          }
        : {}),
      ...(r?.p.closedAt ? { closedAt: r.p.closedAt.toISOString() } : {}),
      ...(r?.p.closedBy ? { closedBy: r.p.closedBy.toString() } : {}),
      ...(r?.closedByUsername ? { closedByUsername: r.closedByUsername } : {}),
    });
  }
  return { records };
};

/** A month's statement of the arrangements within the caller's scope. */
export const statement = async (ctx: AppContext, scope: Scope, year: number, month: number) => {
  const first = monthOfNumbers(year, month);
  assertMonthBegun(ctx, first);
  return (await statementView(ctx.db, first, scope)).data;
};

/**
 * Ask to close a month: it must be over and the next one to close (months close in order, from the
 * first month with an arrangement). The period becomes 'closing' and an approval waits for a second
 * manager. One audit record.
 */
export const requestClose = (ctx: AppContext, actor: Actor, year: number, month: number, audit: AuditFn) =>
  ctx.db.transaction(async (tx) => {
    await lockSettlement(tx);
    const first = monthOfNumbers(year, month);
    const today = businessToday(ctx);
    const periods = await periodRows(tx);
    const own = periods.find((p) => p.month === first);
    if (own) {
      throw conflict('period_already_requested', 'The period is already awaiting its close or closed', {
        params: yearMonthText(first),
      });
    }
    if (nextMonth(first) > today) {
      throw invalidField(
        'month',
        'has not ended; only past months can be closed',
        'period_not_past',
        yearMonthText(first),
      );
    }
    const next = await nextToClose(tx, periods, today);
    if (next.pending || next.month !== first) {
      throw invalidField(
        'month',
        `periods close in order; the next is ${next.month.slice(0, 7)}`,
        'period_not_next',
        yearMonthText(next.month),
      );
    }
    const now = ctx.now();
    const approval = await createApproval(tx, {
      kind: 'settlement-close',
      target: first.slice(0, 7),
      by: actor.id,
      now,
      payload: { month: first },
      summary: yearMonthText(first),
    });
    await tx.insert(settlementPeriods).values({
      month: first,
      status: 'closing',
      requestedBy: actor.id,
      requestedAt: now,
      approvalId: BigInt(approval._id),
    });
    await audit(tx, {
      action: 'request',
      entity: 'settlement-period',
      entityId: first.slice(0, 7),
      after: { status: 'closing', approval },
    });
    return { approval };
  });

// --- The CSV ---------------------------------------------------------------------------------------

interface CsvRow {
  kind: 'line' | 'subtotal' | 'total';
  month: string;
  parent: string;
  agent: string;
  percentages: string;
  winLose: number | string;
  parentShare: number | string;
  adjustment: number | string;
  adjustedPeriods: string;
  carriedIn: number | string | null;
  paymentsToParent: number | string | null;
  paymentsToChild: number | string | null;
  outstanding: number | string;
  words: Record<Language, string>;
}

const baht = (satang: bigint) => {
  const abs = satang < 0n ? -satang : satang;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** Who pays whom, in words, for an outstanding balance of `child` toward `parent`. */
export const whoPaysWhom = (
  language: Language,
  child: string,
  parent: string,
  outstanding: bigint,
  settleEachPeriod: boolean,
): string => {
  if (outstanding === 0n) return language === 'th' ? 'ไม่มียอดค้างชำระ' : 'Nothing outstanding';
  const amount = baht(outstanding);
  if (outstanding > 0n) {
    return language === 'th'
      ? `เอเจนต์ ${child} ต้องจ่ายให้ ${parent} ${amount} บาท`
      : `${child} pays ${parent} ${amount} baht`;
  }
  if (settleEachPeriod) {
    return language === 'th'
      ? `เอเจนต์ ${parent} ต้องจ่ายให้ ${child} ${amount} บาท`
      : `${parent} pays ${child} ${amount} baht`;
  }
  return language === 'th'
    ? `เอเจนต์ ${parent} ค้างจ่าย ${child} ${amount} บาท (ยอดติดลบยกไปหักงวดถัดไป)`
    : `${parent} owes ${child} ${amount} baht (a credit carried to the next period)`;
};

export const settlementCsvColumns: CsvColumn<CsvRow>[] = [
  textColumn({ th: 'เดือน', en: 'Month' }, (r) => r.month),
  textColumn({ th: 'รายการ', en: 'Row' }, (r) => r.kind),
  textColumn({ th: 'เอเจนต์แม่', en: 'Parent agent' }, (r) => r.parent),
  textColumn({ th: 'เอเจนต์ลูก', en: 'Child agent' }, (r) => r.agent),
  textColumn({ th: 'ส่วนแบ่ง (%) ตามช่วงวัน', en: 'Share (%) by days' }, (r) => r.percentages),
  decimalColumn({ th: 'แพ้/ชนะของสายงาน', en: 'Downline win/lose' }, (r) => r.winLose),
  decimalColumn({ th: 'ส่วนแบ่งของเอเจนต์แม่', en: 'Parent share' }, (r) => r.parentShare),
  decimalColumn({ th: 'ปรับปรุงย้อนหลัง', en: 'Adjustment' }, (r) => r.adjustment),
  textColumn({ th: 'งวดที่ปรับปรุง', en: 'Adjusted periods' }, (r) => r.adjustedPeriods),
  decimalColumn({ th: 'ยอดยกมา', en: 'Carried in' }, (r) => r.carriedIn),
  decimalColumn({ th: 'ชำระให้เอเจนต์แม่', en: 'Paid to parent' }, (r) => r.paymentsToParent),
  decimalColumn({ th: 'ชำระให้เอเจนต์ลูก', en: 'Paid to child' }, (r) => r.paymentsToChild),
  decimalColumn({ th: 'ยอดค้างชำระ', en: 'Outstanding' }, (r) => r.outstanding),
  textColumn({ th: 'ใครจ่ายใคร', en: 'Who pays whom (Thai)' }, (r) => r.words.th),
  textColumn({ th: 'ใครจ่ายใคร (อังกฤษ)', en: 'Who pays whom' }, (r) => r.words.en),
];

/**
 * The statement as CSV rows: each line, a subtotal row after each parent's lines and the grand total,
 * every row with its month; who pays whom said in words, in Thai and in English (a file's rows are the
 * same in either language; only its header row follows the request's).
 */
export const statementCsvRows = async (
  ctx: AppContext,
  scope: Scope,
  year: number,
  month: number,
): Promise<CsvRow[]> => {
  const first = monthOfNumbers(year, month);
  assertMonthBegun(ctx, first);
  const view = await statementView(ctx.db, first, scope);
  const monthText = first.slice(0, 7);
  const out: CsvRow[] = [];
  const subtotal = (parent: string, rows: typeof view.lines) => {
    const sum = (f: (l: (typeof view.lines)[number]['line']) => bigint) =>
      rows.reduce((s, r) => s + f(r.line), 0n);
    const outstanding = sum((l) => l.outstanding);
    return {
      winLose: toReportMoney(sum((l) => l.winLose)),
      parentShare: toReportMoney(sum((l) => l.parentShare)),
      adjustment: toReportMoney(sum((l) => l.adjustment)),
      carriedIn: toReportMoney(sum((l) => l.carriedIn)),
      paymentsToParent: toReportMoney(sum((l) => l.paymentsToParent)),
      paymentsToChild: toReportMoney(sum((l) => l.paymentsToChild)),
      outstanding: toReportMoney(outstanding),
      words: {
        th:
          outstanding === 0n
            ? 'ไม่มียอดค้างชำระ'
            : outstanding > 0n
              ? `เอเจนต์ลูกต้องจ่ายให้ ${parent} รวม ${baht(outstanding)} บาท`
              : `เอเจนต์ ${parent} ต้องจ่ายให้เอเจนต์ลูกรวม ${baht(outstanding)} บาท`,
        en:
          outstanding === 0n
            ? 'Nothing outstanding'
            : outstanding > 0n
              ? `The children pay ${parent} ${baht(outstanding)} baht in all`
              : `${parent} owes its children ${baht(outstanding)} baht in all`,
      },
    };
  };
  let group: typeof view.lines = [];
  const flush = () => {
    const head = group[0];
    if (!head) return;
    out.push({
      kind: 'subtotal',
      month: monthText,
      parent: head.dto.parentAgentUsername,
      agent: '',
      percentages: '',
      adjustedPeriods: '',
      ...subtotal(head.dto.parentAgentUsername, group),
    });
    group = [];
  };
  for (const entry of view.lines) {
    if (group[0] && group[0].line.parentId !== entry.line.parentId) flush();
    group.push(entry);
    const { dto, line } = entry;
    out.push({
      kind: 'line',
      month: monthText,
      parent: dto.parentAgentUsername,
      agent: dto.agentUsername,
      percentages: dto.segments
        .map((s) => `${s.from.slice(8)}–${s.to.slice(8)}: ${s.parentPercentage}%`)
        .join('; '),
      winLose: dto.winLose,
      parentShare: dto.parentShare,
      adjustment: dto.adjustment,
      adjustedPeriods: dto.adjustments
        .map((a) => `${a.year}-${a.month.padStart(2, '0')}: ${a.amount}`)
        .join('; '),
      carriedIn: dto.carriedIn,
      paymentsToParent: dto.paymentsToParent,
      paymentsToChild: dto.paymentsToChild,
      outstanding: dto.outstanding,
      words: {
        th: whoPaysWhom(
          'th',
          dto.agentUsername,
          dto.parentAgentUsername,
          line.outstanding,
          line.settleEachPeriod,
        ),
        en: whoPaysWhom(
          'en',
          dto.agentUsername,
          dto.parentAgentUsername,
          line.outstanding,
          line.settleEachPeriod,
        ),
      },
    });
  }
  flush();
  const total = view.data.total;
  out.push({
    kind: 'total',
    month: monthText,
    parent: '',
    agent: '',
    percentages: '',
    adjustedPeriods: '',
    winLose: total.winLose,
    parentShare: total.parentShare,
    adjustment: total.adjustment,
    carriedIn: total.carriedIn,
    paymentsToParent: total.paymentsToParent,
    paymentsToChild: total.paymentsToChild,
    outstanding: total.outstanding,
    words: { th: 'รวมทั้งหมด', en: 'Grand total' },
  });
  return out;
};

// --- Payments --------------------------------------------------------------------------------------

const payer = alias(admins, 'payer');
const voider = alias(admins, 'voider');
const childAgent = alias(agents, 'child_agent');
const parentAgent = alias(agents, 'parent_agent');

const selectPayments = (db: Executor) =>
  db
    .select({
      p: settlementPayments,
      childUsername: childAgent.username,
      parentUsername: parentAgent.username,
      createdByUsername: payer.username,
      voidedByUsername: voider.username,
    })
    .from(settlementPayments)
    .innerJoin(childAgent, eq(childAgent.id, settlementPayments.agentId))
    .innerJoin(parentAgent, eq(parentAgent.id, settlementPayments.parentAgentId))
    .innerJoin(payer, eq(payer.id, settlementPayments.createdBy))
    .leftJoin(voider, eq(voider.id, settlementPayments.voidedBy));

type PaymentJoined = Awaited<ReturnType<ReturnType<typeof selectPayments>['execute']>>[number];

const toPayment = (r: PaymentJoined): Payment => ({
  _id: r.p.id.toString(),
  sharing: r.p.sharingId.toString(),
  agent: r.p.agentId.toString(),
  agentUsername: r.childUsername,
  parentAgent: r.p.parentAgentId.toString(),
  parentAgentUsername: r.parentUsername,
  direction: r.p.direction,
  amount: toMajor(r.p.amount),
  paidOn: r.p.paidOn,
  reference: r.p.reference,
  note: r.p.note,
  createdBy: r.p.createdBy.toString(),
  createdByUsername: r.createdByUsername,
  createdAt: r.p.createdAt.toISOString(),
  ...(r.p.voidedAt ? { voidedAt: r.p.voidedAt.toISOString() } : {}),
  ...(r.p.voidedBy ? { voidedBy: r.p.voidedBy.toString() } : {}),
  ...(r.voidedByUsername ? { voidedByUsername: r.voidedByUsername } : {}),
  ...(r.p.voidReason !== null ? { voidReason: r.p.voidReason } : {}),
});

const findPayment = async (db: Executor, id: bigint) =>
  (await selectPayments(db).where(eq(settlementPayments.id, id)))[0];

/**
 * Record a payment between an arrangement's child and parent: the pair in force on the day paid (else
 * the arrangement's latest), never in a closed or closing period. One audit record.
 */
export const createPayment = (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof paymentCreateSchema>,
  audit: AuditFn,
) =>
  ctx.db.transaction(async (tx) => {
    await lockSettlement(tx);
    const [sharing] = await tx.select().from(agentSharing).where(eq(agentSharing.id, input.sharing));
    if (!sharing) throw invalidField('sharing', 'Agent sharing not found', 'sharing_not_found');
    assertDayOpen(await periodRows(tx), input.paidOn, 'paidOn');
    const [version] = await tx
      .select({ agentId: agentSharingVersions.agentId, parentId: agentSharingVersions.parentAgentId })
      .from(agentSharingVersions)
      .where(
        and(
          eq(agentSharingVersions.sharingId, sharing.id),
          lte(agentSharingVersions.effectiveFrom, input.paidOn),
          sql`(${agentSharingVersions.effectiveTo} is null or ${agentSharingVersions.effectiveTo} > ${agentSharingVersions.effectiveFrom})`,
        ),
      )
      .orderBy(desc(agentSharingVersions.effectiveFrom), desc(agentSharingVersions.id))
      .limit(1);
    const [row] = await tx
      .insert(settlementPayments)
      .values({
        sharingId: sharing.id,
        agentId: version?.agentId ?? sharing.agentId,
        parentAgentId: version?.parentId ?? sharing.parentAgentId,
        direction: input.direction,
        amount: toMinor(input.amount),
        paidOn: input.paidOn,
        reference: input.reference,
        note: input.note,
        createdBy: actor.id,
        createdAt: ctx.now(),
      })
      .returning({ id: settlementPayments.id });
    const found = row && (await findPayment(tx, row.id));
    if (!found) throw notFound('Payment');
    const dto = toPayment(found);
    await audit(tx, { action: 'create', entity: 'settlement-payment', entityId: dto._id, after: dto });
    return dto;
  });

export const listPayments = async (ctx: AppContext, q: z.output<typeof paymentListQuerySchema>) => {
  const range =
    q.year === undefined
      ? undefined
      : q.month === undefined
        ? { from: monthOfNumbers(q.year, 1), to: monthOfNumbers(q.year + 1, 1) }
        : { from: monthOfNumbers(q.year, q.month), to: nextMonth(monthOfNumbers(q.year, q.month)) };
  const where = and(
    range ? gte(settlementPayments.paidOn, range.from) : undefined,
    range ? lt(settlementPayments.paidOn, range.to) : undefined,
    q.sharing ? eq(settlementPayments.sharingId, q.sharing) : undefined,
  );
  const [rows, total] = await Promise.all([
    selectPayments(ctx.db)
      .where(where)
      .orderBy(desc(settlementPayments.paidOn), desc(settlementPayments.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(settlementPayments).where(where),
  ]);
  return { records: rows.map(toPayment), page: q.page, limit: q.limit, total: total[0]?.n ?? 0 };
};

/** Void a payment with a reason (never edited nor deleted): not one of a closed or closing period. */
export const voidPayment = (ctx: AppContext, actor: Actor, id: bigint, reason: string, audit: AuditFn) =>
  ctx.db.transaction(async (tx) => {
    await lockSettlement(tx);
    const before = await findPayment(tx, id);
    if (!before) throw notFound('Payment');
    if (before.p.voidedAt) throw conflict('payment_voided', 'This payment has already been voided');
    assertDayOpen(await periodRows(tx), before.p.paidOn, 'paidOn');
    await tx
      .update(settlementPayments)
      .set({ voidedAt: ctx.now(), voidedBy: actor.id, voidReason: reason })
      .where(eq(settlementPayments.id, id));
    const after = await findPayment(tx, id);
    if (!after) throw notFound('Payment');
    const dto = toPayment(after);
    await audit(tx, {
      action: 'void',
      entity: 'settlement-payment',
      entityId: dto._id,
      before: toPayment(before),
      after: dto,
    });
    return dto;
  });
