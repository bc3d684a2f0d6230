import type { ReportMoney, SettlementStatement } from '@sapi/contract';
import { fromSatang, toSatang } from '../../lib/money';

type Line = SettlementStatement['lines'][number];
type ParentTotal = SettlementStatement['parents'][number];

/** A row of the statement table: a parent's heading, one of its arrangements, or its subtotal. */
export type StatementRow =
  | { kind: 'heading'; parent: string; parentUsername: string; parentPrefix: string }
  | { kind: 'line'; line: Line }
  | { kind: 'subtotal'; total: ParentTotal; paid: ReportMoney; carriedIn: ReportMoney };

/** Payments of a line seen from the child: paid to the parent minus paid to the child (exact). */
export const netPaid = (line: Pick<Line, 'paymentsToParent' | 'paymentsToChild'>): ReportMoney =>
  fromSatang(toSatang(line.paymentsToParent) - toSatang(line.paymentsToChild));

const sum = (values: ReportMoney[]): ReportMoney =>
  fromSatang(values.reduce((acc, v) => acc + toSatang(v), 0n));

/** The lines grouped by parent (in the server's order): heading, its lines, its subtotal. */
export const statementRows = (statement: SettlementStatement): StatementRow[] => {
  const byParent = new Map<string, Line[]>();
  for (const line of statement.lines) {
    const group = byParent.get(line.parentAgent);
    if (group) group.push(line);
    else byParent.set(line.parentAgent, [line]);
  }
  const totals = new Map(statement.parents.map((p) => [p.parentAgent, p]));
  const rows: StatementRow[] = [];
  for (const [parent, lines] of byParent) {
    const first = lines[0] as Line;
    rows.push({
      kind: 'heading',
      parent,
      parentUsername: first.parentAgentUsername,
      parentPrefix: first.parentAgentPrefix,
    });
    for (const line of lines) rows.push({ kind: 'line', line });
    const total = totals.get(parent);
    if (total) {
      rows.push({
        kind: 'subtotal',
        total,
        paid: sum(lines.map(netPaid)),
        carriedIn: sum(lines.map((l) => l.carriedIn)),
      });
    }
  }
  return rows;
};
