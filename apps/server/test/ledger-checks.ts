import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import type { TestApp } from './harness.ts';

/** Every rollup row equals what the raw rows it stands for add up to, and none is missing or extra. */
export const rollupMismatches = async (t: Pick<TestApp, 'ctx'>) => {
  const tz = t.ctx.config.REPORT_TIMEZONE;
  const game = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with raw as (
          select agent_id, (start_date at time zone ${tz})::date as day, game_brand, game_code, bet_type,
                 sum(amount) as amount, count(*) as tx_count
          from transactions group by 1, 2, 3, 4, 5)
        select count(*)::text as n from raw full join rollup_game_daily r
          using (agent_id, day, game_brand, game_code, bet_type)
        where raw.amount is distinct from r.amount or raw.tx_count is distinct from r.tx_count`,
  );
  const brand = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with raw as (
          select agent_id, (start_date at time zone ${tz})::date as day, game_brand, bet_type,
                 sum(amount) as amount, count(*) as tx_count
          from transactions group by 1, 2, 3, 4)
        select count(*)::text as n from raw full join rollup_brand_daily r using (agent_id, day, game_brand, bet_type)
        where raw.amount is distinct from r.amount or raw.tx_count is distinct from r.tx_count`,
  );
  const brandMonth = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with raw as (
          select agent_id, date_trunc('month', start_date at time zone ${tz})::date as month, game_brand, bet_type,
                 sum(amount) as amount, count(*) as tx_count
          from transactions group by 1, 2, 3, 4)
        select count(*)::text as n from raw full join rollup_brand_monthly r using (agent_id, month, game_brand, bet_type)
        where raw.amount is distinct from r.amount or raw.tx_count is distinct from r.tx_count`,
  );
  const agent = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with raw as (
          select agent_id, (start_date at time zone ${tz})::date as day, bet_type,
                 sum(amount) as amount, count(*) as tx_count
          from transactions group by 1, 2, 3)
        select count(*)::text as n from raw full join rollup_agent_daily r using (agent_id, day, bet_type)
        where raw.amount is distinct from r.amount or raw.tx_count is distinct from r.tx_count`,
  );
  const players = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with raw as (
          select distinct date_trunc('month', (start_date at time zone ${tz})::date)::date as month, agent_id, user_id
          from transactions)
        select count(*)::text as n from raw full join rollup_player_month r using (month, agent_id, user_id)
        where raw.user_id is null or r.user_id is null`,
  );
  return (
    Number(game[0]?.n) +
    Number(brand[0]?.n) +
    Number(brandMonth[0]?.n) +
    Number(agent[0]?.n) +
    Number(players[0]?.n)
  );
};

export const countRows = async (
  t: Pick<TestApp, 'ctx'>,
  table: 'transactions' | 'transaction_keys' | 'users',
) =>
  Number(
    (await queryRows<{ n: string }>(t.ctx.db, sql`select count(*)::text as n from ${sql.raw(table)}`))[0]?.n,
  );
