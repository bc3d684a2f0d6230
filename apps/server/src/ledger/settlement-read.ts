import { sql } from 'drizzle-orm';
import { type Executor, preparedStatement } from '../db/client.ts';

/*
 * What a statement reads (docs/design.md §15), in one statement: the periods, the months the live
 * chain spans (from the last closed month before the one asked for, else from the first month with an
 * arrangement or payment), the versions in force on some day of them, every agent's win/lose per
 * stretch of days with the same versions in force (a whole month from rollup_brand_monthly, a shorter
 * stretch from rollup_agent_daily), the payments summed per month, line and direction, the
 * settle-each-period options, the frozen lines the chain starts from (or, for a closed month, its own),
 * the ledger fingerprints of the closed months (late bets) and the names of the agents in all of it.
 * A closed month reads only its periods, frozen lines and names: the other parts are skipped by their
 * `live` condition. The rare part — closed months whose ledger changed since they closed — is read by
 * `dirtyRead`, in one more statement for all of them.
 */

/** A version as the engine needs it. */
export interface VersionSpan {
  id: bigint;
  sharingId: bigint;
  agentId: bigint;
  parentAgentId: bigint;
  parentBp: number;
  effectiveFrom: string;
  effectiveTo: string | null;
}

export interface PeriodState {
  month: string;
  status: 'closing' | 'closed';
  closedAt: Date | null;
  ledgerCount: string | null;
  ledgerAmount: string | null;
}

/**
 * An agent's win/lose over a stretch of days starting on `day` (one day in `dirtyRead`; in
 * `statementRead` the days up to the next start of a version or a month, all with the same versions).
 */
export interface DayWinLose {
  agentId: bigint;
  day: string;
  winLose: bigint;
}

export interface FrozenLineRow {
  month: string;
  sharingId: bigint;
  agentId: bigint;
  parentAgentId: bigint;
  segments: { from: string; to: string; bp: number; winLose: string; parentShare: string }[];
  winLose: bigint;
  parentShare: bigint;
  adjustment: bigint;
  adjustments: { month: string; amount: string }[];
  carriedIn: bigint;
  paymentsToParent: bigint;
  paymentsToChild: bigint;
  outstanding: bigint;
  settleEachPeriod: boolean;
}

export interface PaymentSum {
  month: string;
  sharingId: bigint;
  agentId: bigint;
  parentAgentId: bigint;
  toParent: bigint;
  toChild: bigint;
}

export type AgentNames = Map<bigint, { username: string; prefix: string }>;

export interface StatementRead {
  periods: PeriodState[];
  /** The live chain's first month and the month after the one asked for (first days). */
  from: string;
  to: string;
  versions: VersionSpan[];
  days: DayWinLose[];
  payments: PaymentSum[];
  settle: Set<bigint>;
  /** A closed month's own lines, else the last closed month's before it (the chain's carry). */
  frozen: FrozenLineRow[];
  /** Per closed month: Σ tx_count and Σ amount of its win/lose rows now (live statements after a close). */
  prints: Map<string, { count: bigint; amount: bigint }>;
  names: AgentNames;
}

const WIN_LOSE = sql.raw(`('HOLD', 'SETTLE', 'CANCEL', 'VOID')`);

/** Sections of the read, each a JSON array (as text: the same on both engines and drivers). */
// The CTE `v` (versions), `f` (frozen lines) and `d` (win/lose per agent and day) as JSON arrays.
const versionsJson = sql`(select coalesce(json_agg(json_build_array(
    v.id::text, v.sharing_id::text, v.agent_id::text, v.parent_agent_id::text, v.parent_bp,
    v.effective_from::text, v.effective_to::text) order by v.effective_from, v.id), '[]')::text from v)`;

const frozenJson = sql`(select coalesce(json_agg(json_build_array(
    f.month::text, f.sharing_id::text, f.agent_id::text, f.parent_agent_id::text, f.segments,
    f.win_lose::text, f.parent_share::text, f.adjustment::text, f.adjustments, f.carried_in::text,
    f.payments_to_parent::text, f.payments_to_child::text, f.outstanding::text, f.settle_each_period)
    order by f.month, f.sharing_id, f.agent_id, f.parent_agent_id), '[]')::text from f)`;

const daysJson = sql`(select coalesce(json_agg(json_build_array(d.agent_id::text, d.day::text, d.win_lose::text)), '[]')::text from d)`;

/** Names of the agents `ids` (a select of ids). */
const namesJson = (ids: ReturnType<typeof sql>) => sql`(select coalesce(json_agg(json_build_array(
    a.id::text, a.username, a.prefix)), '[]')::text
  from agents a where a.id in (${ids}))`;

/** The statement `statementRead` runs (its month a placeholder); exported for EXPLAIN. */
export const statementReadSql = sql`with asked as (select ${sql.placeholder('month')}::date as month),
  b as (
    select asked.month,
      coalesce((select status from settlement_periods where month = asked.month), 'open') <> 'closed' as live,
      lc.m as last_closed,
      coalesce((lc.m + interval '1 month')::date,
        least(asked.month, date_trunc('month', least(
          (select min(effective_from) from agent_sharing_versions
            where effective_to is null or effective_to > effective_from),
          (select min(paid_on) from settlement_payments where voided_at is null))::timestamp)::date)) as from_day,
      (asked.month + interval '1 month')::date as to_day
    from asked,
      lateral (select max(month) as m from settlement_periods
               where status = 'closed' and month < asked.month) lc
  ),
  v as (
    select v.* from agent_sharing_versions v, b
    where b.live and v.effective_from < b.to_day
      and (v.effective_to is null or v.effective_to > b.from_day)
      and (v.effective_to is null or v.effective_to > v.effective_from)
  ),
  p as (
    select date_trunc('month', s.paid_on::timestamp)::date as month, s.sharing_id, s.agent_id, s.parent_agent_id,
      coalesce(sum(s.amount) filter (where s.direction = 'to-parent'), 0) as to_parent,
      coalesce(sum(s.amount) filter (where s.direction = 'to-child'), 0) as to_child
    from settlement_payments s, b
    where b.live and s.paid_on >= b.from_day and s.paid_on < b.to_day and s.voided_at is null
    group by 1, 2, 3, 4
  ),
  f as (
    select l.* from settlement_lines l, b
    where l.month = case when b.live then b.last_closed else b.month end
  ),
  -- Stretches of days with the same versions in force, inside one month: they start on the chain's
  -- months and on the days a version starts or ends. The downline sum of a stretch is the sum of its
  -- days' (the tree is the same on each), so the win/lose is read per agent and stretch.
  starts as (
    select distinct x.day from b, lateral (
      select generate_series(b.from_day::timestamp, b.to_day::timestamp - interval '1 day', interval '1 month')::date
      union all select effective_from from v
      union all select effective_to from v
    ) as x(day)
    where b.live and x.day >= b.from_day and x.day < b.to_day
  ),
  stretches as (
    select day as first, coalesce(lead(day) over (order by day), (select to_day from b)) as after from starts
  ),
  -- A stretch that is a whole month reads the month's rollup (a row per agent, brand and bet type), a
  -- shorter one its days'. Materialized, as \`pr\` below: on Citus each of the two reads of the ledger
  -- runs on the workers first, so the rest — catalogue and settlement tables, with subqueries that
  -- name \`b\` — is a statement over the coordinator's own tables.
  d as materialized (
    select x.agent_id, x.first as day, sum(x.amount) as win_lose from (
      select r.agent_id, s.first, r.amount
      from stretches s join rollup_brand_monthly r on r.month = s.first
      where s.after = (s.first + interval '1 month')::date and extract(day from s.first) = 1
        and r.bet_type in ${WIN_LOSE}
      union all
      select r.agent_id, s.first, r.amount
      from stretches s join rollup_agent_daily r on r.day >= s.first and r.day < s.after
      where not (s.after = (s.first + interval '1 month')::date and extract(day from s.first) = 1)
        and r.bet_type in ${WIN_LOSE}
    ) x
    group by x.agent_id, x.first
  ),
  -- Σ count and amount of the win/lose rows of each closed month now, for a live statement after a close.
  pr as materialized (
    select r.month, sum(r.tx_count) as n, sum(r.amount) as amount
    from rollup_brand_monthly r
    where r.bet_type in ${WIN_LOSE}
      and r.month in (select month from settlement_periods where status = 'closed')
      and exists (select 1 from b where b.live and b.last_closed is not null)
    group by r.month
  )
  select
    (select coalesce(json_agg(json_build_array(month::text, status,
        floor(extract(epoch from closed_at) * 1000)::text, ledger_count::text, ledger_amount::text)
        order by month), '[]')::text from settlement_periods) as periods,
    b.from_day::text, b.to_day::text,
    ${versionsJson} as versions,
    ${daysJson} as days,
    (select coalesce(json_agg(json_build_array(p.month::text, p.sharing_id::text, p.agent_id::text,
        p.parent_agent_id::text, p.to_parent::text, p.to_child::text)), '[]')::text from p) as payments,
    (select coalesce(json_agg(s.id::text), '[]')::text from agent_sharing s
      where b.live and s.settle_each_period) as settle,
    ${frozenJson} as frozen,
    (select coalesce(json_agg(json_build_array(pr.month::text, pr.n::text, pr.amount::text)), '[]')::text
      from pr) as prints,
    ${namesJson(sql`select agent_id from v union select parent_agent_id from v
       union select agent_id from p union select parent_agent_id from p
       union select agent_id from f union select parent_agent_id from f`)} as names
  from b`;

const read = preparedStatement<{
  periods: string;
  from_day: string;
  to_day: string;
  versions: string;
  days: string;
  payments: string;
  settle: string;
  frozen: string;
  prints: string;
  names: string;
}>('settlement_read', statementReadSql);

/** Another read of closed months whose ledger changed: their versions, days, frozen lines and names. */
const dirtyStatement = preparedStatement<{ versions: string; days: string; frozen: string; names: string }>(
  'settlement_dirty_read',
  sql`with m as (select unnest(${sql.placeholder('months')}::date[]) as month),
  bounds as (select min(month) as first, (max(month) + interval '1 month')::date as after from m),
  v as (
    select v.* from agent_sharing_versions v, bounds
    where v.effective_from < bounds.after and (v.effective_to is null or v.effective_to > bounds.first)
      and (v.effective_to is null or v.effective_to > v.effective_from)
  ),
  f as (select l.* from settlement_lines l, bounds where l.month >= bounds.first),
  d as materialized (
    select r.agent_id, r.day, sum(r.amount) as win_lose
    from m join rollup_agent_daily r on r.day >= m.month and r.day < (m.month + interval '1 month')::date
    where r.bet_type in ${WIN_LOSE}
    group by r.agent_id, r.day
  )
  select
    ${versionsJson} as versions,
    ${daysJson} as days,
    ${frozenJson} as frozen,
    ${namesJson(sql`select agent_id from v union select parent_agent_id from v
       union select agent_id from f union select parent_agent_id from f`)} as names`,
);

type Json = unknown[];
const rowsOf = (text: string) => JSON.parse(text) as Json[];
const big = (v: unknown) => BigInt(String(v));

const versionsOf = (text: string): VersionSpan[] =>
  rowsOf(text).map((r) => ({
    id: big(r[0]),
    sharingId: big(r[1]),
    agentId: big(r[2]),
    parentAgentId: big(r[3]),
    parentBp: Number(r[4]),
    effectiveFrom: String(r[5]),
    effectiveTo: r[6] === null ? null : String(r[6]),
  }));

const daysOf = (text: string): DayWinLose[] =>
  rowsOf(text).map((r) => ({ agentId: big(r[0]), day: String(r[1]), winLose: big(r[2]) }));

const frozenOf = (text: string): FrozenLineRow[] =>
  rowsOf(text).map((r) => ({
    month: String(r[0]),
    sharingId: big(r[1]),
    agentId: big(r[2]),
    parentAgentId: big(r[3]),
    segments: r[4] as FrozenLineRow['segments'],
    winLose: big(r[5]),
    parentShare: big(r[6]),
    adjustment: big(r[7]),
    adjustments: r[8] as FrozenLineRow['adjustments'],
    carriedIn: big(r[9]),
    paymentsToParent: big(r[10]),
    paymentsToChild: big(r[11]),
    outstanding: big(r[12]),
    settleEachPeriod: r[13] === true,
  }));

const namesOf = (text: string): AgentNames =>
  new Map(rowsOf(text).map((r) => [big(r[0]), { username: String(r[1]), prefix: String(r[2]) }]));

/** Everything the statement of `month` (its first day) reads, in one statement. */
export const statementRead = async (db: Executor, month: string): Promise<StatementRead> => {
  const [row] = await read(db, { month });
  if (!row) throw new Error('the settlement read answered no row');
  return {
    periods: rowsOf(row.periods).map((r) => ({
      month: String(r[0]),
      status: r[1] === 'closed' ? 'closed' : 'closing',
      closedAt: r[2] === null ? null : new Date(Number(r[2])),
      ledgerCount: r[3] === null ? null : String(r[3]),
      ledgerAmount: r[4] === null ? null : String(r[4]),
    })),
    from: row.from_day,
    to: row.to_day,
    versions: versionsOf(row.versions),
    days: daysOf(row.days),
    payments: rowsOf(row.payments).map((r) => ({
      month: String(r[0]),
      sharingId: big(r[1]),
      agentId: big(r[2]),
      parentAgentId: big(r[3]),
      toParent: big(r[4]),
      toChild: big(r[5]),
    })),
    settle: new Set(rowsOf(row.settle).map((r) => big(r))),
    frozen: frozenOf(row.frozen),
    prints: new Map(
      rowsOf(row.prints).map((r) => [String(r[0]), { count: big(r[1]), amount: big(r[2]) }] as const),
    ),
    names: namesOf(row.names),
  };
};

export interface DirtyRead {
  versions: VersionSpan[];
  days: DayWinLose[];
  /** Frozen lines of every closed month from the earliest given on. */
  frozen: FrozenLineRow[];
  names: AgentNames;
}

/** What the adjustments of closed months whose ledger changed need (`months`: their first days). */
export const dirtyRead = async (db: Executor, months: readonly string[]): Promise<DirtyRead> => {
  const [row] = await dirtyStatement(db, { months: `{${months.join(',')}}` });
  if (!row) throw new Error('the settlement read answered no row');
  return {
    versions: versionsOf(row.versions),
    days: daysOf(row.days),
    frozen: frozenOf(row.frozen),
    names: namesOf(row.names),
  };
};
