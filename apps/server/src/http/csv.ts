import { Readable } from 'node:stream';
import { languageOf } from '@sapi/contract';
import type { FastifyReply } from 'fastify';
import { type CsvColumn, csvHeader, csvRows } from '../lib/csv.ts';

/** Most rows one export may hold (docs/design.md §4). */
export const MAX_EXPORT_ROWS = 1_000_000;
const BATCH = 1000;

/**
 * Stream a CSV file (UTF-8 with BOM, so Excel reads Thai) of every row the pager yields,
 * a batch at a time: `page(after)` answers the next rows after the cursor of the previous batch.
 * The header row and yes/no cells are in the language the request's `Accept-Language` asks for (Thai by
 * default); time
 * columns are written on the business clock, `REPORT_TIMEZONE` of the app's configuration.
 */
export const sendCsv = <Row, Cursor>(
  reply: FastifyReply,
  filename: string,
  page: (after: Cursor | undefined, limit: number) => Promise<{ rows: Row[]; next: Cursor | undefined }>,
  columns: CsvColumn<Row>[],
) => {
  const language = languageOf(reply.request.headers['accept-language']);
  const timeZone = reply.request.server.ctx.config.REPORT_TIMEZONE;
  async function* lines() {
    yield `\uFEFF${csvHeader(columns, language)}`;
    let after: Cursor | undefined;
    let sent = 0;
    while (sent < MAX_EXPORT_ROWS) {
      const { rows, next } = await page(after, Math.min(BATCH, MAX_EXPORT_ROWS - sent));
      if (rows.length > 0) yield csvRows(columns, rows, timeZone, language);
      sent += rows.length;
      if (next === undefined || rows.length === 0) return;
      after = next;
    }
  }
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-language', language)
    .header('vary', 'accept-language')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines()));
};
