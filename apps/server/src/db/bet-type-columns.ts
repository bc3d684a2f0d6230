import { type BetType, betTypes } from '@sapi/contract';

/**
 * The columns of a rollup that keeps a sum per bet type side by side (rollup_brand_daily, 0027):
 * each bet type's name in lower case, in the contract's order.
 */
export const betTypeColumns: readonly { betType: BetType; column: string }[] = betTypes.map((betType) => ({
  betType,
  column: betType.toLowerCase(),
}));
