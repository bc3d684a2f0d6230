import type { api, DataOf, ReportRouteName, Totals } from '@sapi/contract';
import { type CsvColumn, decimalColumn, numberColumn, textColumn } from '../../lib/csv.ts';

/** A row of a report, as its JSON route answers it. */
export type ReportRow<N extends ReportRouteName> = DataOf<(typeof api)[N]>['rows'][number];

interface DayKey {
  date: string;
  day: string;
  month: string;
  year: string;
}
interface MonthKey {
  month: string;
  year: string;
}

const dayColumns: CsvColumn<DayKey>[] = [
  textColumn({ th: 'วันที่', en: 'Date' }, (r) => r.date),
  textColumn({ th: 'วัน', en: 'Day' }, (r) => r.day),
  textColumn({ th: 'เดือน', en: 'Month' }, (r) => r.month),
  textColumn({ th: 'ปี', en: 'Year' }, (r) => r.year),
];
const monthColumns: CsvColumn<MonthKey>[] = [
  textColumn({ th: 'เดือน', en: 'Month' }, (r) => r.month),
  textColumn({ th: 'ปี', en: 'Year' }, (r) => r.year),
];
const brandColumn = textColumn<{ gameBrand: string }>({ th: 'ค่ายเกม', en: 'Game brand' }, (r) => r.gameBrand);
const codeColumn = textColumn<{ gameCode: string }>({ th: 'รหัสเกม', en: 'Game code' }, (r) => r.gameCode);

/** The money columns every summary row ends with (docs/design.md §10), as numbers a spreadsheet sums. */
const totalsColumns: CsvColumn<Totals>[] = [
  numberColumn({ th: 'จำนวนรายการ', en: 'Transactions' }, (r) => r.transactionCount),
  decimalColumn({ th: 'ยอดเดิมพัน', en: 'Turnover' }, (r) => r.turnover),
  decimalColumn({ th: 'ยอดจ่าย', en: 'Payout' }, (r) => r.payout),
  decimalColumn({ th: 'ยกเลิก', en: 'Cancel' }, (r) => r.cancel),
  decimalColumn({ th: 'โมฆะ', en: 'Void' }, (r) => r.void),
  decimalColumn({ th: 'แพ้/ชนะ', en: 'Win/lose' }, (r) => r.winLose),
  decimalColumn({ th: 'ฝาก', en: 'Deposit' }, (r) => r.deposit),
  decimalColumn({ th: 'ถอน', en: 'Withdraw' }, (r) => r.withdraw),
  decimalColumn({ th: 'กำไร (ฝาก+ถอน)', en: 'Profit (deposit+withdraw)' }, (r) => r.profit),
  decimalColumn({ th: 'โปรโมชัน', en: 'Promotion' }, (r) => r.promotion),
  decimalColumn({ th: 'คืนโปรโมชัน', en: 'Promotion refund' }, (r) => r.promotionRefund),
  decimalColumn({ th: 'โปรโมชันแนะนำ', en: 'Affiliate promotion' }, (r) => r.promotionAffiliate),
];

/**
 * Each report's CSV columns with their headers in each language: the row's period first (the web
 * keeps the lines of a month range by the first field), then its brand and game code, then the sums.
 */
export const reportCsvColumns: { [N in ReportRouteName]: CsvColumn<ReportRow<N>>[] } = {
  summaryAgentDaily: [...dayColumns, ...totalsColumns],
  summaryAgentMonthly: [...monthColumns, ...totalsColumns],
  summaryGameDaily: [...dayColumns, brandColumn, ...totalsColumns],
  summaryGameMonthly: [...monthColumns, brandColumn, ...totalsColumns],
  summaryGameDailyByGame: [...dayColumns, brandColumn, codeColumn, ...totalsColumns],
  summaryGameMonthlyByGame: [...monthColumns, brandColumn, codeColumn, ...totalsColumns],
  revenueShare: [
    textColumn({ th: 'รหัสข้อตกลง', en: 'Sharing id' }, (r) => r.sharing),
    textColumn({ th: 'รหัสเอเจนต์ลูก', en: 'Child agent id' }, (r) => r.agent),
    textColumn({ th: 'เอเจนต์ลูก', en: 'Child agent' }, (r) => r.agentUsername),
    textColumn({ th: 'รหัสเอเจนต์แม่', en: 'Parent agent id' }, (r) => r.parentAgent),
    textColumn({ th: 'เอเจนต์แม่', en: 'Parent agent' }, (r) => r.parentAgentUsername),
    decimalColumn({ th: 'ส่วนแบ่ง (%)', en: 'Share (%)' }, (r) => r.parentPercentage),
    decimalColumn({ th: 'แพ้/ชนะของเอเจนต์ลูก', en: 'Child win/lose' }, (r) => r.winLose),
    decimalColumn({ th: 'ส่วนแบ่งของเอเจนต์แม่', en: 'Parent share' }, (r) => r.parentShare),
  ],
};
