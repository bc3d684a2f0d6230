import { sql } from 'drizzle-orm';
import { type Executor, queryPrepared } from '../db/client.ts';

/*
 * The ledger reads settlement needs (docs/design.md §15): win/lose (HOLD + SETTLE + CANCEL + VOID, from
 * the players' wallets) per agent and business day from rollup_agent_daily, and a month's fingerprint
 * from rollup_brand_monthly (a few rows an agent) to tell whether late bets arrived after a close.
 */

/** One agent's win/lose on one business day, in satang. */
export interface AgentDayWinLose {
  agentId: bigint;
  day: string;
  winLose: bigint;
}

/** Every agent's win/lose per business day of [from, to) — `to` exclusive — that has any. */
export const agentDayWinLose = async (db: Executor, from: string, to: string): Promise<AgentDayWinLose[]> => {
  const rows = await queryPrepared<{ agent_id: string; day: string; win_lose: string }>(
    db,
    'settlement_agent_days',
    sql`select agent_id::text, day::text, sum(amount)::text as win_lose
        from rollup_agent_daily
        where day >= ${from}::date and day < ${to}::date
          and bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')
        group by agent_id, day`,
  );
  return rows.map((r) => ({ agentId: BigInt(r.agent_id), day: r.day, winLose: BigInt(r.win_lose) }));
};

/** A month's ledger as settlement reads it: how many win/lose rows and their sum. */
export interface LedgerFingerprint {
  count: bigint;
  amount: bigint;
}

/** The fingerprint of each given month (first days); a month with no bets has 0 and 0. */
export const monthFingerprints = async (
  db: Executor,
  months: readonly string[],
): Promise<Map<string, LedgerFingerprint>> => {
  const out = new Map<string, LedgerFingerprint>(months.map((m) => [m, { count: 0n, amount: 0n }]));
  if (months.length === 0) return out;
  const rows = await queryPrepared<{ month: string; n: string; amount: string }>(
    db,
    'settlement_fingerprints',
    sql`select month::text, coalesce(sum(tx_count), 0)::text as n, coalesce(sum(amount), 0)::text as amount
        from rollup_brand_monthly
        where month = any(${`{${months.join(',')}}`}::date[])
          and bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')
        group by month`,
  );
  for (const r of rows) out.set(r.month, { count: BigInt(r.n), amount: BigInt(r.amount) });
  return out;
};
