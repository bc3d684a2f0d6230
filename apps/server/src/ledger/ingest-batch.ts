import type { IngestItem } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../db/array-literal.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryPrepared, queryTextRows } from '../db/client.ts';
import { constraintOf, isUniqueViolation } from '../db/errors.ts';
import { withRetry } from '../db/retry.ts';
import { monthOfDay, sqlTime } from '../db/sql-time.ts';
import { toMinor } from '../lib/money.ts';
import { conflict } from '../plugins/errors.ts';

export interface IngestAgent {
  id: bigint;
  prefix: string;
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
}

const arr = (values: readonly (string | null)[]) => sql.param(arrayLiteral(values));

/**
 * Live players by lower(username): one probe of the byte-wise unique index (migration 0012) per
 * name. Written as `= any(names)`, PostgreSQL scans every player instead, lower-casing each name
 * (18 ms a batch at 50,000 players); the `limit 1` keeps the probe per name.
 */
const livePlayers = (tx: Tx, names: string[]) =>
  queryTextRows<{ id: string; agent_id: string; name: string }>(
    tx,
    sql`select u.id::text as id, u.agent_id::text as agent_id, n.name
        from unnest(${arr(names)}::text[]) as n(name)
        cross join lateral (select id, agent_id from users
                            where (lower(username) collate "C") = n.name and deleted_at is null
                            limit 1) as u`,
    'ingest_players',
  );

/** Make sure every player of the batch exists under the agent; answers lower(username) → id. */
const playerIds = async (tx: Tx, agent: IngestAgent, items: IngestItem[], now: Date) => {
  const names = [...new Set(items.map((i) => `${agent.prefix}${i.username}`.toLowerCase()))];
  // Almost every batch names only known players: look first, insert only the missing ones
  // (an upsert of all of them would pay a conflict check per name).
  const rows = await livePlayers(tx, names);
  if (rows.length < names.length) {
    const known = new Set(rows.map((r) => r.name));
    const missing = names.filter((n) => !known.has(n));
    await tx.execute(sql`
      insert into users (agent_id, username, bet_limit, created_at, updated_at)
      select ${agent.id}, n, 0, ${sqlTime(now)}, ${sqlTime(now)}
      from unnest(${arr(missing)}::text[]) as n
      on conflict ((lower(username)) collate "C") where deleted_at is null do nothing`);
    // Re-read them: a concurrent batch may have created some first.
    rows.push(...(await livePlayers(tx, missing)));
  }
  const ids = new Map<string, string>();
  for (const r of rows) {
    if (r.agent_id !== agent.id.toString()) {
      throw conflict(`Player "${r.name}" belongs to another agent`);
    }
    ids.set(r.name, r.id);
  }
  return ids;
};

/**
 * A CTE adding the inserted rows' sums and counts into one rollup table, grouped by `keys` (columns
 * of `games`, in the order of the table's key) and by the agent unless `agentId` is null (a table
 * summing every agent); groups are upserted in key order, so concurrent batches lock rows in the
 * same order and never deadlock.
 */
const addInto = (table: string, keys: readonly string[], agentId: bigint | null) => {
  const cols = sql.raw(keys.join(', '));
  const t = sql.raw(table);
  const agentCol = agentId === null ? sql`` : sql`agent_id, `;
  const agentVal = agentId === null ? sql`` : sql`${agentId}::bigint, `;
  return sql`${sql.raw(`${table}_add`)} as (
          insert into ${t} (${agentCol}${cols}, amount, tx_count)
          select ${agentVal}${cols}, sum(amount), sum(tx_count) from games
          group by ${cols}
          order by ${cols}
          on conflict (${agentCol}${cols}) do update
            set amount = ${t}.amount + excluded.amount,
                tx_count = ${t}.tx_count + excluded.tx_count
        )`;
};

/**
 * A bet key a concurrent batch stored after this one looked: the whole batch runs again and then
 * counts that row as a duplicate (the keys are inserted plainly, not `on conflict do nothing`,
 * which costs a second index search and WAL record per row).
 */
const lostKeyRace = (err: unknown) => isUniqueViolation(err) && constraintOf(err) === 'transaction_keys_pkey';

/**
 * Store one batch all-or-nothing: players created as needed, new rows inserted, rows already
 * known by (agent, betId, betType) counted as duplicates, and every rollup advanced by exactly
 * the rows inserted — in one statement, inside one transaction.
 */
export const ingestBatch = (db: Db, agent: IngestAgent, items: IngestItem[], timeZone: string, now: Date) =>
  withRetry(
    () =>
      db.transaction(async (tx): Promise<IngestResult> => {
        const ids = await playerIds(tx, agent, items, now);
        const usernames = items.map((i) => `${agent.prefix}${i.username}`.toLowerCase());
        const [result] = await queryPrepared<{ accepted: string }>(
          tx,
          'ingest_batch',
          sql`
        with input as (
          select distinct on (bet_id, bet_type) *
          from unnest(
            ${arr(items.map((i) => i.betId))}::text[],
            ${arr(items.map((i) => i.betType))}::text[],
            ${arr(items.map((i) => i.betTypeFromGame))}::text[],
            ${arr(items.map((i) => i.gameBrand))}::text[],
            ${arr(items.map((i) => i.gameCode))}::text[],
            ${arr(usernames.map((u) => ids.get(u) ?? null))}::bigint[],
            ${arr(usernames)}::text[],
            ${arr(items.map((i) => toMinor(i.amount).toString()))}::bigint[],
            ${arr(items.map((i) => i.startDate))}::timestamptz[],
            ${arr(items.map((i) => i.endDate ?? null))}::timestamptz[]
          ) with ordinality as i(bet_id, bet_type, bet_type_from_game, game_brand, game_code, user_id, username,
                                 amount, start_date, end_date, ord)
          order by bet_id, bet_type, ord
        ),
        fresh as (
          insert into transaction_keys (agent_id, bet_id, bet_type, start_date, tx_id)
          select ${agent.id}, bet_id, bet_type, start_date, nextval('transactions_id_seq') from input i
          where not exists (select 1 from transaction_keys k
                            where k.bet_id = i.bet_id and k.agent_id = ${agent.id} and k.bet_type = i.bet_type)
          order by bet_id, bet_type
          returning bet_id, bet_type, tx_id
        ),
        ins as (
          insert into transactions (id, agent_id, user_id, username, bet_id, bet_type, bet_type_from_game,
                                    game_brand, game_code, amount, start_date, end_date, created_at)
          select f.tx_id, ${agent.id}, i.user_id, i.username, i.bet_id, i.bet_type, i.bet_type_from_game,
                 i.game_brand, i.game_code, i.amount, i.start_date, i.end_date, ${sqlTime(now)}
          from fresh f join input i using (bet_id, bet_type)
          returning user_id, game_brand, game_code, bet_type, amount, start_date
        ),
        days as (
          -- One time-zone conversion per row; the month is the day's first (date arithmetic).
          select day, ${monthOfDay} as month,
                 user_id, game_brand, game_code, bet_type, amount
          from (select (start_date at time zone ${timeZone})::date as day, user_id, game_brand, game_code,
                       bet_type, amount from ins) as d
        ),
        games as (
          -- The finest grain the sum rollups share: each of them adds up these groups (a live batch
          -- has a few hundred), not every row again.
          select day, month, game_brand, game_code, bet_type, sum(amount)::bigint as amount, count(*) as tx_count
          from days
          group by day, month, game_brand, game_code, bet_type
        ),
        active as (
          insert into rollup_player_month (month, agent_id, user_id)
          select distinct month, ${agent.id}::bigint, user_id from days
          order by 1, 3
          on conflict do nothing
          returning 1
        ),
        ${addInto('rollup_game_daily', ['day', 'game_brand', 'game_code', 'bet_type'], agent.id)},
        ${addInto('rollup_brand_daily', ['day', 'game_brand', 'bet_type'], agent.id)},
        ${addInto('rollup_brand_monthly', ['month', 'game_brand', 'bet_type'], agent.id)},
        ${addInto('rollup_agent_daily', ['day', 'bet_type'], agent.id)},
        ${addInto('rollup_code_daily', ['game_brand', 'day', 'game_code', 'bet_type'], null)}
        select (select count(*) from ins)::text as accepted`,
        );
        const accepted = Number(result?.accepted ?? 0);
        return { accepted, duplicates: items.length - accepted };
      }),
    5,
    lostKeyRace,
  );
