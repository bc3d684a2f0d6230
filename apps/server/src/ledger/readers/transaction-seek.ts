import { type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../context.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { agentStatement, type Executor } from '../../db/client.ts';
import { dateInZone } from '../../lib/time.ts';
import { allTypes, betTypeColumns } from '../bet-type-columns.ts';
import { boundScopeValue, scopeKey } from '../scope.ts';
import { hourColumns, minuteColumns } from '../time-columns.ts';
import { type BetRow, type ListQuery, p, rowOfText, type TextRow, textColumns } from './bet-rows.ts';

/*
 * The deep link: a numbered page of the transaction list found by seeking through the rollups'
 * counts instead of OFFSET over every row before it (where no rollup counts the filters, the list
 * reads its page by OFFSET: transaction-pages.ts).
 */

type Query = ListQuery;

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
  /** The agent side's: the page's rows are bound to the caller's scope too (docs/design.md §16). */
  scoped?: boolean;
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
    shape.betType ? sql` and bet_type = ${p('betType')}::text` : sql``
  }${shape.brand ? sql` and game_brand = ${p('brand')}::text` : sql``}`;

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
  const ofType = shape.betType ? sql`and bet_type = ${p('betType')}::text` : sql``;
  if (shape.kind === 'players') {
    const count = shape.betType ? playerCountOfType : sql.raw(allTypes);
    const brand = shape.brand ? sql` and game_brand = ${p('brand')}::text` : sql``;
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
  const brandHours = sql`rollup_brand_hours where game_brand = ${p('brand')}::text and`;
  return {
    days: brandHours,
    hours: { of: brandHours, minutes: sql`rollup_brand_minutes where game_brand = ${p('brand')}::text and` },
    count: sql.raw(hourColumns.join(' + ')),
    ofType,
  };
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
 * row before it (docs/design.md §11: a deep link costs at most twice page 1), in one statement:
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
        where t.agent_id = ${agent}${shape.scoped ? sql` and t.agent_id = any(${p('scope')}::bigint[])` : sql``}
          and (t.start_date, t.id) <= ((select start_date from first_row), (select id from first_row))
          and t.start_date <= (select start_date from first_row)
          and t.start_date >= coalesce((select at from floor), ${start})
          and t.start_date <= ${end}${rowFilters(shape)}
        order by t.start_date desc, t.id desc
        limit ${p('limit')}::bigint`;
};

/** Seek statements by their shape's key, each prepared under a name of its own. */
const seekStatements = new Map<string, ReturnType<typeof agentStatement<TextRow>>>();

/** The values a seek statement binds (those its shape leaves out are not read). */
const seekValues = (
  tz: string,
  scope: Scope,
  agentId: bigint,
  q: Query,
  players: readonly string[] | undefined,
) => {
  const offset = (q.page - 1) * q.limit;
  return {
    agent: agentId,
    scope: boundScopeValue(scope),
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
export const seekPage = async (
  db: Executor,
  timeZone: string,
  scope: Scope,
  agentId: bigint,
  q: Query,
  players: readonly string[] | undefined,
): Promise<BetRow[] | undefined> => {
  const unscoped = seekShapeOf(q, players);
  if (!unscoped) return undefined;
  const shape = { ...unscoped, scoped: scope.kind !== 'all' };
  const key = JSON.stringify(shape);
  let statement = seekStatements.get(key);
  if (!statement) {
    const { kind, user, named, brand, betType, start, end } = shape;
    const digits = [user, brand, betType, start, end].map((b) => (b ? '1' : '0')).join('');
    // One agent's rows: on Citus the whole walk runs on that agent's worker (db/client.ts agentStatement).
    statement = agentStatement<TextRow>(
      `transaction_seek_${kind}_${named}_${digits}${scopeKey(scope)}`,
      'read',
      seekStatement(shape),
    );
    seekStatements.set(key, statement);
  }
  return (await statement(db, agentId, seekValues(timeZone, scope, agentId, q, players))).map(rowOfText);
};
