import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvHeader,
  csvNumberCell,
  csvRows,
  csvTimeCell,
  decimalColumn,
  flagColumn,
  numberColumn,
  textColumn,
  timeColumn,
} from './csv.ts';

/** The text a spreadsheet reads from one CSV cell: quotes removed, doubled quotes undone. */
const unquote = (cell: string): string => {
  if (!cell.startsWith('"')) return cell;
  expect(cell.endsWith('"') && cell.length >= 2, cell).toBe(true);
  const inner = cell.slice(1, -1);
  // Inside the quotes every quote is doubled.
  expect(inner.replaceAll('""', ''), cell).not.toContain('"');
  return inner.replaceAll('""', '"');
};

/** Would a spreadsheet run this cell's text as a formula? */
const runsAsFormula = (text: string) => /^(?:[\t\r]|[\p{White_Space}\p{Cc}\p{Cf}]*[=+\-@])/u.test(text);

/** Does the text survive UTF-8 (no lone surrogates)? */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8') === text;

describe('csvCell: a text cell', () => {
  it('defuses text a spreadsheet would run, with or without white space before it', () => {
    for (const text of [
      '=1+1',
      '+1',
      '-5',
      '@SUM(A1)',
      '\t=x',
      '\tplain',
      '\rplain',
      '  =cmd',
      ' \t -2',
      '\u00a0=1',
      '\u3000+1',
      '\u200b@x',
      '\ufeff=1',
      '\u0001=1',
    ]) {
      expect(unquote(csvCell(text)), JSON.stringify(text)).toBe(`'${text}`);
    }
  });

  it('leaves plain text, numbers-in-the-middle and empty cells as they are', () => {
    expect(csvCell('player01')).toBe('player01');
    expect(csvCell('ค่ายเกม')).toBe('ค่ายเกม');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('10-5')).toBe('10-5');
    expect(csvCell('  spaced')).toBe('  spaced');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it("writes a yes/no cell in the reader's language: ใช่ or ไม่ใช่ in Thai, true or false in English", () => {
    const columns = [flagColumn<{ on: boolean | null }>({ th: 'ล็อก', en: 'Locked' }, (r) => r.on)];
    const rows = [{ on: true }, { on: false }, { on: null }];
    expect(csvRows(columns, rows, 'UTC', 'th')).toBe('ใช่\r\nไม่ใช่\r\n\r\n');
    expect(csvRows(columns, rows, 'UTC', 'en')).toBe('true\r\nfalse\r\n\r\n');
  });

  it('quotes cells holding quotes, commas and line breaks, doubling quotes', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('line1\r\nline2')).toBe('"line1\r\nline2"');
    expect(csvCell('"=1"')).toBe('"""=1"""');
    // A leading CR is both defused and quoted.
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('-1,"x"')).toBe(`"'-1,""x"""`);
  });

  it('writes NUL and lone surrogates as U+FFFD, keeping surrogate pairs', () => {
    expect(csvCell('a\u0000b')).toBe('a\uFFFDb');
    expect(csvCell('\u0000=1')).toBe(`'\uFFFD=1`);
    expect(csvCell('x\uD800y')).toBe('x\uFFFDy');
    expect(csvCell('x\uDC00')).toBe('x\uFFFD');
    expect(csvCell('\uDC00\uD800')).toBe('\uFFFD\uFFFD');
    expect(csvCell('🎰 slot')).toBe('🎰 slot');
  });

  it('for any text: one well-formed cell, never run as a formula, reading back as the text', () => {
    const unit = fc.oneof(
      fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ' ', '\u00a0', '\u200b', '\u0000'),
      fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83C\uDFB0', 'ก', 'a', '1'),
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (text) => {
        const cell = csvCell(text);
        if (!cell.startsWith('"')) expect(cell).not.toMatch(/[",\r\n]/);
        const read = unquote(cell);
        expect(wellFormed(read)).toBe(true);
        expect(read).not.toContain('\u0000');
        expect(runsAsFormula(read)).toBe(false);
        const body = read.startsWith("'") && runsAsFormula(text) ? read.slice(1) : read;
        expect(body).toHaveLength(text.length);
        // Every character is kept, but for those a file cannot carry.
        for (let i = 0; i < body.length; i++) {
          if (body[i] !== '\uFFFD') expect(body.charCodeAt(i)).toBe(text.charCodeAt(i));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('csvNumberCell: a number cell', () => {
  it('writes numbers plain, negative ones with a bare minus', () => {
    expect(csvNumberCell(-10, 2)).toBe('-10.00');
    expect(csvNumberCell(-0.5, 2)).toBe('-0.50');
    expect(csvNumberCell(1234.56, 2)).toBe('1234.56');
    expect(csvNumberCell(-0, 2)).toBe('0.00');
    expect(csvNumberCell(42)).toBe('42');
    expect(csvNumberCell(-3n)).toBe('-3');
    expect(csvNumberCell('-92233720368547758.07', 2)).toBe('-92233720368547758.07');
    expect(csvNumberCell(null)).toBe('');
    expect(csvNumberCell(Number.NaN)).toBe('');
    expect(csvNumberCell(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('writes a value that is no number as defused text', () => {
    expect(csvNumberCell('-1+1')).toBe("'-1+1");
    expect(csvNumberCell('=1')).toBe("'=1");
    expect(csvNumberCell('1e5')).toBe('1e5');
  });
});

describe('csvTimeCell: an instant on the business clock', () => {
  it('writes the wall time of the zone, yyyy-MM-dd HH:mm:ss, as the screens show it', () => {
    expect(csvTimeCell('2026-11-24T00:00:00.000Z', 'Asia/Bangkok')).toBe('2026-11-24 07:00:00');
    expect(csvTimeCell(new Date('2026-11-24T00:00:00.000Z'), 'Asia/Bangkok')).toBe('2026-11-24 07:00:00');
    expect(csvTimeCell('2026-11-24T07:00:00+07:00', 'Asia/Bangkok')).toBe('2026-11-24 07:00:00');
    // 23:30 UTC is the next morning in Bangkok: a November export holds no October date.
    expect(csvTimeCell('2026-10-31T23:30:00.000Z', 'Asia/Bangkok')).toBe('2026-11-01 06:30:00');
    expect(csvTimeCell('2026-07-01T12:00:00.000Z', 'Europe/Berlin')).toBe('2026-07-01 14:00:00');
    expect(csvTimeCell('2026-11-24T00:00:00.042Z', 'Asia/Bangkok')).toBe('2026-11-24 07:00:00.042');
  });

  it('leaves an empty value empty', () => {
    expect(csvTimeCell(null, 'Asia/Bangkok')).toBe('');
    expect(csvTimeCell(undefined, 'Asia/Bangkok')).toBe('');
    expect(csvTimeCell('', 'Asia/Bangkok')).toBe('');
    expect(csvTimeCell(new Date(Number.NaN), 'Asia/Bangkok')).toBe('');
  });

  it('writes a value that is no instant as defused text, never a guessed time', () => {
    expect(csvTimeCell('not a date', 'Asia/Bangkok')).toBe('not a date');
    expect(csvTimeCell('=cmd', 'Asia/Bangkok')).toBe("'=cmd");
    // No zone: a wall time of some unknown clock is not moved onto this one.
    expect(csvTimeCell('2026-11-24T00:00:00', 'Asia/Bangkok')).toBe('2026-11-24T00:00:00');
    expect(csvTimeCell('2026-11-24', 'Asia/Bangkok')).toBe('2026-11-24');
  });
});

describe('columns', () => {
  interface Row {
    name: string;
    amount: number;
    count: number;
    at: string | null;
  }
  const columns = [
    textColumn<Row>({ th: 'ชื่อ', en: 'Name' }, (r) => r.name),
    decimalColumn<Row>({ th: 'จำนวนเงิน', en: 'Amount' }, (r) => r.amount),
    numberColumn<Row>({ th: 'จำนวน', en: 'Count' }, (r) => r.count),
    timeColumn<Row>({ th: 'เวลา', en: 'Time' }, (r) => r.at),
  ];

  it('head the file in the language asked for', () => {
    expect(csvHeader(columns, 'th')).toBe('ชื่อ,จำนวนเงิน,จำนวน,เวลา\r\n');
    expect(csvHeader(columns, 'en')).toBe('Name,Amount,Count,Time\r\n');
  });

  it('write each cell by its column’s kind, not by how the value looks', () => {
    expect(
      csvRows(
        columns,
        [
          { name: '-5', amount: -5, count: -5, at: '2026-11-23T17:00:00.000Z' },
          { name: 'ok', amount: 0.1, count: 3, at: null },
          { name: '2026-11-24T00:00:00.000Z', amount: 0, count: 0, at: '2026-11-24T00:00:00.000Z' },
        ],
        'Asia/Bangkok',
      ),
    ).toBe(
      "'-5,-5.00,-5,2026-11-24 00:00:00\r\nok,0.10,3,\r\n2026-11-24T00:00:00.000Z,0.00,0,2026-11-24 07:00:00\r\n",
    );
  });

  it('write time cells on the clock of the zone they are given', () => {
    const row = { name: 'x', amount: 0, count: 0, at: '2026-11-24T00:00:00.000Z' };
    expect(csvRows(columns, [row], 'Europe/Berlin')).toBe('x,0.00,0,2026-11-24 01:00:00\r\n');
    expect(csvRows(columns, [row], 'UTC')).toBe('x,0.00,0,2026-11-24 00:00:00\r\n');
  });
});
