import type { PeriodStatus } from '@sapi/contract';
import { eq, sql } from 'drizzle-orm';
import { periodRows } from '../core/settlement-periods.ts';
import { type Executor, queryRows } from '../db/client.ts';
import { settlementLines, settlementPeriods } from '../db/schema/index.ts';
import { addDays, nextMonth, previousMonth } from '../lib/days.ts';
import { monthFingerprints } from './agent-day-win-lose.ts';
import {
  type AgentNames,
  type DayWinLose,
  dirtyRead,
  type FrozenLineRow,
  type PaymentSum,
  type StatementRead,
  statementRead,
  type VersionSpan,
} from './settlement-read.ts';

/*
 * The statement engine (docs/design.md §15). The rule: a parent's share of a child is, for each version
 * segment of their arrangement in the month, round_half_away_from_zero(bp × −(Σ over the segment's days
 * of the child's DOWNLINE win/lose) / 10000) to the satang — the downline of agent c on day d being c and
 * every agent below it in the sharing tree in force on d. Positive: the child pays the parent.
 *
 * A closed month answers its frozen lines. An open (or closing) month is computed live from the last
 * closed month's frozen outstanding forward, month by month; the earliest month not closed also carries
 * the adjustments: for each closed month whose ledger changed since it closed (late bets), the live
 * share minus the frozen one minus what later closed months already adjusted for it.
 */

/** bp hundredths of a percent of an amount, rounded half away from zero to the satang. */
export const shareOf = (amount: bigint, bp: number): bigint => {
  const scaled = amount * BigInt(bp);
  const abs = scaled < 0n ? -scaled : scaled;
  const rounded = (abs + 5000n) / 10000n;
  return scaled < 0n ? -rounded : rounded;
};

export interface Segment {
  /** First and last day of the segment (both inclusive). */
  from: string;
  to: string;
  bp: number;
  winLose: bigint;
  parentShare: bigint;
}

export interface Line {
  sharingId: bigint;
  agentId: bigint;
  parentId: bigint;
  segments: Segment[];
  winLose: bigint;
  parentShare: bigint;
  adjustment: bigint;
  /** Per closed month (its first day), the amount adjusted for it here. */
  adjustments: { month: string; amount: bigint }[];
  carriedIn: bigint;
  paymentsToParent: bigint;
  paymentsToChild: bigint;
  outstanding: bigint;
  settleEachPeriod: boolean;
}

export interface Statement {
  /** First day of the month. */
  month: string;
  status: PeriodStatus;
  lines: Line[];
  closedAt?: Date;
}

const keyOf = (sharingId: bigint, agentId: bigint, parentId: bigint) => `${sharingId}:${agentId}:${parentId}`;
type Key = ReturnType<typeof keyOf>;
const partsOf = (key: Key) => {
  const [s = '0', a = '0', p = '0'] = key.split(':');
  return { sharingId: BigInt(s), agentId: BigInt(a), parentId: BigInt(p) };
};

/** The map's entry for `key`, made first when missing. */
const entryOf = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
};

/** Earliest day a version is in force on, or undefined. */
const minDay = (days: (string | null | undefined)[]) =>
  days.filter((d): d is string => typeof d === 'string').sort()[0];

/**
 * Each line's segments over the months [from, to) (first days), per month: the downline win/lose of
 * every day with the versions in force that day. Reads nothing: the win/lose per agent and day — or per
 * stretch of days in one month with the same versions in force, keyed by its first day — and the
 * versions are given (`days` may hold other months too; only those of [from, to) count).
 */
const liveShares = (
  days: readonly DayWinLose[],
  from: string,
  to: string,
  versions: readonly VersionSpan[],
): Map<string, Map<Key, Segment[]>> => {
  const own = new Map<string, Map<bigint, bigint>>();
  for (const r of days) {
    if (r.day < from || r.day >= to) continue;
    entryOf(own, r.day, () => new Map<bigint, bigint>()).set(r.agentId, r.winLose);
  }
  // A segment per version and month it has days in: its days clipped to the month.
  const segments = new Map<string, Map<Key, Segment[]>>();
  const segmentOf = new Map<string, Segment>();
  for (const v of versions) {
    const last = v.effectiveTo === null || v.effectiveTo > to ? to : v.effectiveTo;
    const first = v.effectiveFrom > from ? v.effectiveFrom : from;
    for (let month = `${first.slice(0, 7)}-01`; month < last; month = nextMonth(month)) {
      const after = nextMonth(month);
      const segFrom = first > month ? first : month;
      // biome-ignore lint/complexity/useMathMinMax: days compared as text, which Math.min cannot
      const segEnd = last < after ? last : after;
      if (segFrom >= segEnd) continue;
      const seg: Segment = {
        from: segFrom,
        to: addDays(segEnd, -1),
        bp: v.parentBp,
        winLose: 0n,
        parentShare: 0n,
      };
      segmentOf.set(`${month}:${v.id}`, seg);
      const byKey = entryOf(segments, month, () => new Map<Key, Segment[]>());
      entryOf(byKey, keyOf(v.sharingId, v.agentId, v.parentAgentId), () => []).push(seg);
    }
  }
  // Only days with bets move a figure: each adds every active version's downline win/lose that day.
  for (const [day, owns] of own) {
    const month = `${day.slice(0, 7)}-01`;
    const active = versions.filter(
      (v) => v.effectiveFrom <= day && (v.effectiveTo === null || v.effectiveTo > day),
    );
    if (active.length === 0) continue;
    const children = new Map<bigint, bigint[]>();
    for (const v of active) entryOf(children, v.parentAgentId, () => []).push(v.agentId);
    const memo = new Map<bigint, bigint>();
    const downline = (agent: bigint, seen: Set<bigint>): bigint => {
      const known = memo.get(agent);
      if (known !== undefined) return known;
      let sum = owns.get(agent) ?? 0n;
      seen.add(agent);
      for (const c of children.get(agent) ?? []) if (!seen.has(c)) sum += downline(c, seen);
      memo.set(agent, sum);
      return sum;
    };
    for (const v of active) {
      const seg = segmentOf.get(`${month}:${v.id}`);
      if (seg) seg.winLose += downline(v.agentId, new Set());
    }
  }
  for (const byKey of segments.values())
    for (const list of byKey.values()) for (const s of list) s.parentShare = shareOf(-s.winLose, s.bp);
  return segments;
};

/** A stored line of a closed month: a line keyed for matching, without its ids. */
type FrozenRow = Omit<Line, 'sharingId' | 'agentId' | 'parentId'> & { key: Key };

const num = (v: unknown) => BigInt(String(v));

/** Frozen lines as the engine uses them, by month. */
const frozenByMonth = (rows: readonly FrozenLineRow[]) => {
  const out = new Map<string, FrozenRow[]>();
  for (const r of rows) {
    entryOf(out, r.month, () => []).push({
      key: keyOf(r.sharingId, r.agentId, r.parentAgentId),
      segments: r.segments.map((s) => ({
        from: s.from,
        to: s.to,
        bp: s.bp,
        winLose: num(s.winLose),
        parentShare: num(s.parentShare),
      })),
      winLose: r.winLose,
      parentShare: r.parentShare,
      adjustment: r.adjustment,
      adjustments: r.adjustments.map((a) => ({ month: a.month, amount: num(a.amount) })),
      carriedIn: r.carriedIn,
      paymentsToParent: r.paymentsToParent,
      paymentsToChild: r.paymentsToChild,
      outstanding: r.outstanding,
      settleEachPeriod: r.settleEachPeriod,
    });
  }
  return out;
};

const toLine = (f: FrozenRow): Line => ({ ...partsOf(f.key), ...f });

/** Payments not voided, per month and line. */
const paymentsByMonth = (rows: readonly PaymentSum[]) => {
  const out = new Map<string, Map<Key, { toParent: bigint; toChild: bigint }>>();
  for (const r of rows) {
    const byKey = entryOf(out, r.month, () => new Map<Key, { toParent: bigint; toChild: bigint }>());
    const key = keyOf(r.sharingId, r.agentId, r.parentAgentId);
    const sums = byKey.get(key) ?? { toParent: 0n, toChild: 0n };
    sums.toParent += r.toParent;
    sums.toChild += r.toChild;
    byKey.set(key, sums);
  }
  return out;
};

/** Where the live chain of months starts when nothing is closed: the first month with a version or a payment. */
export const firstActiveMonth = async (db: Executor): Promise<string | undefined> => {
  const [row] = await queryRows<{ v: string | null; p: string | null }>(
    db,
    sql`select (select min(effective_from)::text from agent_sharing_versions
                 where effective_to is null or effective_to > effective_from) as v,
               (select min(paid_on)::text from settlement_payments where voided_at is null) as p`,
  );
  const day = minDay([row?.v, row?.p]);
  return day === undefined ? undefined : `${day.slice(0, 7)}-01`;
};

/**
 * Adjustments for the earliest month not closed: per closed month whose ledger fingerprint differs
 * from the one taken when it closed, live share − frozen share − adjustments already frozen for it.
 * Reads once more only when some month differs, one statement for all of them.
 */
const adjustmentsFor = async (db: Executor, read: StatementRead, names: AgentNames) => {
  const closed = read.periods.filter((p) => p.status === 'closed');
  const out = new Map<Key, { month: string; amount: bigint }[]>();
  if (closed.length === 0) return out;
  const dirty = closed.filter((p) => {
    const now = read.prints.get(p.month) ?? { count: 0n, amount: 0n };
    return now.count.toString() !== p.ledgerCount || now.amount.toString() !== p.ledgerAmount;
  });
  if (dirty.length === 0) return out;
  const late = await dirtyRead(
    db,
    dirty.map((p) => p.month),
  );
  for (const [id, name] of late.names) names.set(id, name);
  const frozen = frozenByMonth(late.frozen);
  for (const p of dirty) {
    const live =
      liveShares(late.days, p.month, nextMonth(p.month), late.versions).get(p.month) ??
      new Map<Key, Segment[]>();
    const delta = new Map<Key, bigint>();
    for (const [key, segs] of live)
      delta.set(
        key,
        segs.reduce((s, g) => s + g.parentShare, 0n),
      );
    for (const f of frozen.get(p.month) ?? []) delta.set(f.key, (delta.get(f.key) ?? 0n) - f.parentShare);
    for (const [month, rows] of frozen) {
      if (month <= p.month) continue;
      for (const f of rows)
        for (const a of f.adjustments)
          if (a.month === p.month) delta.set(f.key, (delta.get(f.key) ?? 0n) - a.amount);
    }
    for (const [key, amount] of delta) {
      if (amount === 0n) continue;
      const list = out.get(key) ?? [];
      list.push({ month: p.month, amount });
      out.set(key, list);
    }
  }
  return out;
};

/**
 * The statement of a month (its first day): frozen when closed, else computed live. One statement
 * reads all of it (`statementRead`), one more only when late bets changed a closed month. `names` holds
 * the names of the agents of its lines.
 */
export const statementOf = async (
  db: Executor,
  month: string,
): Promise<Statement & { names: AgentNames }> => {
  const read = await statementRead(db, month);
  const period = read.periods.find((p) => p.month === month);
  if (period?.status === 'closed') {
    const frozen = frozenByMonth(read.frozen).get(month) ?? [];
    return {
      month,
      status: 'closed',
      lines: frozen.map(toLine),
      ...(period.closedAt ? { closedAt: period.closedAt } : {}),
      names: read.names,
    };
  }
  const lines = await liveLines(db, month, read);
  return { month, status: period?.status ?? 'open', lines, names: read.names };
};

/** The live lines of a month not closed: the chain from the last closed month (or the first active one). */
const liveLines = async (db: Executor, month: string, read: StatementRead): Promise<Line[]> => {
  const lastClosed = read.periods.filter((p) => p.status === 'closed' && p.month < month).at(-1)?.month;
  const earliestOpen = lastClosed === undefined ? undefined : nextMonth(lastClosed);
  const { from, to } = read;
  const carried = new Map<Key, { amount: bigint; settle: boolean }>();
  if (lastClosed !== undefined) {
    for (const f of frozenByMonth(read.frozen).get(lastClosed) ?? [])
      carried.set(f.key, { amount: f.outstanding, settle: f.settleEachPeriod });
  }
  const payments = paymentsByMonth(read.payments);
  const shares = liveShares(read.days, from, to, read.versions);
  const adjustments = earliestOpen !== undefined ? await adjustmentsFor(db, read, read.names) : new Map();
  const settle = read.settle;
  let lines: Line[] = [];
  for (let m = from; m <= month; m = nextMonth(m)) {
    const monthShares = shares.get(m) ?? new Map<Key, Segment[]>();
    const monthPayments = payments.get(m) ?? new Map();
    const monthAdjustments: Map<Key, { month: string; amount: bigint }[]> =
      m === earliestOpen ? adjustments : new Map();
    const keys = new Set<Key>([
      ...monthShares.keys(),
      ...monthPayments.keys(),
      ...monthAdjustments.keys(),
      ...[...carried].filter(([, c]) => c.amount !== 0n).map(([k]) => k),
    ]);
    lines = [...keys].map((key) => {
      const segments = monthShares.get(key) ?? [];
      const adj = monthAdjustments.get(key) ?? [];
      const pay = monthPayments.get(key) ?? { toParent: 0n, toChild: 0n };
      const parts = partsOf(key);
      const winLose = segments.reduce((s, g) => s + g.winLose, 0n);
      const parentShare = segments.reduce((s, g) => s + g.parentShare, 0n);
      const adjustment = adj.reduce((s, a) => s + a.amount, 0n);
      const carriedIn = carried.get(key)?.amount ?? 0n;
      return {
        ...parts,
        segments,
        winLose,
        parentShare,
        adjustment,
        adjustments: adj,
        carriedIn,
        paymentsToParent: pay.toParent,
        paymentsToChild: pay.toChild,
        outstanding: carriedIn + parentShare + adjustment - pay.toParent + pay.toChild,
        settleEachPeriod: settle.has(parts.sharingId),
      };
    });
    carried.clear();
    for (const l of lines)
      carried.set(keyOf(l.sharingId, l.agentId, l.parentId), {
        amount: l.outstanding,
        settle: l.settleEachPeriod,
      });
  }
  return lines;
};

/**
 * Freeze the month's lines as they are now (inside the approving transaction, under the settlement
 * lock): the ledger's fingerprint is read FIRST, so a bet landing while the lines are computed shows as
 * a difference later and is adjusted (never lost).
 */
export const freezeMonth = async (db: Executor, month: string, by: bigint, now: Date) => {
  const print = (await monthFingerprints(db, [month])).get(month) ?? { count: 0n, amount: 0n };
  const statement = await statementOf(db, month);
  if (statement.lines.length > 0) {
    await db.insert(settlementLines).values(
      statement.lines.map((l) => ({
        month,
        sharingId: l.sharingId,
        agentId: l.agentId,
        parentAgentId: l.parentId,
        segments: l.segments.map((s) => ({
          from: s.from,
          to: s.to,
          bp: s.bp,
          winLose: s.winLose.toString(),
          parentShare: s.parentShare.toString(),
        })),
        winLose: l.winLose.toString(),
        parentShare: l.parentShare.toString(),
        adjustment: l.adjustment.toString(),
        adjustments: l.adjustments.map((a) => ({ month: a.month, amount: a.amount.toString() })),
        carriedIn: l.carriedIn.toString(),
        paymentsToParent: l.paymentsToParent.toString(),
        paymentsToChild: l.paymentsToChild.toString(),
        outstanding: l.outstanding.toString(),
        settleEachPeriod: l.settleEachPeriod,
      })),
    );
  }
  await db
    .update(settlementPeriods)
    .set({
      status: 'closed',
      closedAt: now,
      closedBy: by,
      ledgerCount: print.count.toString(),
      ledgerAmount: print.amount.toString(),
    })
    .where(eq(settlementPeriods.month, month));
  return statement.lines.length;
};

/**
 * The what-if of a percentage: for the last three closed months (else the last three months before
 * today's), the arrangement's parent share as it is (or was, frozen) and as it would be with `bp` on
 * each of its segments. Read only.
 */
export const whatIf = async (db: Executor, sharingId: bigint, bp: number, today: string) => {
  const periods = await periodRows(db);
  const closed = periods.filter((p) => p.status === 'closed').map((p) => p.month);
  let months = closed.slice(-3);
  if (months.length < 3) {
    const current = `${today.slice(0, 7)}-01`;
    const m1 = previousMonth(current);
    const m2 = previousMonth(m1);
    months = [previousMonth(m2), m2, m1];
  }
  const out = [];
  for (const month of months) {
    const statement = await statementOf(db, month);
    const lines = statement.lines.filter((l) => l.sharingId === sharingId);
    out.push({
      month,
      status: statement.status,
      parentShare: lines.reduce((s, l) => s + l.parentShare, 0n),
      whatIf: lines.reduce((s, l) => s + l.segments.reduce((t, g) => t + shareOf(-g.winLose, bp), 0n), 0n),
    });
  }
  return out;
};
