import type { ReportMoney } from '@sapi/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useParams } from 'react-router';
import { formatMoney } from '../../lib/format';
import { fromSatang, signOfMoney, toSatang } from '../../lib/money';

/** Who an amount between a child and its parent goes to: positive ⇒ the child pays the parent. */
export type Direction = 'childPays' | 'parentPays' | 'none';

export const directionOf = (amount: ReportMoney): Direction => {
  const sign = signOfMoney(amount);
  return sign > 0 ? 'childPays' : sign < 0 ? 'parentPays' : 'none';
};

/** The amount without its sign, formatted (the words carry the direction). */
export const absMoney = (amount: ReportMoney): string => {
  const satang = toSatang(amount);
  return formatMoney(fromSatang(satang < 0n ? -satang : satang));
};

/**
 * The colour of an amount by who pays: the child blue, the parent orange, nothing dimmed. A palette
 * without a shade is its text colour (app/theme.ts), which reads at WCAG AA on striped and hovered rows.
 */
export const directionColor: Record<Direction, string> = {
  childPays: 'blue',
  parentPays: 'orange',
  none: 'dimmed',
};

/** "เอเจนต์ X ต้องจ่ายให้ Y 12.50 บาท" for an amount owed between a child and its parent. */
export const whoPays = (t: TFunction, amount: ReportMoney, child: string, parent: string): string => {
  const direction = directionOf(amount);
  if (direction === 'none') return t('settlement.words.nothing', { child, parent });
  const [payer, payee] = direction === 'childPays' ? [child, parent] : [parent, child];
  return t('settlement.words.pays', { payer, payee, amount: absMoney(amount) });
};

/**
 * The outstanding balance of a line in words: what the child still owes, or what the parent owes —
 * carried forward to the next period unless the arrangement settles each period.
 */
export const outstandingWords = (
  t: TFunction,
  amount: ReportMoney,
  child: string,
  parent: string,
  settleEachPeriod: boolean,
): string => {
  const direction = directionOf(amount);
  if (direction !== 'parentPays') return whoPays(t, amount, child, parent);
  const key = settleEachPeriod ? 'settlement.words.payableNow' : 'settlement.words.credit';
  return t(key, { payer: parent, payee: child, amount: absMoney(amount) });
};

/** A parent's subtotal in words: its children pay it, or it pays its children. */
export const parentTotalWords = (t: TFunction, amount: ReportMoney, parent: string): string => {
  const direction = directionOf(amount);
  if (direction === 'none') return t('settlement.words.nothingParent', { parent });
  return t(
    direction === 'childPays' ? 'settlement.words.childrenPay' : 'settlement.words.parentPaysChildren',
    {
      parent,
      amount: absMoney(amount),
    },
  );
};

/** The period's total in words. */
export const grandTotalWords = (t: TFunction, amount: ReportMoney): string => {
  const direction = directionOf(amount);
  if (direction === 'none') return t('settlement.words.nothingAll');
  return t(direction === 'childPays' ? 'settlement.words.childrenPayAll' : 'settlement.words.parentsPayAll', {
    amount: absMoney(amount),
  });
};

/** A period as people say it: "พฤศจิกายน 2026" / "November 2026". */
export const periodName = (year: number | string, month: number | string): string =>
  `${dayjs(`2000-${String(month).padStart(2, '0')}-01`).format('MMMM')} ${year}`;

/** A business day `YYYY-MM-DD` as `DD/MM/YYYY`. */
export const dayText = (day: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
};

const percentFormat = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A percentage with 2 decimals: `35.00 %`. */
export const percentText = (value: number): string => `${percentFormat.format(value)} %`;

/** The period of the URL (its loader has checked it): the year, and the month without a leading zero. */
export const usePeriodParams = (): { year: string; month: string } => {
  const { year = '', month = '' } = useParams();
  return { year, month: String(Number(month)) };
};
