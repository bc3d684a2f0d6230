import type { Transaction, transactionListQuerySchema } from '@sapi/contract';
import { MAX_ID, MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { type AnyColumn, and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { assertAgentExists } from '../../core/entities.ts';
import { invalidField, notFound } from '../../core/errors.ts';
import { type Db, oncePerDatabase, queryPrepared, queryRows } from '../../db/client.ts';
import { containsPattern } from '../../db/filters.ts';
import { transactionKeys, transactions } from '../../db/ledger.ts';
import { agents } from '../../db/schema/index.ts';
import { type CsvColumn, decimalColumn, numberColumn, textColumn } from '../../lib/csv.ts';
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
  textColumn({ th: 'เวลาเริ่ม', en: 'Start' }, (r) => r.startDate),
  textColumn({ th: 'เวลาสิ้นสุด', en: 'End' }, (r) => r.endDate),
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

/**
 * The list statement for one combination of filters, with every value a bound parameter: built once
 * and prepared under its own name, so a request neither rebuilds the SQL (drizzle's query building is
 * costly per request) nor has PostgreSQL plan it again (planning over the monthly partitions costs
 * more than running the list).
 */
const listStatement = oncePerDatabase((db: Db, key: string) => {
  const shape = shapeOf(key);
  return db
    .select()
    .from(transactions)
    .where(
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
      ),
    )
    .orderBy(desc(transactions.startDate), desc(transactions.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare(`transaction_list_${key}`);
});

/** A list query as the list statement runs it: dates and the keyset step as the values it binds. */
type Bound = Omit<Query, 'startDate' | 'endDate'> & {
  startDate?: string | undefined;
  endDate?: string | undefined;
  after?: { at: string; id: bigint } | undefined;
};

/** The rows of one page: the list statement for the query's filters, with its values bound. */
const listRows = (ctx: AppContext, agentId: bigint, q: Bound, offset: number) => {
  const key = FILTERS.map((f) => ((f === 'cursor' ? q.after : q[f]) === undefined ? '0' : '1')).join('');
  return listStatement(ctx.db, key).execute({
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
};

/**
 * The daily rollup that counts the rows of a list with these filters, per business day: the
 * agent's (by bet type) or, with a game brand filter, its per-brand one (the same whole-codename
 * match as the list). Filters no rollup counts — player, username, bet id, bet type from game, game code —
 * have none: such a list pages by OFFSET.
 */
const countingRollup = (q: Query) => {
  if (
    q.user !== undefined ||
    q.username !== undefined ||
    q.betId !== undefined ||
    q.betTypeFromGame !== undefined ||
    q.gameCode !== undefined
  ) {
    return undefined;
  }
  return q.gameBrand === undefined
    ? sql.raw('rollup_agent_daily where')
    : sql`rollup_brand_daily where game_brand = ${q.gameBrand.toUpperCase()} and`;
};

/** The filters of the list other than its time range, as SQL on `transactions`. */
const rowFilters = (q: Query) =>
  sql`${q.betType === undefined ? sql`` : sql` and bet_type = ${q.betType}`}${
    q.gameBrand === undefined ? sql`` : sql` and game_brand = ${q.gameBrand.toUpperCase()}`
  }`;

/**
 * A numbered page without a cursor, found by seeking instead of OFFSET over every row before it
 * (DESIGN §11: a deep link costs at most twice page 1). The daily rollup gives the list's rows per
 * business day, newest first (the day holding the time range's end counted exactly, up to that end);
 * adding them up names the day where the page starts and how deep into that day. The page's first row
 * is then found inside that one day (one partition; from the index alone when only the time range
 * filters), and the page read from it as a keyset step bounded below by the day its last row falls on.
 * Returns undefined when no rollup counts the filters.
 */
const seekPage = async (ctx: AppContext, agentId: bigint, q: Query) => {
  const rollup = countingRollup(q);
  if (!rollup) return undefined;
  const tz = ctx.config.REPORT_TIMEZONE;
  const fromDay = q.startDate ? dateInZone(q.startDate, tz) : undefined;
  const toDay = q.endDate ? dateInZone(q.endDate, tz) : undefined;
  const startAt = q.startDate?.toISOString() ?? null;
  const endAt = q.endDate?.toISOString() ?? null;
  /** The rows of the business day `day` (a date expression) within the list's time range. */
  const inDay = (day: SQL) =>
    sql`start_date >= (${day}::timestamp at time zone ${tz}::text)
        and start_date < ((${day} + 1)::timestamp at time zone ${tz}::text)
        and start_date >= coalesce(${startAt}::timestamptz, '-infinity')
        and start_date <= coalesce(${endAt}::timestamptz, 'infinity')${rowFilters(q)}`;
  const offset = (q.page - 1) * q.limit;
  // One statement: the list's rows per day, newest first, added up; the day the page starts on and
  // the first row `skip` rows into it (one partition, pruned at run time; from the index alone when
  // only the time range filters); where the day of the page's last row starts.
  const [first] = await queryPrepared<{ at: string; row_id: string; floor: string | null }>(
    ctx.db,
    'transaction_seek',
    sql`with days as (
          select day, sum(tx_count) as n
          from ${rollup} agent_id = ${agentId}
            ${q.betType === undefined ? sql`` : sql`and bet_type = ${q.betType}`}
            ${fromDay ? sql`and day >= ${fromDay}::date` : sql``}
            ${toDay ? sql`and day <= ${toDay}::date` : sql``}
          group by day
        ),
        counted as (
          -- The rollup counts the whole day; the list stops at endDate within the day holding it.
          select day,
                 case when day = ${toDay ?? null}::date
                      then (select count(*) from transactions where agent_id = ${agentId} and ${inDay(sql`days.day`)})
                      else n end as n
          from days
        ),
        ranked as (select day, n, sum(n) over (order by day desc) - n as before from counted),
        first_day as (
          -- n is the day's exact count of the list's rows, but on the day holding startDate (the
          -- rollup counts that whole day): there the row is only ever counted from the newest end.
          select day, ${offset}::bigint - before as skip,
                 case when day = ${fromDay ?? null}::date then null else n end as n
          from ranked
          where before <= ${offset}::bigint and before + n > ${offset}::bigint
        ),
        last_day as (select max(day) as day from ranked where before + n >= ${offset + q.limit}::bigint)
        -- Named apart from the columns: ORDER BY id would sort the text output column.
        select f.at, f.row_id,
               (select (day::timestamp at time zone ${tz}::text)::text from last_day
                where day > coalesce(${fromDay ?? null}::date, '-infinity')) as floor
        from first_day d
        cross join lateral (
          -- Skipped from whichever end of the day is nearer: at most half the day's rows. Only
          -- the branch whose condition holds runs (a one-time filter on the outer row). The
          -- columns become text only for the row found: not for each row skipped.
          select x.start_date::text as at, x.id::text as row_id
          from ((select start_date, id from transactions
                 where agent_id = ${agentId} and ${inDay(sql`d.day`)} and not (d.n is not null and d.skip * 2 > d.n)
                 order by start_date desc, id desc
                 offset d.skip limit 1)
                union all
                (select start_date, id from transactions
                 where agent_id = ${agentId} and ${inDay(sql`d.day`)} and d.n is not null and d.skip * 2 > d.n
                 order by start_date asc, id asc
                 offset d.n - 1 - d.skip limit 1)) as x) as f`,
  );
  const empty: Row[] = [];
  if (!first) return empty;
  // From that row on (a keyset step just past it), down to the day of the page's last row.
  return listRows(
    ctx,
    agentId,
    {
      ...q,
      startDate: first.floor ?? startAt ?? undefined,
      endDate: endAt ?? undefined,
      after: { at: first.at, id: BigInt(first.row_id) + 1n },
    },
    0,
  );
};

/**
 * One page of an agent's bets, newest first; with a cursor the page is a keyset step (fast at any
 * depth), a numbered page seeks by day where the rollups count its filters, else it is read by OFFSET.
 */
export const listTransactions = async (ctx: AppContext, agentId: bigint, q: Query) => {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const bound = { ...q, startDate: q.startDate?.toISOString(), endDate: q.endDate?.toISOString() };
  const rows = after
    ? await listRows(ctx, agentId, { ...bound, after: { at: after.at.toISOString(), id: after.id } }, 0)
    : ((q.page > 1 ? await seekPage(ctx, agentId, q) : undefined) ??
      (await listRows(ctx, agentId, bound, (q.page - 1) * q.limit)));
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

/** Players registered per day of the month holding `date`, every day listed (business days in the report zone). */
export const registrationsPerDay = async (
  ctx: AppContext,
  agentId: bigint,
  date: string,
): Promise<RegistrationDay[]> => {
  await assertAgentExists(ctx.db, agentId);
  const tz = ctx.config.REPORT_TIMEZONE;
  const first = monthOf(date, tz);
  return queryRows<{ date: string; count: number }>(
    ctx.db,
    sql`
      select to_char(d.day, 'YYYY-MM-DD') as date,
             (select count(*) from users u
               where u.agent_id = ${agentId}
                 and u.created_at >= (d.day::timestamp at time zone ${tz}::text)
                 and u.created_at < ((d.day + 1)::timestamp at time zone ${tz}::text))::int as count
      from (select gs::date as day
            from generate_series(${first}::date, ${first}::date + interval '1 month' - interval '1 day', interval '1 day') gs) d
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
