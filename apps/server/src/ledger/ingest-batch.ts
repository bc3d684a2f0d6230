import { type IngestConflictData, type IngestItem, MAX_YEAR, MIN_YEAR, Status } from '@sapi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { conflict, invalidField, refusal } from '../core/errors.ts';
import { arrayLiteral } from '../db/array-literal.ts';
import type { Db, Executor, Tx } from '../db/client.ts';
import { agentShardCall, agentStatement, onCitus } from '../db/client.ts';
import { constraintOf, isUniqueViolation, sqlStateOf } from '../db/errors.ts';
import { withRetry } from '../db/retry.ts';
import { toMinor } from '../lib/money.ts';
import { dateInZone } from '../lib/time.ts';
import { amountOfType, betTypeColumns, countOfType, sumColumns, typeColumns } from './bet-type-columns.ts';
import { type BetRollupName, betRollupNames, measureColumns, perAgent, rollupNamed } from './catalogue.ts';
import { countRegistrations } from './registrations.ts';
import { hourColumns, hourOfDay, minuteOfHour, monthOfDay, sumsBy } from './time-columns.ts';

export interface IngestAgent {
  id: bigint;
  prefix: string;
}

/** Where an API request came from, for the ingest log row the batch's statement writes. */
export interface IngestLogEntry {
  ip: string;
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
}

const p = (name: string) => sql.placeholder(name);

/**
 * A rollup's key without its agent column (in the order of the table's key), and that column and
 * its value (this batch's agent) unless the rollup sums every agent.
 */
const keyOf = (name: BetRollupName) => {
  const { keys } = rollupNamed(name);
  const perAgent = keys.includes('agent_id');
  return {
    cols: sql.raw(keys.filter((k) => k !== 'agent_id').join(', ')),
    agentCol: perAgent ? sql`agent_id, ` : sql``,
    agentVal: perAgent ? sql`${p('agent')}::bigint, ` : sql``,
  };
};

/**
 * A CTE adding this batch's groups of `source` (the CTE `games` or `hours` below) into rollup
 * `table`: one row per group of its key (with the agent, unless the table sums every agent), its
 * `columns` valued by `values` over the group and added to a stored row's. Groups are upserted in key
 * order, so concurrent batches lock rows in the same order and never deadlock.
 */
const addInto = (
  table: BetRollupName,
  source: 'games' | 'hours',
  columns: readonly string[],
  values: SQL,
) => {
  const { cols, agentCol, agentVal } = keyOf(table);
  return sql`${sql.raw(`${table}_add`)} as (
          insert into ${sql.raw(table)} (${agentCol}${cols}, ${sql.raw(columns.join(', '))})
          select ${agentVal}${cols}, ${values}
          from ${sql.raw(source)}
          group by ${cols}
          order by ${cols}
          on conflict (${agentCol}${cols}) do update
            set ${sql.raw(columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '))}
        )`;
};

/** Sums of amounts and counts, a row per bet type (amount, tx_count). */
const addSumsInto = (table: BetRollupName) =>
  addInto(table, 'games', ['amount', 'tx_count'], sql`sum(amount), sum(tx_count)`);

/** Sums of amounts with a column per bet type, then the count (0027, 0028, 0031, 0032). */
const addColumnsInto = (table: BetRollupName) =>
  addInto(
    table,
    'games',
    sumColumns,
    sql.raw(`${betTypeColumns.map(({ betType }) => amountOfType(betType)).join(', ')}, sum(tx_count)`),
  );

/**
 * Counts per hour of the day (h00 … h23) or per minute of the hour (m00 … m59), by the rollup's grain
 * (0025, 0033), added up from the groups of `hours`.
 */
const addCountsInto = (table: BetRollupName) => {
  const rollup = rollupNamed(table);
  const columns = measureColumns(rollup);
  return addInto(
    table,
    'hours',
    columns,
    sumsBy(columns, rollup.grain === 'minute' ? 'minute' : 'hour', 'n'),
  );
};

/**
 * Each rollup's part of the batch's statement: a CTE adding the rows it stores (from the CTEs `days`,
 * `hours`, `agent_days` and `games` before them) into the rollup. One per rollup of the bets in the
 * catalogue (ledger/catalogue.ts; the compiler holds the two to each other); `rollupCtes` joins them
 * in its order. The parts of the sum and count rollups are made from their entries (key, measure
 * columns, grain); the others are written out.
 */
const rollupParts: { [N in BetRollupName]: SQL } = {
  rollup_player_month: sql`active as (
          insert into rollup_player_month (month, agent_id, user_id)
          select distinct month, ${p('agent')}::bigint, user_id from days
          order by 1, 3
          on conflict do nothing
          -- Only the rows this batch inserts: a player another batch inserted first (even one
          -- still open: the insert waits for it) is not counted again.
          returning month
        )`,
  rollup_game_daily: addColumnsInto('rollup_game_daily'),
  rollup_brand_daily: addColumnsInto('rollup_brand_daily'),
  rollup_brand_monthly: addSumsInto('rollup_brand_monthly'),
  rollup_game_monthly: addColumnsInto('rollup_game_monthly'),
  rollup_agent_daily: sql`rollup_agent_daily_add as (
          insert into rollup_agent_daily (agent_id, day, bet_type, amount, tx_count, ${sql.raw(hourColumns.join(', '))})
          select ${p('agent')}::bigint, day, bet_type, amount, tx_count, ${sql.raw(hourColumns.join(', '))}
          from agent_days
          order by day, bet_type
          on conflict (agent_id, day, bet_type) do update
            set amount = rollup_agent_daily.amount + excluded.amount,
                tx_count = rollup_agent_daily.tx_count + excluded.tx_count,
                ${sql.raw(hourColumns.map((h) => `${h} = rollup_agent_daily.${h} + excluded.${h}`).join(', '))}
        )`,
  // The agent's rows per day, brand and bet type in each hour of the day (0025), and per minute of each hour (0033).
  rollup_brand_hours: addCountsInto('rollup_brand_hours'),
  rollup_brand_minutes: addCountsInto('rollup_brand_minutes'),
  rollup_player_daily: sql`rollup_player_daily_add as (
          -- The agent's rows per player, day and brand, counted per bet type (0034), for deep links
          -- filtered by a player.
          insert into rollup_player_daily (agent_id, user_id, day, game_brand, ${sql.raw(typeColumns.join(', '))})
          select ${p('agent')}::bigint, user_id, day, game_brand,
                 ${sql.raw(betTypeColumns.map(({ betType }) => countOfType(betType)).join(', '))}
          from days
          group by user_id, day, game_brand
          order by user_id, day, game_brand
          on conflict (agent_id, user_id, day, game_brand) do update
            set ${sql.raw(typeColumns.map((c) => `${c} = rollup_player_daily.${c} + excluded.${c}`).join(', '))}
        )`,
  rollup_code_daily: addColumnsInto('rollup_code_daily'),
  rollup_brand_day_all: addColumnsInto('rollup_brand_day_all'),
  rollup_active_players: sql`active_count as (
          -- The month's count of active players: one row per agent, advanced by the players first
          -- seen this month in this batch (none: no row is touched, no lock taken).
          insert into rollup_active_players (month, agent_id, players)
          select month, ${p('agent')}::bigint, count(*) from active
          group by month
          order by month
          on conflict (month, agent_id) do update
            set players = rollup_active_players.players + excluded.players
        )`,
};
/**
 * The rollups a batch advances: all of them on one database; on Citus only the agent's own, which live
 * in its shard group (the two summed over every agent are not kept there: their readers sum the
 * per-agent rollups instead, docs/scaling.md §4).
 */
const rollupCtes = (onShard: boolean) =>
  sql.join(
    betRollupNames.filter((name) => !onShard || perAgent(rollupNamed(name))).map((name) => rollupParts[name]),
    sql`,
        `,
  );

/**
 * The statement storing one batch: its rows, their keys and every rollup, all or nothing. It first
 * checks the batch's players and game brands and stores nothing unless each player exists under the
 * agent and each brand is a registered provider: it then answers how many players are missing (the
 * caller creates them and runs it again), one that belongs to another agent, or a brand unknown.
 * With `probe`, bets already stored are looked up first: an identical one counts as a duplicate, one
 * differing in any field is a conflict, named in `conflicts` (the items' ordinals) and storing
 * nothing; without, every bet is inserted and a stored one fails the statement on the key's unique
 * index, so a batch of new bets pays nothing for the comparison.
 */
export const batchSql = (probe: boolean, log: boolean, onShard = false) =>
  sql`
        with players as (
          -- One probe of the byte-wise unique index (migration 0012) per name. Written as
          -- "= any(names)", PostgreSQL scans every player instead, lower-casing each name; the
          -- "limit 1" keeps the probe per name.
          select n.name, u.id, u.agent_id
          from unnest(${p('names')}::text[]) as n(name)
          left join users u on (lower(u.username) collate "C") = n.name and u.deleted_at is null
        ),
        items as (
          select * from unnest(
            ${p('betIds')}::text[],
            ${p('betTypes')}::text[],
            ${p('betTypesFromGame')}::text[],
            ${p('gameBrands')}::text[],
            ${p('gameCodes')}::text[],
            ${p('usernames')}::text[],
            ${p('amounts')}::bigint[],
            ${p('startDates')}::timestamptz[],
            ${p('endDates')}::timestamptz[]
          ) with ordinality as i(bet_id, bet_type, bet_type_from_game, game_brand, game_code, username,
                                 amount, start_date, end_date, ord)
        ),
        ${
          probe
            ? sql`conflicts as (
          -- Stored bets of the batch that differ from it in any field: per item one probe of the key,
          -- then one of its row by (agent, start_date, id), the list's B-tree index — by id alone
          -- the index is a BRIN, which rechecks thousands of rows per probe.
          -- Plain joins, not lateral ones: Citus plans no lateral join over a CTE.
          select i.ord from items i
          join transaction_keys k
            on k.agent_id = ${p('agent')}::bigint and k.bet_id = i.bet_id and k.bet_type = i.bet_type
          join transactions t
            on t.agent_id = ${p('agent')}::bigint and t.start_date = k.start_date and t.id = k.tx_id
          where (t.bet_type_from_game, t.game_brand, t.game_code, t.username, t.amount, t.start_date, t.end_date)
                is distinct from
                (i.bet_type_from_game, i.game_brand, i.game_code, i.username, i.amount, i.start_date, i.end_date)
        ),`
            : sql``
        }
        brands as (
          -- The batch's providers, locked against a change of codename until this statement's
          -- transaction ends: a rename waits, then sees these bets and is refused (adapter service).
          -- A key-share lock: ingests never wait for each other, nor for any other edit of a provider.
          select a.codename from adapters a
          where a.codename = any(${p('brands')}::text[])
          for key share
        ),
        blocked as (
          select count(*) filter (where id is null) as missing,
                 min(name) filter (where agent_id <> ${p('agent')}::bigint) as foreign_name,
                 -- A few distinct brands a batch, each one probe of the codename's unique index.
                 (select min(b) from unnest(${p('brands')}::text[]) as b
                  left join brands k on k.codename = b where k.codename is null) as unknown_brand,
                 ${probe ? sql`(select string_agg(ord::text, ',' order by ord) from conflicts)` : sql`null::text`} as conflicts
          from players
        ),
        input as (
          select distinct on (bet_id, bet_type) i.*, pl.id as user_id
          from items i
          join players pl on pl.name = i.username
          where (select missing = 0 and foreign_name is null and unknown_brand is null and conflicts is null
                 from blocked)
          order by bet_id, bet_type, ord
        ),
        fresh as (
          insert into transaction_keys (agent_id, bet_id, bet_type, start_date, tx_id)
          select ${p('agent')}::bigint, i.bet_id, i.bet_type, i.start_date, nextval('transactions_id_seq')
          from input i
          ${
            probe
              ? sql`-- An anti-join, not "not exists": Citus plans no correlated subquery over a CTE.
          left join transaction_keys k
            on k.agent_id = ${p('agent')}::bigint and k.bet_id = i.bet_id and k.bet_type = i.bet_type
          where k.bet_id is null`
              : sql``
          }
          order by i.bet_id, i.bet_type
          returning bet_id, bet_type, tx_id
        ),
        ins as (
          insert into transactions (id, agent_id, user_id, username, bet_id, bet_type, bet_type_from_game,
                                    game_brand, game_code, amount, start_date, end_date, created_at)
          select f.tx_id, ${p('agent')}::bigint, i.user_id, i.username, i.bet_id, i.bet_type, i.bet_type_from_game,
                 i.game_brand, i.game_code, i.amount, i.start_date, i.end_date, ${p('now')}::timestamptz
          from fresh f join input i using (bet_id, bet_type)
          returning user_id, game_brand, game_code, bet_type, amount, start_date
        ),
        days as (
          -- One time-zone conversion per row; the month is the day's first (date arithmetic).
          select day, ${monthOfDay} as month,
                 user_id, game_brand, game_code, bet_type, amount, start_date
          from (select (start_date at time zone ${p('timeZone')}::text)::date as day, user_id, game_brand,
                       game_code, bet_type, amount, start_date from ins) as d
        ),
        hours as (
          -- The agent's rows per day, hour of the day (0022, 0025), minute of the hour (0033),
          -- brand and bet type: the day's first instant converted once per day, not per row. The
          -- hourly and minute rollups add up these groups (a live batch has a few dozen), not
          -- every row again. Amounts stay numeric until the day's sum (a minute's part of a day's
          -- sum may not fit where the day's does).
          select day, hour, minute, game_brand, bet_type, sum(amount) as amount, count(*)::int as n
          from (select d.day, d.game_brand, d.bet_type, d.amount, h.hour,
                       ${minuteOfHour(sql`d.start_date`, sql`s.day_start`, sql`h.hour`)} as minute
                from days d
                join (select distinct day, day::timestamp at time zone ${p('timeZone')}::text as day_start
                      from days) as s using (day),
                lateral (select ${hourOfDay(sql`d.start_date`, sql`s.day_start`)} as hour) as h) as r
          group by day, hour, minute, game_brand, bet_type
        ),
        agent_days as (
          -- The agent's rows per day and bet type, and per hour of the day (0022).
          select day, bet_type, sum(amount)::bigint as amount, sum(n) as tx_count, ${sumsBy(hourColumns, 'hour', 'n')}
          from hours
          group by day, bet_type
        ),
        games as (
          -- The finest grain the sum rollups share: each of them adds up these groups (a live batch
          -- has a few hundred), not every row again.
          select day, month, game_brand, game_code, bet_type, sum(amount)::bigint as amount, count(*) as tx_count
          from days
          group by day, month, game_brand, game_code, bet_type
        ),
        ${rollupCtes(onShard)}${
          log
            ? sql`,
        logged as (
          -- The ingest log's row of a stored batch (docs/design.md §9), in the batch's own statement: no
          -- second round trip. Written only by the run that stores the batch.
          -- The id drawn here, not left to the column's default: a Citus shard has no defaults.
          insert into ingest_log (id, at, agent_id, ip, item_count, accepted, duplicates, outcome, status)
          select nextval('ingest_log_id_seq'), ${p('now')}::timestamptz, ${p('agent')}::bigint, ${p('logIp')}::text, ${p('itemCount')}::int,
                 s.n, ${p('itemCount')}::int - s.n,
                 case when s.n = ${p('itemCount')}::int then 'accepted' else 'partial' end, 1000
          from (select count(*)::int as n from ins) as s
          where (select missing = 0 and foreign_name is null and unknown_brand is null and conflicts is null
                 from blocked)
          returning 1
        )`
            : sql``
        }
        select (select count(*) from ins)::text as accepted, missing::text as missing, foreign_name,
               unknown_brand, conflicts
        from blocked`;
interface BatchRow {
  accepted: string;
  missing: string;
  foreign_name: string | null;
  unknown_brand: string | null;
  conflicts: string | null;
}
type BatchStatement = (db: Executor, values: BatchValues) => Promise<BatchRow[]>;
/**
 * The batch's statement: on Citus the same statement run on the worker holding the agent's shards,
 * without the rollups summed over every agent (`rollupCtes`).
 */
const batchStatement = (probe: boolean, log: boolean): BatchStatement => {
  const name = `ingest_batch${probe ? '_probe' : ''}${log ? '_log' : ''}`;
  const here = agentStatement<BatchRow>(name, 'write', batchSql(probe, log));
  const onShard = agentStatement<BatchRow>(name, 'write', batchSql(probe, log, true));
  return (db, values) => (onCitus(db) ? onShard : here)(db, values.agent, values);
};
const statements = {
  plain: { insertEveryBet: batchStatement(false, false), skipStoredBets: batchStatement(true, false) },
  logged: { insertEveryBet: batchStatement(false, true), skipStoredBets: batchStatement(true, true) },
};

/**
 * The batch's players not yet stored, created under its agent (their ids drawn here, not left to the
 * column's default: a Citus shard has no defaults), and counted as registered.
 */
const createPlayersSql = sql`
      with created as (
        insert into users (id, agent_id, username, bet_limit, created_at, updated_at)
        select nextval('users_id_seq'), ${p('agent')}::bigint, n, 0, ${p('now')}::timestamptz, ${p('now')}::timestamptz
        from unnest(${p('names')}::text[]) as n
        -- No target: the live-name index is (name) here and (agent_id, name) on Citus (0045).
        on conflict do nothing
        returning agent_id, created_at
      ),
      counted as (${countRegistrations(sql`created`, p('timeZone'))})
      -- One row, as a write run on an agent's shard answers (db/client.ts agentStatement).
      select count(*)::text as created from created`;
const createPlayersStatement = agentStatement<{ created: string }>(
  'ingest_players',
  'write',
  createPlayersSql,
);
const createPlayers = (tx: Tx, values: BatchValues) => createPlayersStatement(tx, values.agent, values);

/**
 * The calls a batch of `items` makes on a Citus coordinator — its statement as if every bet were new,
 * the one looking stored bets up, the players' creation — each delegated to the agent's worker: what
 * EXPLAIN is asked about (ledger/ingest-routing.citus.test.ts).
 */
export const batchShardCalls = (agent: IngestAgent, items: IngestItem[], timeZone: string, now: Date) => {
  const values = batchValues(agent, items, timeZone, now, { ip: '127.0.0.1' });
  return {
    insertEveryBet: agentShardCall('write', batchSql(false, true, true))(agent.id, values),
    skipStoredBets: agentShardCall('write', batchSql(true, true, true))(agent.id, values),
    createPlayers: agentShardCall('write', createPlayersSql)(agent.id, values),
  };
};

/** A bet key stored by another batch: this batch's statement failed on the key's unique index. */
const storedKey = (err: unknown) => isUniqueViolation(err) && constraintOf(err) === 'transaction_keys_pkey';

/** The statement's values for a batch: built once, before any attempt, and bound on each. */
const batchValues = (
  agent: IngestAgent,
  items: IngestItem[],
  timeZone: string,
  now: Date,
  log: IngestLogEntry | undefined,
) => {
  const usernames = items.map((i) => `${agent.prefix}${i.username}`.toLowerCase());
  return {
    agent: agent.id,
    names: arrayLiteral([...new Set(usernames)]),
    betIds: arrayLiteral(items.map((i) => i.betId)),
    betTypes: arrayLiteral(items.map((i) => i.betType)),
    betTypesFromGame: arrayLiteral(items.map((i) => i.betTypeFromGame)),
    gameBrands: arrayLiteral(items.map((i) => i.gameBrand)),
    brands: arrayLiteral([...new Set(items.map((i) => i.gameBrand))]),
    gameCodes: arrayLiteral(items.map((i) => i.gameCode)),
    usernames: arrayLiteral(usernames),
    amounts: arrayLiteral(items.map((i) => toMinor(i.amount).toString())),
    startDates: arrayLiteral(items.map((i) => i.startDate)),
    endDates: arrayLiteral(items.map((i) => i.endDate ?? null)),
    now: now.toISOString(),
    timeZone,
    ...(log ? { logIp: log.ip, itemCount: items.length } : {}),
  };
};
type BatchValues = ReturnType<typeof batchValues>;

/** The 400 naming the first item whose game brand is no registered provider's codename. */
const unknownBrand = (items: IngestItem[], brand: string) => {
  const index = items.findIndex((i) => i.gameBrand === brand);
  return invalidField(
    `transactions.${index}.gameBrand`,
    `"${brand}" is not the codename of a registered game provider`,
    'unknown_game_brand',
    { gameBrand: brand },
  );
};

/** The 409 naming the conflicting items (0-based indexes into the batch). */
const conflicting = (items: IngestItem[], indexes: number[]) => {
  const conflicts: IngestConflictData['conflicts'] = indexes.map((index) => {
    const item = items[index] as IngestItem;
    return { index, betId: item.betId, betType: item.betType };
  });
  return refusal(
    Status.CONFLICT,
    'bet_resent_differs',
    'A re-sent bet differs from the stored one; nothing of the batch was stored',
    { path: 'transactions', data: { conflicts } },
  );
};

/** Instants whose business day is inside MIN_YEAR..MAX_YEAR in any time zone: most bets skip the look-up. */
const SURELY_IN_YEARS = { from: Date.UTC(MIN_YEAR, 0, 2), to: Date.UTC(MAX_YEAR, 11, 31) };

/**
 * The 400 naming the first item whose business day (in the report time zone) is outside the years a
 * report can ask for (MIN_YEAR..MAX_YEAR): stored, no agent report could show it, so the reports
 * would disagree with the transaction list. The contract checks the UTC year; hours at the edges differ.
 */
const outsideReportYears = (items: IngestItem[], timeZone: string) => {
  const index = items.findIndex((item) => {
    const at = Date.parse(item.startDate);
    if (at >= SURELY_IN_YEARS.from && at < SURELY_IN_YEARS.to) return false;
    const year = Number(dateInZone(new Date(at), timeZone).slice(0, 4));
    return year < MIN_YEAR || year > MAX_YEAR;
  });
  if (index === -1) return undefined;
  return invalidField(
    `transactions.${index}.startDate`,
    `must be a date in the years ${MIN_YEAR}..${MAX_YEAR} in the report time zone`,
    'date_range',
    { minimum: MIN_YEAR, maximum: MAX_YEAR },
  );
};

/**
 * Items repeating an earlier item's key (betId, betType) with any other field different: a batch
 * must not hold two versions of one bet (the first would be stored, the other silently dropped).
 */
const conflictsWithinBatch = (items: IngestItem[]) => {
  const seen = new Map<string, string>();
  const found: number[] = [];
  items.forEach((item, index) => {
    const key = `${item.betId}\u0000${item.betType}`;
    const fields = JSON.stringify([
      item.betTypeFromGame,
      item.gameBrand,
      item.gameCode,
      item.username.toLowerCase(),
      toMinor(item.amount).toString(),
      Date.parse(item.startDate),
      item.endDate ? Date.parse(item.endDate) : null,
    ]);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, fields);
    else if (first !== fields) found.push(index);
  });
  return found;
};

/** Refuse a batch the statement left unstored for a reason of its own (thrown inside the transaction). */
const assertStorable = (items: IngestItem[], result: BatchRow) => {
  if (result.unknown_brand !== null) throw unknownBrand(items, result.unknown_brand);
  if (result.conflicts !== null) {
    throw conflicting(
      items,
      result.conflicts.split(',').map((ord) => Number(ord) - 1),
    );
  }
};

/** One attempt at storing the batch, in one transaction; answers the rows accepted. */
const storeBatch = (db: Db, items: IngestItem[], values: BatchValues, statement: BatchStatement) =>
  db.transaction(async (tx) => {
    let [result] = await statement(tx, values);
    if (!result) throw new Error('ingest statement answered no row');
    assertStorable(items, result);
    // Almost every batch names only known players; a new one is created, then the batch runs again.
    if (Number(result.missing) > 0 && result.foreign_name === null) {
      await createPlayers(tx, values);
      [result] = await statement(tx, values);
      if (!result) throw new Error('ingest statement answered no row');
      assertStorable(items, result);
    }
    if (result.foreign_name !== null) {
      throw conflict('player_other_agent', `Player "${result.foreign_name}" belongs to another agent`, {
        params: { username: result.foreign_name },
      });
    }
    if (Number(result.missing) > 0) {
      throw conflict('player_deleted', 'A player of the batch was deleted while it was stored');
    }
    return Number(result.accepted);
  });

/**
 * A sum of this agent's own rollups left bigint's range (SQLSTATE 22003 from the statement): the
 * agent's batch is refused with a 409 that says so. Shared counters are numeric and never do.
 */
const outOfRange = (err: unknown) => sqlStateOf(err) === '22003';

/**
 * Store one batch all-or-nothing: players created as needed, new rows inserted, rows already
 * known by (agent, betId, betType) counted as duplicates, and every rollup advanced by exactly
 * the rows inserted — in one statement, inside one transaction. With `log` (the ingest API), the same
 * statement writes the request's ingest log row once the batch is stored.
 *
 * A batch is first stored as if all its bets were new, which spares one index search per row. A batch holding a stored bet — a client's re-send, or a
 * concurrent batch storing the same bet — fails on the key's unique index and runs again looking
 * every key up first; the keys are inserted plainly, not `on conflict do nothing`, which costs a
 * second index search and WAL record per row.
 */
export const ingestBatch = async (
  db: Db,
  agent: IngestAgent,
  items: IngestItem[],
  timeZone: string,
  now: Date,
  log?: IngestLogEntry,
): Promise<IngestResult> => {
  const outside = outsideReportYears(items, timeZone);
  if (outside) throw outside;
  const within = conflictsWithinBatch(items);
  if (within.length > 0) throw conflicting(items, within);
  const values = batchValues(agent, items, timeZone, now, log);
  const { insertEveryBet, skipStoredBets } = log ? statements.logged : statements.plain;
  const store = (statement: BatchStatement) => storeBatch(db, items, values, statement);
  const accepted = await withRetry(() => store(insertEveryBet))
    .catch((err: unknown) => {
      if (!storedKey(err)) throw err;
      return withRetry(() => store(skipStoredBets), 5, storedKey);
    })
    .catch((err: unknown) => {
      if (!outOfRange(err)) throw err;
      throw conflict(
        'agent_total_out_of_range',
        "One of this agent's totals would exceed the ledger's limit (±9,223,372,036,854,775,807 satang); nothing of the batch was stored",
      );
    });
  return { accepted, duplicates: items.length - accepted };
};
