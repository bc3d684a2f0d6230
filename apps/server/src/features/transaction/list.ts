import type { Transaction } from '@sapi/contract';
import { MAX_ID, MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import type { AppContext, Scope } from '../../context.ts';
import { assertAgentExists } from '../../core/entities.ts';
import { invalidField } from '../../core/errors.ts';
import { queryOfAgent } from '../../db/client.ts';
import { containsPattern } from '../../db/filters.ts';
import { type Bound, listRows, namedPlayersRows } from '../../ledger/readers/transaction-pages.ts';
import { seekPage } from '../../ledger/readers/transaction-seek.ts';
import { type CsvColumn, decimalColumn, textColumn, timeColumn } from '../../lib/csv.ts';
import { type Query, type Row, toTransaction } from './rows.ts';

/*
 * The transaction list and its export: a page by cursor (keyset), by number (the ledger's seek where
 * the rollups count the filters, else OFFSET), or of the players a username search names; the
 * ledger's readers (ledger/readers/transaction-pages.ts, transaction-seek.ts) read the page.
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
  // One agent's players: on Citus on that agent's worker (db/client.ts queryOfAgent).
  const rows = await queryOfAgent<{ id: string }>(
    ctx.db,
    'players_named',
    agentId,
    sql`select id::text as id from users
        where agent_id = ${agentId}::bigint
          and lower(username collate "C") like (select lower(${containsPattern(part)}))
        limit ${sql.raw(String(MAX_NAMED_PLAYERS + 1))}`,
  );
  return rows.length > MAX_NAMED_PLAYERS ? undefined : rows.map((r) => r.id);
};

/**
 * One page of an agent's bets, newest first; with a cursor the page is a keyset step (fast at any
 * depth), a numbered page seeks by day where the rollups count its filters, else it is read by
 * OFFSET. A username search naming few players reads their bets by the player index.
 */
export const listTransactions = async (ctx: AppContext, scope: Scope, agentId: bigint, q: Query) => {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const bound = { ...q, startDate: q.startDate?.toISOString(), endDate: q.endDate?.toISOString() };
  const players = q.username === undefined ? undefined : await playersNamed(ctx, agentId, q.username);
  // Reading each named player's rows up to the page costs players × (offset + limit) rows: taken for
  // one player, or for the rows of a first page or a keyset step; several players' OFFSET pages test
  // the name on the agent's rows instead.
  const read = (b: Bound, offset: number) =>
    players && (players.length === 1 || offset === 0)
      ? namedPlayersRows(ctx.db, scope, agentId, b, players, offset)
      : listRows(ctx.db, scope, agentId, b, offset);
  const page = async () => {
    // A name that matches none of the agent's players lists nothing: the ledger is not read.
    if (players?.length === 0) return [];
    if (after) return read({ ...bound, after: { at: after.at.toISOString(), id: after.id } }, 0);
    const sought =
      q.page > 1 ? await seekPage(ctx.db, ctx.config.REPORT_TIMEZONE, scope, agentId, q, players) : undefined;
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
  scope: Scope,
  agentId: bigint,
  q: Query,
  after: string | undefined,
  limit: number,
) => {
  const page = await listTransactions(ctx, scope, agentId, { ...q, page: 1, limit, cursor: after });
  return { rows: page.records, next: page.nextCursor ?? undefined };
};
