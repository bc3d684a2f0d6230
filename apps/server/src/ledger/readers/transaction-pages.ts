import { type AnyColumn, and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../context.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { agentStatement, type Db, type Executor, onCitus, oncePerDatabase } from '../../db/client.ts';
import { containsPattern } from '../../db/filters.ts';
import { boundScopeValue, scopeKey, withinBoundScope } from '../scope.ts';
import { transactionKeys, transactions } from '../tables.ts';
import { type ListQuery, p, rowOfText, type TextRow, textColumns } from './bet-rows.ts';

/*
 * A page of an agent's bets, newest first, for any combination of the list's filters: by OFFSET or
 * by a keyset step (`listRows`), or from the player index of the few players a username search
 * names (`namedPlayersRows`). Each statement is prepared once per shape of filters. Each takes the
 * caller's scope and, for the agent side, carries it in its own statement (docs/design.md §16): a
 * feature that forgot to check the agent still reads no row outside the scope.
 */

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
type Shape = Record<(typeof FILTERS)[number], boolean> & { scoped: boolean };
/**
 * A shape's key is one digit per filter, 1 when present, then `_s` when scoped (the agent side):
 * `transaction_list_<key>` names its statement.
 */
const shapeOf = (key: string) =>
  ({
    ...Object.fromEntries(FILTERS.map((f, i) => [f, key[i] === '1'])),
    scoped: key.endsWith('_s'),
  }) as Shape;

const ilike = (column: AnyColumn, name: string) => sql`${column} ilike ${p(name)}`;

/**
 * A bigint bound by name: `cast` in a statement run on a Citus shard (db/client.ts agentStatement),
 * whose values arrive as text; else as drizzle binds it to its column.
 */
const bigintValue = (name: string, cast: boolean) => (cast ? sql`${p(name)}::bigint` : p(name));

/**
 * The list's conditions on `transactions` for one combination of filters, every value bound by name
 * (and every bigint cast, for a statement on a Citus shard).
 */
const listConditions = (shape: Shape, cast = false) =>
  and(
    eq(transactions.agentId, bigintValue('agentId', cast)),
    withinBoundScope(shape.scoped, sql`${transactions.agentId}`),
    shape.user ? eq(transactions.userId, bigintValue('user', cast)) : undefined,
    shape.username ? ilike(transactions.username, 'username') : undefined,
    // Bet ids are looked up exactly, through the key table, so the filter stays an index probe.
    shape.betId
      ? sql`(${transactions.startDate}, ${transactions.id}) in (select ${transactionKeys.startDate}, ${transactionKeys.txId} from ${transactionKeys} where ${transactionKeys.agentId} = ${bigintValue('agentId', cast)} and ${transactionKeys.betId} = ${p('betId')})`
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
      ? sql`(${transactions.startDate}, ${transactions.id}) < (${p('afterAt')}::timestamptz, ${bigintValue('afterId', cast)})`
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
export type Bound = Omit<ListQuery, 'startDate' | 'endDate'> & {
  startDate?: string | undefined;
  endDate?: string | undefined;
  after?: { at: string; id: bigint } | undefined;
};

/** The shape of a bound query: one digit per filter, 1 when present, and whether it is scoped. */
const keyOf = (scope: Scope, q: Bound) =>
  FILTERS.map((f) => ((f === 'cursor' ? q.after : q[f]) === undefined ? '0' : '1')).join('') +
  scopeKey(scope);

/** The values a list statement binds for a bound query, `offset` rows in. */
const listValues = (scope: Scope, agentId: bigint, q: Bound, offset: number) => ({
  agentId,
  scope: boundScopeValue(scope),
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

/**
 * One agent's read per shape of filters (its key), built on first use and prepared under
 * `<prefix>_<key>`; on Citus it runs on the agent's worker (db/client.ts agentStatement).
 */
const statementsByShape = (prefix: string, text: (shape: Shape) => SQL) => {
  const built = new Map<string, ReturnType<typeof agentStatement<TextRow>>>();
  return (key: string) => {
    let statement = built.get(key);
    if (!statement) {
      statement = agentStatement<TextRow>(`${prefix}_${key}`, 'read', text(shapeOf(key)));
      built.set(key, statement);
    }
    return statement;
  };
};

/** The list statement as read on Citus, every column as text. */
const listStatementOnShard = statementsByShape(
  'transaction_list',
  (shape) =>
    sql`select ${textColumns}
        from (select * from ${transactions}
              where ${listConditions(shape, true)}
              order by ${transactions.startDate} desc, ${transactions.id} desc
              limit ${p('limit')}::bigint offset ${p('offset')}::bigint) as t
        order by t.start_date desc, t.id desc`,
);

/** The rows of one page: the list statement for the query's filters and scope, with its values bound. */
export const listRows = async (db: Db, scope: Scope, agentId: bigint, q: Bound, offset: number) => {
  const key = keyOf(scope, q);
  const values = listValues(scope, agentId, q, offset);
  // One agent's rows: on Citus on that agent's worker, planned once per connection there.
  if (onCitus(db)) return (await listStatementOnShard(key)(db, agentId, values)).map(rowOfText);
  return listStatement(db, key).execute(values);
};

/** Statements reading the bets of named players, by the shape of the other filters. */
const namedPlayersStatement = statementsByShape(
  'transaction_named',
  (shape) =>
    sql`select ${textColumns}
        from unnest(${p('players')}::bigint[]) as pl(id)
        cross join lateral (
          select * from ${transactions}
          where ${listConditions(shape, true)} and ${transactions.userId} = pl.id
          order by ${transactions.startDate} desc, ${transactions.id} desc
          limit ${p('reach')}::bigint) as t
        order by t.start_date desc, t.id desc
        limit ${p('limit')}::bigint offset ${p('offset')}::bigint`,
);

/**
 * The rows of one page of a username search naming `players` (at most MAX_NAMED_PLAYERS): each
 * player's newest rows from the player index, as many as the page reaches, merged — instead of
 * testing the name on the agent's rows, newest first, until the page is filled, which reads the
 * agent's whole history for a player with few bets among many.
 */
export const namedPlayersRows = async (
  db: Executor,
  scope: Scope,
  agentId: bigint,
  q: Bound,
  players: readonly string[],
  offset: number,
) => {
  // The players stand for the name: the other filters give the statement its shape.
  const statement = namedPlayersStatement(keyOf(scope, { ...q, username: undefined }));
  const values = {
    ...listValues(scope, agentId, q, offset),
    players: arrayLiteral(players),
    reach: offset + q.limit,
  };
  return (await statement(db, agentId, values)).map(rowOfText);
};
