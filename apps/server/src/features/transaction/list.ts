import type { Transaction } from '@sapi/contract';
import { MAX_ID, MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { type AnyColumn, and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assertAgentExists } from '../../core/entities.ts';
import { invalidField } from '../../core/errors.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { type Db, oncePerDatabase, preparedStatement, queryPrepared } from '../../db/client.ts';
import { containsPattern } from '../../db/filters.ts';
import { transactionKeys, transactions } from '../../db/ledger.ts';
import { type CsvColumn, decimalColumn, textColumn, timeColumn } from '../../lib/csv.ts';
import { p, type Query, type Row, rowOfText, type TextRow, textColumns, toTransaction } from './rows.ts';
import { seekPage } from './seek.ts';

/*
 * The transaction list and its export: a page by cursor (keyset), by number (seek.ts where the
 * rollups count the filters, else OFFSET), or of the players a username search names.
 */

/** The transaction export: its columns and their headers in each language. */
export const transactionCsvColumns: CsvColumn<Transaction>[] = [
  textColumn({ th: 'รหัสรายการ', en: 'Record id' }, (r) => r._id),
  textColumn({ th: 'ผู้เล่น (ID)', en: 'User (id)' }, (r) => r.user),
  textColumn({ th: 'ชื่อผู้เล่น', en: 'Username' }, (r) => r.username),
  textColumn({ th: 'รหัสเดิมพัน', en: 'Bet ID' }, (r) => r.betId),
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
