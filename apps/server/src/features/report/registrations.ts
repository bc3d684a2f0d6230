import { sql } from 'drizzle-orm';
import type { AppContext, Scope } from '../../context.ts';
import { assertAgentExists, assertAgentInScope } from '../../core/entities.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { queryRows } from '../../db/client.ts';
import { type CsvColumn, numberColumn, textColumn } from '../../lib/csv.ts';
import { monthOf } from '../../lib/time.ts';

interface RegistrationDay {
  date: string;
  count: number;
}
/** The registrations export: its columns and their headers in each language. */
export const registrationCsvColumns: CsvColumn<RegistrationDay>[] = [
  textColumn({ th: 'วันที่', en: 'Date' }, (r) => r.date),
  numberColumn({ th: 'จำนวนผู้ลงทะเบียน', en: 'Registrations' }, (r) => r.count),
];

/**
 * Players registered per day of the month holding `date`, of one agent or (`all`) every agent of the
 * caller's scope (the whole platform for staff); every day listed (business days in the report zone).
 * Deleted players count: they did register. An agent outside the scope answers as a missing one.
 */
export const registrationsPerDay = async (
  ctx: AppContext,
  scope: Scope,
  agentId: bigint | 'all',
  date: string,
): Promise<RegistrationDay[]> => {
  if (agentId !== 'all') {
    assertAgentInScope(scope, agentId);
    await assertAgentExists(ctx.db, agentId);
  }
  const tz = ctx.config.REPORT_TIMEZONE;
  const first = monthOf(date, tz);
  // One range read of the month's registrations (by agent and time, or by time alone for the
  // whole platform), grouped by business day; days without any answer 0.
  const ofAgent =
    agentId !== 'all'
      ? sql`and u.agent_id = ${agentId}`
      : scope.kind === 'all'
        ? sql``
        : sql`and u.agent_id = any(${arrayLiteral(scope.agentIds.map(String))}::bigint[])`;
  return queryRows<{ date: string; count: number }>(
    ctx.db,
    sql`
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(c.count, 0)::int as count
      from generate_series(${first}::date, ${first}::date + interval '1 month' - interval '1 day', interval '1 day') d(day)
      left join (
        select (u.created_at at time zone ${tz}::text)::date as day, count(*) as count
        from users u
        where u.created_at >= (${first}::date::timestamp at time zone ${tz}::text)
          and u.created_at < ((${first}::date + interval '1 month')::timestamp at time zone ${tz}::text)
          ${ofAgent}
        group by 1
      ) c on c.day = d.day::date
      order by d.day`,
  ).then((rows) => rows.map((r) => ({ date: r.date, count: Number(r.count) })));
};
