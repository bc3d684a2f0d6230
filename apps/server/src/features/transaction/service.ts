import type { Transaction, transactionListQuerySchema } from '@sapi/contract';
import { MAX_ID, MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { type AnyColumn, and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { assertAgentExists } from '../../core/entities.ts';
import { invalidField, notFound } from '../../core/errors.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { allTypes, betTypeColumns } from '../../db/bet-type-columns.ts';
import { type Db, oncePerDatabase, preparedStatement, queryPrepared, queryRows } from '../../db/client.ts';
import { containsPattern } from '../../db/filters.ts';
import { transactionKeys, transactions } from '../../db/ledger.ts';
import { agents } from '../../db/schema/index.ts';
import { hourColumns, minuteColumns } from '../../db/sql-time.ts';
import { type CsvColumn, decimalColumn, numberColumn, textColumn, timeColumn } from '../../lib/csv.ts';
import { toMajor } from '../../lib/money.ts';
import { dateInZone, monthOf } from '../../lib/time.ts';

type Query = z.output<typeof transactionListQuerySchema>;
type Row = typeof transactions.$inferSelect;

export const toTransaction = (r: Row): Transaction => ({
  _id: r.id.toString(),
  agent: r.agentId.toString(),
  user: r.userId.toString(),
  username: r.username,
  betId: r.betId,
  betType: r.betType,
  betTypeFromGame: r.betTypeFromGame,
  gameBrand: r.gameBrand,
  gameCode: r.gameCode,
  amount: toMajor(r.amount),
  startDate: r.startDate.toISOString(),
  endDate: r.endDate?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The transaction export: its columns and their headers in each language. */
export const transactionCsvColumns: CsvColumn<Transaction>[] = [
  textColumn({ th: 'รหัสรายการ', en: 'Record id' }, (r) => r._id),
  textColumn({ th: 'ผู้เล่น (ID)', en: 'User (id)' }, (r) => r.user),
  textColumn({ th: 'ชื่อผู้เล่น', en: 'Username' }, (r) => r.username),
  textColumn({ th: 'Bet ID', en: 'Bet ID' }, (r) => r.betId),
  textColumn({ th: 'ประเภทเดิมพัน', en: 'Bet type' }, (r) => r.betType),
  textColumn({ th: 'ประเภทจากเกม', en: 'Bet type from game' }, (r) => r.betTypeFromGame),
  textColumn({ th: 'ค่ายเกม', en: 'Game brand' }, (r) => r.gameBrand),
  textColumn({ th: 'รหัสเกม', en: 'Game code' }, (r) => r.gameCode),
  decimalColumn({ th: 'จำนวนเงิน', en: 'Amount' }, (r) => r.amount),
  timeColumn({ th: 'เวลาเริ่ม', en: 'Start' }, (r) => r.startDate),
  timeColumn({ th: 'เวลาสิ้นสุด', en: 'End' }, (r) => r.endDate),
];

/** Keyset cursor: the (start_date, id) of the last row shown, opaque to clients. */
export const encodeCursor = (r: Row) =>
  Buffer.from(`${r.startDate.toISOString()}|${r.id}`).toString('base64url');
/** A cursor is client input: it must decode to a date and an id the database can hold. */
const decodeCursor = (cursor: string): { at: Date; id: bigint } => {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  const year = date.getUTCFullYear();
  const idOk = !!id && /^[1-9]\d{0,18}$/.test(id) && (id.length < MAX_ID.length || id <= MAX_ID);
  if (!idOk || Number.isNaN(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw invalidField('cursor', 'is not a cursor this server gave', 'cursor');
  }
  return { at: date, id: BigInt(id) };
};

/** Bind names of the list's optional filters: which are present decides the statement's shape. */
const FILTERS = [
  'user',
  'username',
  'betId',
  'betType',
  'betTypeFromGame',
  'gameBrand',
  'gameCode',
  'startDate',
  'endDate',
  'cursor',
] as const;
type Shape = Record<(typeof FILTERS)[number], boolean>;
/** A shape's key is one digit per filter, 1 when present: `transaction_list_<key>` names its statement. */
const shapeOf = (key: string) => Object.fromEntries(FILTERS.map((f, i) => [f, key[i] === '1'])) as Shape;

const p = (name: string) => sql.placeholder(name);
const ilike = (column: AnyColumn, name: string) => sql`${column} ilike ${p(name)}`;

/** The list's conditions on `transactions` for one combination of filters, every value bound by name. */
const listConditions = (shape: Shape) =>
  and(
    eq(transactions.agentId, p('agentId')),
    shape.user ? eq(transactions.userId, p('user')) : undefined,
    shape.username ? ilike(transactions.username, 'username') : undefined,
    // Bet ids are looked up exactly, through the key table, so the filter stays an index probe.
    shape.betId
      ? sql`(${transactions.startDate}, ${transactions.id}) in (select ${transactionKeys.startDate}, ${transactionKeys.txId} from ${transactionKeys} where ${transactionKeys.agentId} = ${p('agentId')} and ${transactionKeys.betId} = ${p('betId')})`
      : undefined,
    shape.betType ? eq(transactions.betType, p('betType')) : undefined,
    shape.betTypeFromGame ? ilike(transactions.betTypeFromGame, 'betTypeFromGame') : undefined,
    // A brand is one provider's codename (picked from the list): matched whole, never as a part.
    shape.gameBrand ? eq(transactions.gameBrand, p('gameBrand')) : undefined,
    shape.gameCode ? ilike(transactions.gameCode, 'gameCode') : undefined,
    shape.startDate ? sql`${transactions.startDate} >= ${p('startDate')}::timestamptz` : undefined,
    shape.endDate ? sql`${transactions.startDate} <= ${p('endDate')}::timestamptz` : undefined,
    // Keyset step after the previous page's last row.
    shape.cursor
      ? sql`(${transactions.startDate}, ${transactions.id}) < (${p('afterAt')}::timestamptz, ${p('afterId')})`
      : undefined,
  );

/**
 * The list statement for one combination of filters, with every value a bound parameter: built once
 * and prepared under its own name, so a request neither rebuilds the SQL (drizzle's query building is
 * costly per request) nor has PostgreSQL plan it again (planning over the monthly partitions costs
 * more than running the list).
 */
const listStatement = oncePerDatabase((db: Db, key: string) =>
  db
    .select()
    .from(transactions)
    .where(listConditions(shapeOf(key)))
    .orderBy(desc(transactions.startDate), desc(transactions.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare(`transaction_list_${key}`),
);

/** A list query as the list statement runs it: dates and the keyset step as the values it binds. */
type Bound = Omit<Query, 'startDate' | 'endDate'> & {
  startDate?: string | undefined;
  endDate?: string | undefined;
  after?: { at: string; id: bigint } | undefined;
};

/** The shape of a bound query: one digit per filter, 1 when present. */
const keyOf = (q: Bound) =>
  FILTERS.map((f) => ((f === 'cursor' ? q.after : q[f]) === undefined ? '0' : '1')).join('');

/** The values a list statement binds for a bound query, `offset` rows in. */
const listValues = (agentId: bigint, q: Bound, offset: number) => ({
  agentId,
  user: q.user,
  username: q.username === undefined ? undefined : containsPattern(q.username),
  betId: q.betId,
  betType: q.betType,
  betTypeFromGame: q.betTypeFromGame === undefined ? undefined : containsPattern(q.betTypeFromGame),
  // Codenames are upper case (contract `codenameSchema`): a brand typed in lower case names the same one.
  gameBrand: q.gameBrand?.toUpperCase(),
  gameCode: q.gameCode === undefined ? undefined : containsPattern(q.gameCode),
  startDate: q.startDate,
  endDate: q.endDate,
  afterAt: q.after?.at,
  afterId: q.after?.id,
  limit: q.limit,
  offset,
});

/** The rows of one page: the list statement for the query's filters, with its values bound. */
const listRows = (ctx: AppContext, agentId: bigint, q: Bound, offset: number) =>
  listStatement(ctx.db, keyOf(q)).execute(listValues(agentId, q, offset));

/**
 * A username search names at most this many of the agent's players to read their bets by the player
 * index and seek its deep links by their days; one naming more (a short part such as the agent's
 * prefix) tests the name on the agent's rows and pages by OFFSET.
 */
export const MAX_NAMED_PLAYERS = 20;

/**
 * The agent's players whose name holds the typed part (deleted ones too: their bets stay listed), or
 * undefined when more than MAX_NAMED_PLAYERS do. A bet's username is its player's name in lower
 * case (the ingest matches players by it; names are letters, digits and _, and never change), so
 * "the bet's username contains the part" and "its player's name does" pick the same rows.
 */
const playersNamed = async (ctx: AppContext, agentId: bigint, part: string) => {
  // The agent's names and ids from their index alone (0029). ILIKE folds the name and the pattern
  // with lower() and matches the bytes; the names being ASCII, folding them byte-wise ("C") gives
  // the same, at memcmp cost, and the pattern is folded as ILIKE folds it — once, as a sub-select:
  // in the prepared (generic) plan `lower($n)` would be folded again for every name tested.
  const rows = await queryPrepared<{ id: string }>(
    ctx.db,
    'players_named',
    sql`select id::text as id from users
        where agent_id = ${agentId}
          and lower(username collate "C") like (select lower(${containsPattern(part)}))
        limit ${MAX_NAMED_PLAYERS + 1}`,
  );
  return rows.length > MAX_NAMED_PLAYERS ? undefined : rows.map((r) => r.id);
};

/**
 * What decides the deep-link seek statement's text: which rollups count the list's rows (`kind`) —
 * the agent's days and hours (0022) and minutes (0033); with a game brand filter the brand's hours
 * (0025, the same whole-codename match as the list) and minutes; with a player filter, or a username
 * search naming few players, those players' days by brand with a count per bet type (0034: no
 * hours) — and which of the filters that change its text are present. Filters no rollup counts —
 * bet id, bet type from game, game code, a username naming many players — have no shape: such a
 * list pages by OFFSET.
 */
interface SeekShape {
  kind: 'agent' | 'brand' | 'players';
  user: boolean;
  /** The players a username search names, by their ids: none, one, or several. */
  named: 'none' | 'one' | 'many';
  brand: boolean;
  betType: boolean;
  start: boolean;
  end: boolean;
}

const seekShapeOf = (q: Query, players: readonly string[] | undefined): SeekShape | undefined => {
  const user = q.user !== undefined;
  if (
    (q.username !== undefined && players === undefined) ||
    q.betId !== undefined ||
    q.betTypeFromGame !== undefined ||
    q.gameCode !== undefined
  ) {
    return undefined;
  }
  return {
    kind: user || players !== undefined ? 'players' : q.gameBrand === undefined ? 'agent' : 'brand',
    user,
    named: players === undefined ? 'none' : players.length === 1 ? 'one' : 'many',
    brand: q.gameBrand !== undefined,
    betType: q.betType !== undefined,
    start: q.startDate !== undefined,
    end: q.endDate !== undefined,
  };
};

/**
 * The player filter as SQL: the player given, and of those a username search names. One named
 * player is compared as one, so the rows come in order from the player's own index, as with a
 * player filter; several are read from the agent's rows.
 */
const playerScope = (shape: SeekShape) =>
  sql.join(
    [
      shape.user ? sql`user_id = ${p('user')}::bigint` : undefined,
      shape.named === 'one' ? sql`user_id = ${p('player')}::bigint` : undefined,
      shape.named === 'many' ? sql`user_id = any(${p('players')}::bigint[])` : undefined,
    ].filter((c) => c !== undefined),
    sql` and `,
  );

/** The filters of the list other than its time range, as SQL on `transactions`. */
const rowFilters = (shape: SeekShape) =>
  sql`${shape.kind === 'players' ? sql` and ${playerScope(shape)}` : sql``}${
    shape.betType ? sql` and bet_type = ${p('betType')}` : sql``
  }${shape.brand ? sql` and game_brand = ${p('brand')}` : sql``}`;

/** A player's rows of the bet type bound as `betType`, from the rollup's count per bet type (0034). */
const playerCountOfType = sql`(case ${p('betType')}::text ${sql.raw(
  betTypeColumns.map(({ betType, column }) => `when '${betType}' then ${column}`).join(' '),
)} end)`;

/**
 * The rollups of a shape, each a `from … where` to go on with `agent_id`: the list's rows per
 * business day (`days`, its rows' bets being `count`) and, where one keeps them, per hour of it
 * (`hours.of`, a day being the sum of its hours with a brand) and per minute of each hour
 * (`hours.minutes`, by brand and bet type: without a brand the hour's rows of every brand). These
 * keep a row per bet type, picked by `ofType`. A player's days keep a row per brand and a count per
 * bet type instead: `count` is the bet type's column, or all of them added.
 */
const countingRollups = (
  shape: SeekShape,
): { days: SQL; hours?: { of: SQL; minutes: SQL }; count: SQL; ofType: SQL } => {
  const ofType = shape.betType ? sql`and bet_type = ${p('betType')}` : sql``;
  if (shape.kind === 'players') {
    const count = shape.betType ? playerCountOfType : sql.raw(allTypes);
    const brand = shape.brand ? sql` and game_brand = ${p('brand')}` : sql``;
    // Days without a row of the bet type are passed over by the walk, as days without bets are.
    const typed = shape.betType ? sql` and ${count} > 0` : sql``;
    return {
      days: sql`rollup_player_daily where ${playerScope(shape)}${brand}${typed} and`,
      count,
      ofType: sql``,
    };
  }
  if (shape.kind === 'agent') {
    const agentDays = sql.raw('rollup_agent_daily where');
    return {
      days: agentDays,
      hours: { of: agentDays, minutes: sql.raw('rollup_brand_minutes where') },
      count: sql.raw('tx_count'),
      ofType,
    };
  }
  const brandHours = sql`rollup_brand_hours where game_brand = ${p('brand')} and`;
  return {
    days: brandHours,
    hours: { of: brandHours, minutes: sql`rollup_brand_minutes where game_brand = ${p('brand')} and` },
    count: sql.raw(hourColumns.join(' + ')),
    ofType,
  };
};

/** A list row with every column as text: what the seek statement answers on either engine. */
interface TextRow {
  id: string;
  agent_id: string;
  user_id: string;
  username: string;
  bet_id: string;
  bet_type: string;
  bet_type_from_game: string;
  game_brand: string;
  game_code: string;
  amount: string;
  start_date: string;
  end_date: string | null;
  created_at: string;
}
const textColumns = sql.raw(
  `t.id::text as id, t.agent_id::text as agent_id, t.user_id::text as user_id, t.username, t.bet_id,
   t.bet_type, t.bet_type_from_game, t.game_brand, t.game_code, t.amount::text as amount,
   t.start_date::text as start_date, t.end_date::text as end_date, t.created_at::text as created_at`,
);
/** A text row as the list statement's row (the same `Date` of PostgreSQL's text drizzle makes). */
const rowOfText = (r: TextRow): Row => ({
  id: BigInt(r.id),
  agentId: BigInt(r.agent_id),
  userId: BigInt(r.user_id),
  username: r.username,
  betId: r.bet_id,
  betType: r.bet_type as Row['betType'],
  betTypeFromGame: r.bet_type_from_game,
  gameBrand: r.game_brand,
  gameCode: r.game_code,
  amount: BigInt(r.amount),
  startDate: new Date(r.start_date),
  endDate: r.end_date === null ? null : new Date(r.end_date),
  createdAt: new Date(r.created_at),
});

/** Statements reading the bets of named players, by the shape of the other filters. */
const namedPlayersStatements = new Map<string, ReturnType<typeof preparedStatement<TextRow>>>();

/**
 * The rows of one page of a username search naming `players` (at most MAX_NAMED_PLAYERS): each
 * player's newest rows from the player index, as many as the page reaches, merged — instead of
 * testing the name on the agent's rows, newest first, until the page is filled, which reads the
 * agent's whole history for a player with few bets among many.
 */
const namedPlayersRows = async (
  ctx: AppContext,
  agentId: bigint,
  q: Bound,
  players: readonly string[],
  offset: number,
) => {
  // The players stand for the name: the other filters give the statement its shape.
  const key = keyOf({ ...q, username: undefined });
  let statement = namedPlayersStatements.get(key);
  if (!statement) {
    statement = preparedStatement<TextRow>(
      `transaction_named_${key}`,
      sql`select ${textColumns}
          from unnest(${p('players')}::bigint[]) as pl(id)
          cross join lateral (
            select * from ${transactions}
            where ${listConditions(shapeOf(key))} and ${transactions.userId} = pl.id
            order by ${transactions.startDate} desc, ${transactions.id} desc
            limit ${p('reach')}) as t
          order by t.start_date desc, t.id desc
          limit ${p('limit')} offset ${p('offset')}`,
    );
    namedPlayersStatements.set(key, statement);
  }
  const values = {
    ...listValues(agentId, q, offset),
    players: arrayLiteral(players),
    reach: offset + q.limit,
  };
  return (await statement(ctx.db, values)).map(rowOfText);
};

/**
 * An hour of the agent's whole list (no filter but a time range) holding more rows than this is
 * skipped into by its minutes; a smaller one directly: skipping up to half of it from the index
 * alone costs less than looking up its minutes. With a brand or a bet type the skip reads every row
 * of the agent in the stretch, each from the table to test the filter, so those lists always go by
 * the minutes.
 */
export const MINUTES_ABOVE = 600;

/**
 * The statement finding a numbered page without a cursor by seeking instead of OFFSET over every
 * row before it (DESIGN §11: a deep link costs at most twice page 1), in one statement:
 * 1. the daily rollup gives the list's rows per business day, walking the days with rows from the
 *    newest (the day holding the range's end counted exactly, up to that end); the running count
 *    names the day the page starts on and how deep into it, and the walk stops there;
 * 2. inside that day, the day's counts per hour name the hour, and how deep into it; a player's
 *    days are not counted by the hour: the day is one stretch;
 * 3. inside an hour (of the agent's whole list: of more than MINUTES_ABOVE rows), its counts per
 *    minute name the minute, and how deep into it (a minute the list's range cuts is counted from
 *    its rows, an hour it cuts from its minutes);
 * 4. the page's first row is skipped to inside that stretch (minute, hour or a player's day), from
 *    whichever end is nearer;
 * 5. the page is read from that row on, bounded below by the day its last row falls on (partitions
 *    pruned at run time).
 * Built once per shape with every value bound by name (`seekValues`): building this SQL per request
 * cost about a fifth of a deep link.
 */
const seekStatement = (shape: SeekShape) => {
  const rollups = countingRollups(shape);
  const tz = sql`${p('tz')}::text`;
  const start = shape.start ? sql`${p('start')}::timestamptz` : sql`'-infinity'::timestamptz`;
  const end = shape.end ? sql`${p('end')}::timestamptz` : sql`'infinity'::timestamptz`;
  const agent = sql`${p('agent')}::bigint`;
  const offset = sql`${p('offset')}::bigint`;
  const reach = sql`${p('reach')}::bigint`;
  const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone ${tz})`;
  /** The list's rows from `from` (inclusive) to `to` (exclusive) within its range and filters. */
  const between = (from: SQL, to: SQL) =>
    sql`agent_id = ${agent} and start_date >= ${from} and start_date < ${to}
        and start_date >= ${start} and start_date <= ${end}${rowFilters(shape)}`;
  const ofType = rollups.ofType;
  const ranged = shape.start || shape.end;
  /** The rollup's count of the list's rows on business day `day`, all of it. */
  const wholeDay = (day: SQL) =>
    sql`(select sum(${rollups.count}) from ${rollups.days} agent_id = ${agent} ${ofType} and day = ${day})`;
  /**
   * Stretches (from_at, to_at, n, …) with each count made exact for the list's range: the rollup's
   * when the range holds the whole stretch, none when it holds none of it, else `cut` (a count of
   * the stretch `h`'s rows in the range). Without a range every stretch is whole: the statement then
   * holds no count of rows (each read of the ledger in a statement costs its start-up, run or not).
   */
  const inRange = (stretches: SQL, cut: SQL, more: SQL = sql``) =>
    sql`(select h.from_at, h.to_at${more}, ${
      ranged
        ? sql`case when h.to_at <= ${start} or h.from_at > ${end} then 0
                   when h.from_at >= ${start} and h.to_at <= ${end} then h.n
                   else ${cut}
              end`
        : sql`h.n`
    } as n
         from ${stretches} as h)`;
  const rowsOf = sql`(select count(*) from transactions where ${between(sql`h.from_at`, sql`h.to_at`)})`;
  /** Counts per column of `columns` in the rollup rows `from … where` `rows` of the agent, as a row `c`. */
  const summed = (columns: readonly string[], rows: SQL, where: SQL) =>
    sql`(select ${sql.raw(columns.map((c) => `sum(${c}) as ${c}`).join(', '))}
         from ${rows} agent_id = ${agent} ${where} ${ofType}) as c,
        lateral unnest(array[${sql.raw(columns.map((c) => `c.${c}`).join(', '))}]) with ordinality as u(n, k)`;
  /** The list's rows in each minute of hour `hour` of business day `day`, exact. */
  const minutesOf = (hours: NonNullable<typeof rollups.hours>, day: SQL, hour: SQL) => {
    const from = sql`(${dayStart(day)} + ${hour} * interval '1 hour')`;
    const to = sql`case when ${hour} = 23 then ${dayStart(sql`(${day} + 1)`)}
                        else ${dayStart(day)} + (${hour} + 1) * interval '1 hour' end`;
    return inRange(
      sql`(select ${from} + (u.k - 1) * interval '1 minute' as from_at,
                  case when u.k = 60 then ${to} else ${from} + u.k * interval '1 minute' end as to_at, u.n
           from ${summed(minuteColumns, hours.minutes, sql`and day = ${day} and hour = ${hour}`)})`,
      rowsOf,
    );
  };
  /**
   * The list's rows of business day `day` per stretch, each exact: its hours since the day began
   * (an hour the range cuts counted from its minutes), or the whole day where only days are counted
   * (a player's; counted from its rows when the range cuts it).
   */
  const stretchesOf = (day: SQL) => {
    const hours = rollups.hours;
    if (!hours) {
      return inRange(
        sql`(select ${dayStart(day)} as from_at, ${dayStart(sql`(${day} + 1)`)} as to_at,
                    null::int as hour, ${wholeDay(day)} as n)`,
        rowsOf,
        sql`, h.hour`,
      );
    }
    return inRange(
      sql`(select ${dayStart(day)} + (u.k - 1) * interval '1 hour' as from_at,
                  case when u.k = 24 then ${dayStart(sql`(${day} + 1)`)}
                       else ${dayStart(day)} + u.k * interval '1 hour' end as to_at,
                  (u.k - 1)::int as hour, u.n
           from ${summed(hourColumns, hours.of, sql`and day = ${day}`)})`,
      sql`(select sum(s.n) from ${minutesOf(hours, day, sql`h.hour`)} as s)`,
      sql`, h.hour`,
    );
  };
  /** The exact count of the day holding the range's end: the rollup counts the whole day. */
  const endDayCount = (day: SQL) => sql`(select sum(n) from ${stretchesOf(day)} as h)`;
  /** The list's rows on business day `day`: the rollup's count, exact up to the range's end on its day. */
  const dayCount = (day: SQL) =>
    shape.end
      ? sql`case when ${day} = ${p('toDay')}::date then ${endDayCount(day)} else ${wholeDay(day)} end`
      : wholeDay(day);
  /**
   * The stretch of `stretches` (newest first) holding row `skip` of `outer` (`o`), how deep into it,
   * and the columns `more`.
   */
  const holding = (outer: string, stretches: SQL, more: SQL = sql``) =>
    sql`select s.from_at, s.to_at, s.n, o.skip - s.before as skip${more}
        from ${sql.raw(outer)} o,
             lateral (select h.*, sum(h.n) over (order by h.from_at desc) - h.n as before
                      from ${stretches} as h) as s
        where s.before <= o.skip and s.before + s.n > o.skip`;
  const hours = rollups.hours;
  /** The minute of the stretch's hour the page starts in (none: a player's day is the stretch). */
  const minute = hours && holding('stretch', minutesOf(hours, sql`o.day`, sql`o.hour`));
  const crowded = sql.raw(String(MINUTES_ABOVE));
  const fromDay = shape.start ? sql`and day >= ${p('fromDay')}::date` : sql``;
  return sql`with recursive walk (day, n, before) as (
          -- The days with rows the list counts, newest first, each with its count and the count of
          -- the days before it: one index probe for the next older day and one look-up of its few
          -- rollup rows a step, stopping once the page's last row is reached, so it reads only the
          -- days before the page, and skips days without bets however far apart. The next day is
          -- the first in index order, not max(day): with a filter the planner guesses selective
          -- (a player's count of one bet type) it would aggregate every older day instead.
          (select d.day, ${dayCount(sql`d.day`)}, 0::numeric
           from (select day from ${rollups.days} agent_id = ${agent} ${ofType}
                   ${shape.end ? sql`and day <= ${p('toDay')}::date` : sql``} ${fromDay}
                 order by day desc limit 1) as d)
          union all
          (select d.day, ${dayCount(sql`d.day`)}, w.before + w.n
           from walk w,
                lateral (select day from ${rollups.days} agent_id = ${agent} ${ofType}
                           and day < w.day ${fromDay}
                         order by day desc limit 1) as d
           where w.before + w.n < ${reach})
        ),
        first_day as (
          select day, n, ${offset} - before as skip from walk
          where before <= ${offset} and before + n > ${offset}
        ),
        -- The stretch (hour, or a player's day) of the day the page starts in, newest first.
        stretch as (${holding('first_day', stretchesOf(sql`o.day`), sql`, o.day, s.hour`)}),
        -- Inside an hour, the minute the page starts in (the agent's whole list: in a crowded hour).
        target as (${
          !minute
            ? sql`select * from stretch`
            : shape.kind === 'agent' && !shape.betType
              ? sql`${minute} and o.n > ${crowded}
                    union all
                    select from_at, to_at, n, skip from stretch where n <= ${crowded}`
              : minute
        }),
        first_row as (
          -- Skipped from whichever end of the stretch is nearer: at most half its rows. Only the
          -- branch whose condition holds runs (a one-time filter on the outer row).
          select x.start_date, x.id
          from target s
          cross join lateral (
            (select start_date, id from transactions
             where ${between(sql`s.from_at`, sql`s.to_at`)} and s.skip * 2 <= s.n
             order by start_date desc, id desc
             offset s.skip limit 1)
            union all
            (select start_date, id from transactions
             where ${between(sql`s.from_at`, sql`s.to_at`)} and s.skip * 2 > s.n
             order by start_date asc, id asc
             offset s.n - 1 - s.skip limit 1)) as x
        ),
        floor as (
          -- Where the day of the page's last row begins (none: the list ends first).
          select ${dayStart(sql`day`)} as at from walk
          where before + n >= ${reach} ${shape.start ? sql`and day > ${p('fromDay')}::date` : sql``}
        )
        -- The page: from the first row on, down to the day of its last row.
        select ${textColumns} from transactions t
        where t.agent_id = ${agent}
          and (t.start_date, t.id) <= ((select start_date from first_row), (select id from first_row))
          and t.start_date <= (select start_date from first_row)
          and t.start_date >= coalesce((select at from floor), ${start})
          and t.start_date <= ${end}${rowFilters(shape)}
        order by t.start_date desc, t.id desc
        limit ${p('limit')}`;
};

/** Seek statements by their shape's key, each prepared under a name of its own. */
const seekStatements = new Map<string, ReturnType<typeof preparedStatement<TextRow>>>();

/** The values a seek statement binds (those its shape leaves out are not read). */
const seekValues = (ctx: AppContext, agentId: bigint, q: Query, players: readonly string[] | undefined) => {
  const tz = ctx.config.REPORT_TIMEZONE;
  const offset = (q.page - 1) * q.limit;
  return {
    agent: agentId,
    tz,
    user: q.user,
    player: players?.[0],
    players: players === undefined ? undefined : arrayLiteral(players),
    betType: q.betType,
    // Codenames are upper case (contract `codenameSchema`): a brand typed in lower case names the same one.
    brand: q.gameBrand?.toUpperCase(),
    start: q.startDate?.toISOString(),
    end: q.endDate?.toISOString(),
    fromDay: q.startDate ? dateInZone(q.startDate, tz) : undefined,
    toDay: q.endDate ? dateInZone(q.endDate, tz) : undefined,
    offset,
    reach: offset + q.limit,
    limit: q.limit,
  };
};

/** A numbered page without a cursor, found by seeking; undefined when no rollup counts the filters. */
const seekPage = async (
  ctx: AppContext,
  agentId: bigint,
  q: Query,
  players: readonly string[] | undefined,
): Promise<Row[] | undefined> => {
  const shape = seekShapeOf(q, players);
  if (!shape) return undefined;
  const key = JSON.stringify(shape);
  let statement = seekStatements.get(key);
  if (!statement) {
    const { kind, user, named, brand, betType, start, end } = shape;
    const digits = [user, brand, betType, start, end].map((b) => (b ? '1' : '0')).join('');
    statement = preparedStatement<TextRow>(
      `transaction_seek_${kind}_${named}_${digits}`,
      seekStatement(shape),
    );
    seekStatements.set(key, statement);
  }
  return (await statement(ctx.db, seekValues(ctx, agentId, q, players))).map(rowOfText);
};

/**
 * One page of an agent's bets, newest first; with a cursor the page is a keyset step (fast at any
 * depth), a numbered page seeks by day where the rollups count its filters, else it is read by
 * OFFSET. A username search naming few players reads their bets by the player index.
 */
export const listTransactions = async (ctx: AppContext, agentId: bigint, q: Query) => {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const bound = { ...q, startDate: q.startDate?.toISOString(), endDate: q.endDate?.toISOString() };
  const players = q.username === undefined ? undefined : await playersNamed(ctx, agentId, q.username);
  // Reading each named player's rows up to the page costs players × (offset + limit) rows: taken for
  // one player, or for the rows of a first page or a keyset step; several players' OFFSET pages test
  // the name on the agent's rows instead.
  const read = (b: Bound, offset: number) =>
    players && (players.length === 1 || offset === 0)
      ? namedPlayersRows(ctx, agentId, b, players, offset)
      : listRows(ctx, agentId, b, offset);
  const page = async () => {
    // A name that matches none of the agent's players lists nothing: the ledger is not read.
    if (players?.length === 0) return [];
    if (after) return read({ ...bound, after: { at: after.at.toISOString(), id: after.id } }, 0);
    const sought = q.page > 1 ? await seekPage(ctx, agentId, q, players) : undefined;
    return sought ?? read(bound, (q.page - 1) * q.limit);
  };
  const rows = await page();
  // An unknown agent has no rows: only an empty page pays the look-up that tells the two apart.
  if (rows.length === 0) await assertAgentExists(ctx.db, agentId);
  const last = rows[rows.length - 1];
  return {
    records: rows.map(toTransaction),
    page: q.page,
    limit: q.limit,
    nextCursor: rows.length === q.limit && last ? encodeCursor(last) : null,
  };
};

export const transactionExportPage = async (
  ctx: AppContext,
  agentId: bigint,
  q: Query,
  after: string | undefined,
  limit: number,
) => {
  const page = await listTransactions(ctx, agentId, { ...q, page: 1, limit, cursor: after });
  return { rows: page.records, next: page.nextCursor ?? undefined };
};

/** One bet row with every row of the same bet id (its HOLD → SETTLE/CANCEL/VOID history). */
export const getTransaction = async (ctx: AppContext, agentId: bigint, id: bigint) => {
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.agentId, agentId), eq(transactions.id, id)))
    .limit(1);
  if (!row) throw notFound('Transaction');
  const history = await ctx.db
    .select({ t: transactions })
    .from(transactionKeys)
    .innerJoin(
      transactions,
      and(
        eq(transactions.agentId, transactionKeys.agentId),
        eq(transactions.startDate, transactionKeys.startDate),
        eq(transactions.id, transactionKeys.txId),
      ),
    )
    .where(and(eq(transactionKeys.agentId, agentId), eq(transactionKeys.betId, row.betId)))
    .orderBy(asc(transactions.startDate), asc(transactions.id));
  return { ...toTransaction(row), history: history.map((h) => toTransaction(h.t)) };
};

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
 * Players registered per day of the month holding `date`, of one agent or (`all`) the whole platform;
 * every day listed (business days in the report zone). Deleted players count: they did register.
 */
export const registrationsPerDay = async (
  ctx: AppContext,
  agentId: bigint | 'all',
  date: string,
): Promise<RegistrationDay[]> => {
  if (agentId !== 'all') await assertAgentExists(ctx.db, agentId);
  const tz = ctx.config.REPORT_TIMEZONE;
  const first = monthOf(date, tz);
  // One range read of the month's registrations (by agent and time, or by time alone for the
  // whole platform), grouped by business day; days without any answer 0.
  const ofAgent = agentId === 'all' ? sql`` : sql`and u.agent_id = ${agentId}`;
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

/** One bet id looked up across every agent, oldest row first (the bet's timeline). */
export const betHistory = async (ctx: AppContext, betId: string) => {
  const rows = await ctx.db
    .select({ t: transactions, agentUsername: agents.username })
    .from(transactionKeys)
    .innerJoin(
      transactions,
      and(
        eq(transactions.agentId, transactionKeys.agentId),
        eq(transactions.startDate, transactionKeys.startDate),
        eq(transactions.id, transactionKeys.txId),
      ),
    )
    .innerJoin(agents, eq(agents.id, transactions.agentId))
    .where(eq(transactionKeys.betId, betId))
    .orderBy(asc(transactions.startDate), asc(transactions.id))
    .limit(500);
  return rows.map((r) => ({ ...toTransaction(r.t), agentUsername: r.agentUsername }));
};
