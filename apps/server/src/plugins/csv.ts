import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** Most rows one export may hold (DESIGN §4). */
export const MAX_EXPORT_ROWS = 1_000_000;
const BATCH = 1000;

/** A cell as CSV text; strings that a spreadsheet would run as a formula are defused with a quote. */
export const csvCell = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * Stream a CSV file (UTF-8 with BOM, so Excel reads Thai) of every row the pager yields,
 * a batch at a time: `page(after)` answers the next rows after the cursor of the previous batch.
 */
export const sendCsv = <Row, Cursor>(
  reply: FastifyReply,
  filename: string,
  page: (after: Cursor | undefined, limit: number) => Promise<{ rows: Row[]; next: Cursor | undefined }>,
  columns: CsvColumn<Row>[],
) => {
  async function* lines() {
    yield `\uFEFF${columns.map((c) => csvCell(c.header)).join(',')}\r\n`;
    let after: Cursor | undefined;
    let sent = 0;
    while (sent < MAX_EXPORT_ROWS) {
      const { rows, next } = await page(after, Math.min(BATCH, MAX_EXPORT_ROWS - sent));
      if (rows.length > 0) {
        yield rows.map((row) => `${columns.map((c) => csvCell(c.value(row))).join(',')}\r\n`).join('');
      }
      sent += rows.length;
      if (next === undefined || rows.length === 0) return;
      after = next;
    }
  }
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines()));
};
