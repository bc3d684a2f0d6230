import type { Readable } from 'node:stream';
import {
  type BetType,
  betTypeSchema,
  type ContractIssueCode,
  ingestItemSchema,
  isoDateTimeInput,
  isStorableText,
  MAX_MONEY,
  RECONCILIATION_MAX_BYTES,
  RECONCILIATION_MAX_LINE,
  RECONCILIATION_MAX_ROWS,
  reconciliationColumns,
  Status,
} from '@sapi/contract';
import { AppError } from '../../core/errors.ts';
import { toMinor } from '../../lib/money.ts';

/*
 * Reading an uploaded reconciliation file (docs/design.md §16): line by line as it arrives, never more
 * than RECONCILIATION_MAX_BYTES nor RECONCILIATION_MAX_ROWS bets, each line checked by the ingest's own
 * rules (betId, betType, amount in major units with at most 2 decimals, startDate ISO with its zone).
 */

/** One bet of the file, by its key `betType NUL betId` (a betId never holds a NUL). */
export interface UploadedBet {
  line: number;
  betId: string;
  betType: BetType;
  amount: bigint;
  start: number;
}

/** The instants [from, to) the file's bets must start in. */
export interface Window {
  from: number;
  to: number;
}

/** A file bigger than its caps: answered 413 (status 2001), as the framework answers a big body. */
export class UploadTooLarge extends Error {
  constructor(
    readonly code: 'body_too_large' | 'csv_too_many_rows',
    readonly maximum: number,
  ) {
    super(
      code === 'body_too_large'
        ? `The file is larger than ${maximum} bytes`
        : `The file holds more than ${maximum} bets`,
    );
  }
}

export const betKey = (betType: string, betId: string) => `${betType}\u0000${betId}`;

/** A 2001 naming the line (and the column) of the file at fault. */
const lineError = (code: ContractIssueCode, message: string, params: Record<string, unknown>) =>
  new AppError(Status.VALIDATION, message, { issues: [{ path: 'file', code, params, message }] });

/**
 * A CSV line's cells (RFC 4180 quoting within the line; a field holding a line break is not a bet
 * record), or undefined when its quotes do not close.
 */
export const cellsOf = (line: string): string[] | undefined => {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i += 1;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) return undefined;
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      cells.push(value.trim());
      if (i >= line.length) return cells;
      if (line[i] !== ',') return undefined;
      i += 1;
    } else {
      const comma = line.indexOf(',', i);
      if (comma < 0) {
        cells.push(line.slice(i).trim());
        return cells;
      }
      cells.push(line.slice(i, comma).trim());
      i = comma + 1;
    }
  }
};

/**
 * The lines of a stream of UTF-8 bytes, without their line breaks; bytes that are no UTF-8 become
 * U+FFFD (refused by the line check). Throws UploadTooLarge past `maxBytes`. The request is not
 * destroyed when the reader stops early, so its answer can still be sent.
 */
async function* linesOf(stream: Readable, maxBytes: number): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let rest = '';
  for await (const chunk of stream.iterator({ destroyOnReturn: false })) {
    const buffer: Uint8Array = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
    bytes += buffer.byteLength;
    if (bytes > maxBytes) throw new UploadTooLarge('body_too_large', maxBytes);
    const parts = (rest + decoder.decode(buffer, { stream: true })).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) yield part.endsWith('\r') ? part.slice(0, -1) : part;
    // A line that never ends is refused as too long once it is, not held to the byte cap.
    if (rest.length > RECONCILIATION_MAX_LINE) yield rest;
  }
  rest += decoder.decode();
  if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}

const REPLACEMENT = '\uFFFD';
/** Decimal major units as written: no exponent, no `+`, no leading zeros, at most 2 decimals. */
const AMOUNT = /^-?(?:0|[1-9]\d{0,12})(?:\.\d{1,2})?$/;
const NEGATIVE_ZERO = /^-0(?:\.0+)?$/;

/** The amount in minor units, or undefined when the text is not one the ingest would store. */
export const amountOf = (text: string): bigint | undefined => {
  if (!AMOUNT.test(text) || NEGATIVE_ZERO.test(text)) return undefined;
  const major = Number(text);
  if (!Number.isFinite(major) || Math.abs(major) > MAX_MONEY) return undefined;
  return toMinor(major);
};

type Column = (typeof reconciliationColumns)[number];

/** Where each needed column is in the header, or undefined when the header does not name them all. */
const headerOf = (line: string): Record<Column, number> | undefined => {
  const cells = cellsOf(line.replace(/^\uFEFF/, ''));
  if (!cells) return undefined;
  const names = cells.map((c) => c.toLowerCase());
  const at = {} as Record<Column, number>;
  for (const column of reconciliationColumns) {
    const index = names.indexOf(column.toLowerCase());
    if (index < 0) return undefined;
    at[column] = index;
  }
  return at;
};

/** One data line as a bet, or a 2001 naming the line and the column. */
const betOf = (text: string, line: number, at: Record<Column, number>, window: Window): UploadedBet => {
  if (!isStorableText(text) || text.includes(REPLACEMENT)) {
    throw lineError('csv_encoding', `Line ${line}: the file must be UTF-8 text without NUL characters`, {
      line,
    });
  }
  const cells = cellsOf(text);
  const invalid = (field: Column) =>
    lineError('csv_line', `Line ${line}: the ${field} column is not valid`, { line, field });
  const cell = (field: Column) => {
    const value = cells?.[at[field]];
    if (value === undefined) throw invalid(field);
    return value;
  };
  const betId = ingestItemSchema.shape.betId.safeParse(cell('betId'));
  if (!betId.success) throw invalid('betId');
  const betType = betTypeSchema.safeParse(cell('betType'));
  if (!betType.success) throw invalid('betType');
  const amount = amountOf(cell('amount'));
  if (amount === undefined) throw invalid('amount');
  const startText = cell('startDate');
  if (!isoDateTimeInput.safeParse(startText).success) throw invalid('startDate');
  const start = Date.parse(startText);
  if (start < window.from || start >= window.to) {
    throw lineError('csv_outside_period', `Line ${line}: startDate is outside the chosen period`, { line });
  }
  return { line, betId: betId.data, betType: betType.data, amount, start };
};

/**
 * Read an uploaded file into its bets by key, or refuse it: 2001 naming the line (header, value,
 * encoding, a bet twice, a start outside the period), UploadTooLarge past the byte or row cap. Empty
 * lines are skipped.
 */
export const readUpload = async (stream: Readable, window: Window): Promise<Map<string, UploadedBet>> => {
  const bets = new Map<string, UploadedBet>();
  let line = 0;
  let at: Record<Column, number> | undefined;
  for await (const text of linesOf(stream, RECONCILIATION_MAX_BYTES)) {
    line += 1;
    if (text.length > RECONCILIATION_MAX_LINE) {
      throw lineError(
        'csv_line_too_long',
        `Line ${line} is longer than ${RECONCILIATION_MAX_LINE} characters`,
        {
          line,
          maximum: RECONCILIATION_MAX_LINE,
        },
      );
    }
    if (!at) {
      at = line === 1 ? headerOf(text) : undefined;
      if (!at) {
        throw lineError(
          'csv_header',
          'The first line must name the columns betId, betType, amount and startDate',
          {},
        );
      }
      continue;
    }
    if (text.trim() === '') continue;
    if (bets.size >= RECONCILIATION_MAX_ROWS) {
      throw new UploadTooLarge('csv_too_many_rows', RECONCILIATION_MAX_ROWS);
    }
    const bet = betOf(text, line, at, window);
    const key = betKey(bet.betType, bet.betId);
    const first = bets.get(key);
    if (first) {
      throw lineError('csv_duplicate', `Line ${line}: the same bet is already on line ${first.line}`, {
        line,
        first: first.line,
      });
    }
    bets.set(key, bet);
  }
  if (!at) {
    throw lineError(
      'csv_header',
      'The first line must name the columns betId, betType, amount and startDate',
      {},
    );
  }
  return bets;
};
