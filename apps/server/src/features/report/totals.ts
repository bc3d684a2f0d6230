import type { MonthlyBalance, Totals } from '@sapi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { amountOfType, betTypeColumns, sumColumns } from '../../db/bet-type-columns.ts';
import { toReportMoney } from '../../lib/money.ts';

/** Per-bet-type sums of a rollup table, as text so both drivers answer the same exact numbers. */
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

/** The money columns of DESIGN §10, in major units; derived columns are summed in minor units first. */
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

/** `agent_id = x`, or nothing for the whole platform. */
export const agentScope = (agentId: bigint | 'all'): SQL =>
  agentId === 'all' ? sql`true` : sql`agent_id = ${agentId}`;
