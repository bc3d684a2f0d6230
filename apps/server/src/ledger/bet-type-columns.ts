import { type BetType, betTypes } from '@sapi/contract';

/**
 * The columns of a rollup that keeps a sum or a count per bet type side by side (rollup_brand_daily,
 * 0027; rollup_brand_day_all, 0028; rollup_player_daily, 0034): each bet type's name in lower case,
 * in the contract's order.
 */
export const betTypeColumns: readonly { betType: BetType; column: string }[] = betTypes.map((betType) => ({
  betType,
  column: betType.toLowerCase(),
}));

/** The column names alone. */
export const typeColumns: readonly string[] = betTypeColumns.map(({ column }) => column);

/** SQL: a row's columns per bet type added up (rollup_player_daily: the row's count of every type). */
export const allTypes = `(${typeColumns.join(' + ')})`;

/** Every sum a rollup of amounts keeps: a column per bet type, then the count. */
export const sumColumns: readonly string[] = [...typeColumns, 'tx_count'];

/** SQL: the sum of `amount` over the rows of one bet type, 0 when there are none. */
export const amountOfType = (betType: BetType) =>
  `coalesce(sum(amount) filter (where bet_type = '${betType}'), 0)`;

/** SQL: the number of rows of one bet type. */
export const countOfType = (betType: BetType) => `count(*) filter (where bet_type = '${betType}')`;
