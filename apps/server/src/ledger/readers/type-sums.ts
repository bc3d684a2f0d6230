import { type SQL, sql } from 'drizzle-orm';
import { amountOfType, betTypeColumns, sumColumns } from '../bet-type-columns.ts';

/*
 * The sums per bet type the readers of amounts answer: one column per bet type and the count, each
 * as integer text so both drivers give the same exact numbers, whatever the rollup's layout.
 */

/** The sums of a group of rows, as the database's integer text, named as the columns of a rollup by column. */
export type RawSums = Record<
  | 'hold'
  | 'settle'
  | 'cancel'
  | 'void'
  | 'deposit'
  | 'withdraw'
  | 'promotion'
  | 'promotion_refund'
  | 'promotion_affiliate'
  | 'tx_count',
  string
>;

/** Per-bet-type sums of a rollup with a row per bet type (amount, tx_count). */
export const sumsByType = sql.raw(
  [
    ...betTypeColumns.map(({ betType, column }) => `${amountOfType(betType)}::text as ${column}`),
    'coalesce(sum(tx_count), 0)::text as tx_count',
  ].join(',\n  '),
);

/** The same sums of a rollup with a column per bet type (0027, 0028). */
export const sumsByColumn = sql.raw(
  sumColumns.map((column) => `coalesce(sum(${column}), 0)::text as ${column}`).join(',\n  '),
);
/** The same columns of one row of such a rollup, as they are. */
export const sumsAsStored = sql.raw(sumColumns.map((column) => `${column}::text as ${column}`).join(', '));

/** `agent_id = x`, or nothing for the whole platform. */
export const agentScope = (agentId: bigint | 'all'): SQL =>
  agentId === 'all' ? sql`true` : sql`agent_id = ${agentId}::bigint`;
