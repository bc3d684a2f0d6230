import type { SettlementLine, SettlementStatement } from '@sapi/contract';
import type { Scope } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { agentNamesById } from '../db/lookups.ts';
import { yearMonthText } from '../lib/days.ts';
import { toReportMoney } from '../lib/money.ts';
import { type Line, type Statement, statementOf } from './settlement-statement.ts';

/*
 * A statement as the API answers it (contract SettlementStatement): agents' names beside their ids,
 * money in major units, lines grouped by parent (parent's username, then the agent's), per-parent
 * subtotals and the total. One shape for the statement, its CSV and the revenue share.
 */

export interface StatementView {
  data: SettlementStatement;
  /** Lines with the sums they were made of, for the CSV's words and subtotals. */
  lines: { line: Line; dto: SettlementLine }[];
}

const money = toReportMoney;
/** Code-point order: the same on every machine (usernames are ASCII). */
const order = <T extends string | bigint>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

export const viewOf = async (
  db: Executor,
  statement: Statement & { names?: ReadonlyMap<bigint, { username: string; prefix: string }> },
): Promise<StatementView> => {
  const ids = [...new Set(statement.lines.flatMap((l) => [l.agentId, l.parentId]))];
  // The statement's read brings its agents' names; any missing (none expected) is read here.
  const known = statement.names ?? new Map<bigint, { username: string; prefix: string }>();
  const missing = ids.filter((id) => !known.has(id));
  const names = new Map([...known, ...(missing.length > 0 ? await agentNamesById(db, missing) : [])]);
  const nameOf = (id: bigint) => names.get(id) ?? { username: id.toString(), prefix: '' };
  const lines = statement.lines
    .map((line) => {
      const child = nameOf(line.agentId);
      const parent = nameOf(line.parentId);
      const dto: SettlementLine = {
        sharing: line.sharingId.toString(),
        agent: line.agentId.toString(),
        agentUsername: child.username,
        agentPrefix: child.prefix,
        parentAgent: line.parentId.toString(),
        parentAgentUsername: parent.username,
        parentAgentPrefix: parent.prefix,
        segments: line.segments.map((s) => ({
          from: s.from,
          to: s.to,
          parentPercentage: s.bp / 100,
          winLose: money(s.winLose),
          parentShare: money(s.parentShare),
        })),
        winLose: money(line.winLose),
        parentShare: money(line.parentShare),
        adjustment: money(line.adjustment),
        adjustments: line.adjustments.map((a) => ({ ...yearMonthText(a.month), amount: money(a.amount) })),
        carriedIn: money(line.carriedIn),
        paymentsToParent: money(line.paymentsToParent),
        paymentsToChild: money(line.paymentsToChild),
        outstanding: money(line.outstanding),
        settleEachPeriod: line.settleEachPeriod,
      };
      return { line, dto };
    })
    .sort(
      (a, b) =>
        order(a.dto.parentAgentUsername, b.dto.parentAgentUsername) ||
        order(a.dto.agentUsername, b.dto.agentUsername) ||
        order(a.line.sharingId, b.line.sharingId),
    );
  const parents = new Map<
    string,
    { name: { username: string; prefix: string }; winLose: bigint; share: bigint; adj: bigint; out: bigint }
  >();
  const total = { winLose: 0n, share: 0n, adj: 0n, carried: 0n, toParent: 0n, toChild: 0n, out: 0n };
  for (const { line } of lines) {
    const key = line.parentId.toString();
    const p = parents.get(key) ?? { name: nameOf(line.parentId), winLose: 0n, share: 0n, adj: 0n, out: 0n };
    p.winLose += line.winLose;
    p.share += line.parentShare;
    p.adj += line.adjustment;
    p.out += line.outstanding;
    parents.set(key, p);
    total.winLose += line.winLose;
    total.share += line.parentShare;
    total.adj += line.adjustment;
    total.carried += line.carriedIn;
    total.toParent += line.paymentsToParent;
    total.toChild += line.paymentsToChild;
    total.out += line.outstanding;
  }
  return {
    lines,
    data: {
      ...yearMonthText(statement.month),
      status: statement.status,
      lines: lines.map((l) => l.dto),
      parents: [...parents].map(([id, p]) => ({
        parentAgent: id,
        parentAgentUsername: p.name.username,
        parentAgentPrefix: p.name.prefix,
        winLose: money(p.winLose),
        parentShare: money(p.share),
        adjustment: money(p.adj),
        outstanding: money(p.out),
      })),
      total: {
        winLose: money(total.winLose),
        parentShare: money(total.share),
        adjustment: money(total.adj),
        carriedIn: money(total.carried),
        paymentsToParent: money(total.toParent),
        paymentsToChild: money(total.toChild),
        outstanding: money(total.out),
      },
      ...(statement.closedAt ? { closedAt: statement.closedAt.toISOString() } : {}),
      rule: 'downline-by-day',
    },
  };
};

/**
 * The statement of a month (its first day) as the API answers it, of the arrangements within the
 * scope: for the agent side those whose parent and child are both of its agent and downline (its own
 * sub-agents' and theirs, never the arrangement with its own parent), the subtotals and total summed
 * over those lines only (docs/design.md §16).
 */
export const statementView = async (db: Executor, month: string, scope: Scope) => {
  const whole = await statementOf(db, month);
  if (scope.kind === 'all') return viewOf(db, whole);
  const inScope = new Set(scope.agentIds);
  const lines = whole.lines.filter((l) => inScope.has(l.agentId) && inScope.has(l.parentId));
  return viewOf(db, { ...whole, lines });
};
