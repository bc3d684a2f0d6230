import { MONEY_NUMBER_LIMIT_SATANG } from '@sapi/contract';

/** Major units (≤ 2 decimals, already validated) → bigint minor units, without float drift. */
export const toMinor = (major: number): bigint => BigInt(Math.round(major * 100));
/** Minor units → major units for the API (exact below MONEY_NUMBER_LIMIT_SATANG: one bet, one limit). */
export const toMajor = (minor: bigint): number => Number(minor) / 100;

const NUMBER_LIMIT = BigInt(MONEY_NUMBER_LIMIT_SATANG);
/**
 * Minor units → a report's major-unit sum, exact (contract `reportMoneySchema`): a number below
 * MONEY_NUMBER_LIMIT_SATANG, from it on a decimal string, since sums over agents and periods are unbounded.
 */
export const toReportMoney = (minor: bigint): number | string => {
  const abs = minor < 0n ? -minor : minor;
  if (abs < NUMBER_LIMIT) return Number(minor) / 100;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${minor < 0n ? '-' : ''}${abs / 100n}.${cents}`;
};
