import { MONEY_NUMBER_LIMIT_SATANG, type ReportMoney } from '@sapi/contract';

/*
 * Report sums arrive exact (contract `reportMoneySchema`): a number below 10^15 satang, a decimal
 * string from there on. Adding them goes through satang as bigint, so a column total stays exact too.
 */

/** A report amount in satang, exactly. */
export const toSatang = (value: ReportMoney): bigint => {
  if (typeof value === 'number') return BigInt(Math.round(value * 100));
  const negative = value.startsWith('-');
  const [whole = '0', cents = '0'] = (negative ? value.slice(1) : value).split('.');
  const abs = BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0').slice(0, 2));
  return negative ? -abs : abs;
};

/** Satang back to a report amount: a number while exact as one, else a decimal string. */
export const fromSatang = (satang: bigint): ReportMoney => {
  const abs = satang < 0n ? -satang : satang;
  if (abs < BigInt(MONEY_NUMBER_LIMIT_SATANG)) return Number(satang) / 100;
  return `${satang < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** The sum of report amounts, exact. */
export const addMoney = (...values: ReportMoney[]): ReportMoney =>
  fromSatang(values.reduce((acc, v) => acc + toSatang(v), 0n));

/** −1, 0 or 1 by the amount rounded to satang (what the tables colour by). */
export const signOfMoney = (value: ReportMoney): -1 | 0 | 1 => {
  const satang = toSatang(value);
  return satang < 0n ? -1 : satang > 0n ? 1 : 0;
};

/** A report amount as a plain number, for charts and percentages (rounds from 10^15 satang on). */
export const moneyNumber = (value: ReportMoney): number => Number(value);
