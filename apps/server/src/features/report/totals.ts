import {
  MONEY_NUMBER_LIMIT_SATANG,
  type MonthlyBalance,
  type ReportMoney,
  type Totals,
} from '@sapi/contract';
import type { RawSums } from '../../ledger/readers/type-sums.ts';
import { toReportMoney } from '../../lib/money.ts';

export type { RawSums };

export interface TypeSums {
  hold: bigint;
  settle: bigint;
  cancel: bigint;
  void: bigint;
  deposit: bigint;
  withdraw: bigint;
  promotion: bigint;
  promotionRefund: bigint;
  promotionAffiliate: bigint;
  txCount: bigint;
}

export const zeroSums = (): TypeSums => ({
  hold: 0n,
  settle: 0n,
  cancel: 0n,
  void: 0n,
  deposit: 0n,
  withdraw: 0n,
  promotion: 0n,
  promotionRefund: 0n,
  promotionAffiliate: 0n,
  txCount: 0n,
});

export const sumsOf = (r: RawSums): TypeSums => ({
  hold: BigInt(r.hold),
  settle: BigInt(r.settle),
  cancel: BigInt(r.cancel),
  void: BigInt(r.void),
  deposit: BigInt(r.deposit),
  withdraw: BigInt(r.withdraw),
  promotion: BigInt(r.promotion),
  promotionRefund: BigInt(r.promotion_refund),
  promotionAffiliate: BigInt(r.promotion_affiliate),
  txCount: BigInt(r.tx_count),
});

export const addSums = (a: TypeSums, b: TypeSums): TypeSums => ({
  hold: a.hold + b.hold,
  settle: a.settle + b.settle,
  cancel: a.cancel + b.cancel,
  void: a.void + b.void,
  deposit: a.deposit + b.deposit,
  withdraw: a.withdraw + b.withdraw,
  promotion: a.promotion + b.promotion,
  promotionRefund: a.promotionRefund + b.promotionRefund,
  promotionAffiliate: a.promotionAffiliate + b.promotionAffiliate,
  txCount: a.txCount + b.txCount,
});

export const winLoseOf = (s: TypeSums) => s.hold + s.settle + s.cancel + s.void;

/** The money columns of docs/design.md §10, in major units; derived columns are summed in minor units first. */
export const totalsOf = (s: TypeSums): Totals => ({
  transactionCount: Number(s.txCount),
  turnover: toReportMoney(-s.hold),
  payout: toReportMoney(s.settle),
  cancel: toReportMoney(s.cancel),
  void: toReportMoney(s.void),
  winLose: toReportMoney(winLoseOf(s)),
  deposit: toReportMoney(s.deposit),
  withdraw: toReportMoney(s.withdraw),
  profit: toReportMoney(s.deposit + s.withdraw),
  promotion: toReportMoney(s.promotion),
  promotionRefund: toReportMoney(s.promotionRefund),
  promotionAffiliate: toReportMoney(s.promotionAffiliate),
});

/**
 * Integers a double holds exactly with room for the few additions a report makes: a derived column
 * adds at most four sums (win/lose), so each term within 2^50 keeps every result below 2^53.
 */
const EXACT = 2 ** 50;
const MONEY_NUMBER_LIMIT = Number(MONEY_NUMBER_LIMIT_SATANG);
const within = (n: number) => n <= EXACT && n >= -EXACT;
/** toReportMoney of an exact integer of satang held in a double (0 − x, never −0). */
const moneyOf = (minor: number): ReportMoney =>
  minor < MONEY_NUMBER_LIMIT && minor > -MONEY_NUMBER_LIMIT ? minor / 100 : toReportMoney(BigInt(minor));

/**
 * `totalsOf(sumsOf(r))` without a bigint per value: the database's integer text read as doubles,
 * which add integers exactly while each stays within EXACT (checked); any sum beyond it takes the
 * bigint path. Same answer to the satang, in about a third of the time for a report of a few hundred
 * rows.
 */
export const totalsOfText = (r: RawSums): Totals => {
  const hold = +r.hold;
  const settle = +r.settle;
  const cancel = +r.cancel;
  const voided = +r.void;
  const deposit = +r.deposit;
  const withdraw = +r.withdraw;
  const promotion = +r.promotion;
  const promotionRefund = +r.promotion_refund;
  const promotionAffiliate = +r.promotion_affiliate;
  if (
    !(
      within(hold) &&
      within(settle) &&
      within(cancel) &&
      within(voided) &&
      within(deposit) &&
      within(withdraw) &&
      within(promotion) &&
      within(promotionRefund) &&
      within(promotionAffiliate)
    )
  ) {
    return totalsOf(sumsOf(r));
  }
  return {
    transactionCount: +r.tx_count,
    turnover: moneyOf(0 - hold),
    payout: moneyOf(settle),
    cancel: moneyOf(cancel),
    void: moneyOf(voided),
    winLose: moneyOf(hold + settle + cancel + voided),
    deposit: moneyOf(deposit),
    withdraw: moneyOf(withdraw),
    profit: moneyOf(deposit + withdraw),
    promotion: moneyOf(promotion),
    promotionRefund: moneyOf(promotionRefund),
    promotionAffiliate: moneyOf(promotionAffiliate),
  };
};

/** The sums of many rows of integer text, as the same text: added in doubles while exact, else in bigint. */
export const addTexts = (rows: readonly RawSums[]): RawSums => {
  const t = {
    hold: 0,
    settle: 0,
    cancel: 0,
    void: 0,
    deposit: 0,
    withdraw: 0,
    promotion: 0,
    refund: 0,
    affiliate: 0,
    count: 0,
  };
  let exact = true;
  for (const r of rows) {
    t.hold += +r.hold;
    t.settle += +r.settle;
    t.cancel += +r.cancel;
    t.void += +r.void;
    t.deposit += +r.deposit;
    t.withdraw += +r.withdraw;
    t.promotion += +r.promotion;
    t.refund += +r.promotion_refund;
    t.affiliate += +r.promotion_affiliate;
    t.count += +r.tx_count;
    // A running sum within EXACT after every addition is every addition exact: from a sum within
    // it, a term read inexactly (beyond 2^53) or a result rounded leaves it.
    exact &&=
      within(t.hold) &&
      within(t.settle) &&
      within(t.cancel) &&
      within(t.void) &&
      within(t.deposit) &&
      within(t.withdraw) &&
      within(t.promotion) &&
      within(t.refund) &&
      within(t.affiliate) &&
      within(t.count);
  }
  if (!exact) return textOf(rows.reduce((acc, r) => addSums(acc, sumsOf(r)), zeroSums()));
  return {
    hold: String(t.hold),
    settle: String(t.settle),
    cancel: String(t.cancel),
    void: String(t.void),
    deposit: String(t.deposit),
    withdraw: String(t.withdraw),
    promotion: String(t.promotion),
    promotion_refund: String(t.refund),
    promotion_affiliate: String(t.affiliate),
    tx_count: String(t.count),
  };
};

const textOf = (s: TypeSums): RawSums => ({
  hold: String(s.hold),
  settle: String(s.settle),
  cancel: String(s.cancel),
  void: String(s.void),
  deposit: String(s.deposit),
  withdraw: String(s.withdraw),
  promotion: String(s.promotion),
  promotion_refund: String(s.promotionRefund),
  promotion_affiliate: String(s.promotionAffiliate),
  tx_count: String(s.txCount),
});

/** Sums of nothing, as the database's text. */
export const zeroText: RawSums = textOf(zeroSums());

export const balanceOf = (s: TypeSums): MonthlyBalance => ({
  holdBalance: toReportMoney(s.hold),
  settleBalance: toReportMoney(s.settle),
  voidBalance: toReportMoney(s.void),
  cancelBalance: toReportMoney(s.cancel),
  depositBalance: toReportMoney(s.deposit),
  withdrawBalance: toReportMoney(s.withdraw),
  promotionBalance: toReportMoney(s.promotion),
  promotionRefundBalance: toReportMoney(s.promotionRefund),
  promotionAffiliateBalance: toReportMoney(s.promotionAffiliate),
  transactionCount: Number(s.txCount),
});
