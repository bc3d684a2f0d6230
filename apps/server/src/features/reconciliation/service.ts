import {
  instantOfWall,
  RECONCILIATION_SHOWN,
  type ReconciliationData,
  type ReconciliationDifference,
  transactionListQuerySchema,
} from '@sapi/contract';
import type { AppContext, Scope } from '../../context.ts';
import { type Bound, listRows } from '../../ledger/readers/transaction-pages.ts';
import { type CsvColumn, decimalColumn, numberColumn, textColumn, timeColumn } from '../../lib/csv.ts';
import { addDays, nextMonth } from '../../lib/days.ts';
import { toMajor } from '../../lib/money.ts';
import { betKey, type UploadedBet, type Window } from './upload.ts';

/*
 * Reconciliation by upload (docs/design.md §16): the file's bets, held by key, against the ledger's
 * bets of the agent and period, read a page at a time through the scoped transaction readers — so
 * memory holds the file's keys and one page, whatever the ledger holds.
 */

/** A day, or the month holding it, of the report time zone: its first and last day and its instants. */
export interface Period extends Window {
  first: string;
  last: string;
}

export const periodOf = (period: 'day' | 'month', date: string, timeZone: string): Period => {
  const first = period === 'day' ? date : `${date.slice(0, 7)}-01`;
  const after = period === 'day' ? addDays(date, 1) : nextMonth(first);
  // Both are days of the contract's years, which every zone's clock holds.
  const from = instantOfWall(first, timeZone) ?? Number.NaN;
  const to = instantOfWall(after, timeZone) ?? Number.NaN;
  return { first, last: addDays(after, -1), from, to };
};

/** Rows of the ledger read at a time. */
const PAGE = 1000;

export interface Tally {
  uploaded: number;
  ledger: number;
  matched: number;
  missingInLedger: number;
  missingInUpload: number;
  differ: number;
}

const fromUpload = (bet: UploadedBet) => ({
  betId: bet.betId,
  betType: bet.betType,
  line: bet.line,
  uploadAmount: toMajor(bet.amount),
  uploadStartDate: new Date(bet.start).toISOString(),
});

/**
 * Every difference between the file's bets and the ledger's of the agent and period, the ledger's
 * newest first, then the file's bets the ledger lacks in file order; `tally` counts as they go. The
 * file's map is emptied of the bets the ledger holds.
 */
export async function* differencesOf(
  ctx: AppContext,
  scope: Scope,
  agentId: bigint,
  bets: Map<string, UploadedBet>,
  period: Period,
  tally: Tally,
): AsyncGenerator<ReconciliationDifference> {
  tally.uploaded = bets.size;
  const { startDate: _from, endDate: _to, ...filters } = transactionListQuerySchema.parse({});
  const query: Bound = {
    ...filters,
    startDate: new Date(period.from).toISOString(),
    endDate: new Date(period.to - 1).toISOString(),
    limit: PAGE,
  };
  let after: Bound['after'];
  for (;;) {
    const rows = await listRows(ctx.db, scope, agentId, { ...query, after }, 0);
    for (const row of rows) {
      tally.ledger += 1;
      const { betType } = row;
      const key = betKey(betType, row.betId);
      const bet = bets.get(key);
      const ledgerSide = { ledgerAmount: toMajor(row.amount), ledgerStartDate: row.startDate.toISOString() };
      if (!bet) {
        tally.missingInUpload += 1;
        yield {
          kind: 'missing_in_upload',
          betId: row.betId,
          betType,
          line: null,
          uploadAmount: null,
          uploadStartDate: null,
          ...ledgerSide,
          fields: [],
        };
        continue;
      }
      bets.delete(key);
      const fields: ReconciliationDifference['fields'] = [];
      if (row.amount !== bet.amount) fields.push('amount');
      if (row.startDate.getTime() !== bet.start) fields.push('startDate');
      if (fields.length === 0) {
        tally.matched += 1;
        continue;
      }
      tally.differ += 1;
      yield { kind: 'differs', ...fromUpload(bet), ...ledgerSide, fields };
    }
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || !last) break;
    after = { at: last.startDate.toISOString(), id: last.id };
  }
  for (const bet of bets.values()) {
    tally.missingInLedger += 1;
    yield {
      kind: 'missing_in_ledger',
      ...fromUpload(bet),
      ledgerAmount: null,
      ledgerStartDate: null,
      fields: [],
    };
  }
}

export const emptyTally = (): Tally => ({
  uploaded: 0,
  ledger: 0,
  matched: 0,
  missingInLedger: 0,
  missingInUpload: 0,
  differ: 0,
});

/** The JSON answer: the counts and the first RECONCILIATION_SHOWN differences. */
export const reconcile = async (
  ctx: AppContext,
  scope: Scope,
  agentId: bigint,
  bets: Map<string, UploadedBet>,
  period: Period,
): Promise<ReconciliationData> => {
  const tally = emptyTally();
  const differences: ReconciliationDifference[] = [];
  let total = 0;
  for await (const difference of differencesOf(ctx, scope, agentId, bets, period, tally)) {
    total += 1;
    if (differences.length < RECONCILIATION_SHOWN) differences.push(difference);
  }
  return {
    from: period.first,
    to: period.last,
    ...tally,
    differences,
    truncated: total > differences.length,
  };
};

const kindWords: Record<ReconciliationDifference['kind'], { th: string; en: string }> = {
  missing_in_ledger: { th: 'ไม่มีในระบบ', en: 'Missing in the ledger' },
  missing_in_upload: { th: 'ไม่มีในไฟล์', en: 'Missing in the file' },
  differs: { th: 'ไม่ตรงกัน', en: 'Differs' },
};
const fieldWords = {
  amount: { th: 'จำนวนเงิน', en: 'amount' },
  startDate: { th: 'เวลาเริ่ม', en: 'startDate' },
};

/** The columns of the differences file (its words in the reader's language: the header's). */
export const reconciliationCsvColumns = (language: 'th' | 'en'): CsvColumn<ReconciliationDifference>[] => [
  textColumn({ th: 'ผลการกระทบยอด', en: 'Result' }, (r) => kindWords[r.kind][language]),
  textColumn({ th: 'รหัสเดิมพัน', en: 'Bet ID' }, (r) => r.betId),
  textColumn({ th: 'ประเภทเดิมพัน', en: 'Bet type' }, (r) => r.betType),
  numberColumn({ th: 'บรรทัดในไฟล์', en: 'Line in the file' }, (r) => r.line),
  decimalColumn({ th: 'จำนวนเงินในไฟล์', en: 'Amount in the file' }, (r) => r.uploadAmount),
  decimalColumn({ th: 'จำนวนเงินในระบบ', en: 'Amount in the ledger' }, (r) => r.ledgerAmount),
  timeColumn({ th: 'เวลาเริ่มในไฟล์', en: 'Start in the file' }, (r) => r.uploadStartDate),
  timeColumn({ th: 'เวลาเริ่มในระบบ', en: 'Start in the ledger' }, (r) => r.ledgerStartDate),
  textColumn({ th: 'ค่าที่ต่างกัน', en: 'Fields that differ' }, (r) =>
    r.fields.map((f) => fieldWords[f][language]).join(' '),
  ),
];
