import { Readable } from 'node:stream';
import {
  api,
  RECONCILIATION_MAX_BYTES,
  RECONCILIATION_MAX_ROWS,
  type ReconciliationData,
} from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents as agentsTable } from '../src/db/schema/index.ts';
import type { RawAnswer } from './calls.ts';
import { bet, ingest, makeAgent, parseCsv, registerBrands, type SignedAgent } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addOperator, linkToParent, type OperatorType, portalSessionFor } from './portal.ts';

/*
 * docs/design.md §16, reconciliation by upload: the agent side sends its own bets as CSV for a day or a
 * month (Asia/Bangkok) and reads which are missing on either side and which differ, as JSON and as a
 * CSV file. Agents R → A → A1 and R → B. Every refusal is a 2001 naming the line, or 413 past the caps,
 * never a 500; an agent outside the scope answers as a missing one.
 */

let t: TestApp;
let staff: string;
const agents: Record<'R' | 'A' | 'A1' | 'B', SignedAgent> = {} as never;
const tokens: Record<string, string> = {};

/** A's bets of 1 November 2026 (Bangkok), and one of 2 November. */
const ledger = [
  bet({ betId: 'rc1', betType: 'HOLD', amount: -10, startDate: '2026-11-01T05:00:00.000Z' }),
  bet({ betId: 'rc1', betType: 'SETTLE', amount: 20.5, startDate: '2026-11-01T05:00:00.000Z' }),
  bet({ betId: 'rc2', betType: 'HOLD', amount: -5.25, startDate: '2026-11-01T06:00:00.000Z' }),
  bet({ betId: 'rc3', betType: 'HOLD', amount: -1, startDate: '2026-11-02T06:00:00.000Z' }),
];
const HEADER = 'betId,betType,amount,startDate';
const matching = [
  HEADER,
  'rc1,HOLD,-10,2026-11-01T05:00:00Z',
  'rc1,SETTLE,20.50,2026-11-01T12:00:00+07:00',
  'rc2,HOLD,-5.25,2026-11-01T06:00:00.000Z',
].join('\r\n');

const upload = (
  token: string,
  agentId: string,
  file: string | Buffer | Readable,
  query = 'period=day&date=2026-11-01',
  opts: { export?: boolean; headers?: Record<string, string> } = {},
): Promise<RawAnswer> =>
  t.raw({
    method: 'POST',
    url: `/api/v1/reconciliation/${agentId}${opts.export ? '/export' : ''}?${query}`,
    token,
    headers: { 'content-type': 'text/csv', ...opts.headers },
    payload: file,
  });

const dataOf = (res: RawAnswer) => {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  expect(res.status).toBe(1000);
  return api.reconciliationRun.data.parse(res.body?.data) as ReconciliationData;
};

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.sessionFor('ADMIN');
  await registerBrands(t, staff, ['PG']);
  for (const name of ['R', 'A', 'A1', 'B'] as const) {
    agents[name] = await makeAgent(t, staff, { username: `rc${name.toLowerCase()}x`, games: ['PG'] });
  }
  await linkToParent(t, agents.A._id, agents.R._id);
  await linkToParent(t, agents.A1._id, agents.A._id);
  await linkToParent(t, agents.B._id, agents.R._id);
  await t.ctx.db.update(agentsTable).set({ mustChangePassword: false });
  expect((await ingest(t, agents.A, ledger)).status).toBe(1000);
  expect((await ingest(t, agents.A1, [bet({ betId: 'child1', amount: -3 })])).status).toBe(1000);
  expect((await ingest(t, agents.B, [bet({ betId: 'rc1', amount: -10 })])).status).toBe(1000);
  tokens.A = await portalSessionFor(t, agents.A._id);
  tokens.A1 = await portalSessionFor(t, agents.A1._id);
  tokens.B = await portalSessionFor(t, agents.B._id);
  const types: OperatorType[] = ['SUPERMANAGER', 'MANAGER', 'OPERATOR', 'REPORTER'];
  for (const type of types) {
    const id = await addOperator(t, agents.A._id, `rc${type.toLowerCase()}`, type);
    tokens[type] = await portalSessionFor(t, agents.A._id, id);
  }
}, 120_000);
afterAll(() => t?.close());

describe('reconciliation by upload', () => {
  it('answers all matched for a file holding the ledger’s bets of the day, for every agent-side role and staff', async () => {
    for (const token of [
      tokens.A,
      tokens.SUPERMANAGER,
      tokens.MANAGER,
      tokens.OPERATOR,
      tokens.REPORTER,
      staff,
    ]) {
      const data = dataOf(await upload(token ?? '', agents.A._id, matching));
      expect(data).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-01',
        uploaded: 3,
        ledger: 3,
        matched: 3,
        missingInLedger: 0,
        missingInUpload: 0,
        differ: 0,
        differences: [],
        truncated: false,
      });
    }
  });

  it('names the bets missing on either side and those whose amount or start differ', async () => {
    const file = [
      // Columns in another order, another case, with one more column and quoting.
      'AMOUNT,betid,note,startdate,BetType',
      '"-10.01",rc1,"a, note",2026-11-01T05:00:00Z,HOLD',
      '20.5,rc1,,2026-11-01T05:00:01Z,SETTLE',
      '',
      '-7,rc9,,2026-11-01T10:00:00Z,HOLD',
    ].join('\n');
    const data = dataOf(await upload(tokens.A ?? '', agents.A._id, file));
    expect(data).toMatchObject({
      uploaded: 3,
      ledger: 3,
      matched: 0,
      missingInLedger: 1,
      missingInUpload: 1,
      differ: 2,
    });
    const byKey = Object.fromEntries(data.differences.map((d) => [`${d.betId}/${d.betType}`, d]));
    expect(byKey['rc1/HOLD']).toMatchObject({
      kind: 'differs',
      line: 2,
      uploadAmount: -10.01,
      ledgerAmount: -10,
      fields: ['amount'],
    });
    expect(byKey['rc1/SETTLE']).toMatchObject({
      kind: 'differs',
      line: 3,
      uploadStartDate: '2026-11-01T05:00:01.000Z',
      ledgerStartDate: '2026-11-01T05:00:00.000Z',
      fields: ['startDate'],
    });
    expect(byKey['rc2/HOLD']).toMatchObject({ kind: 'missing_in_upload', line: null, ledgerAmount: -5.25 });
    expect(byKey['rc9/HOLD']).toMatchObject({
      kind: 'missing_in_ledger',
      line: 5,
      uploadAmount: -7,
      ledgerAmount: null,
    });
  });

  it('reads a month of the report time zone', async () => {
    const data = dataOf(await upload(tokens.A ?? '', agents.A._id, matching, 'period=month&date=2026-11-20'));
    expect(data).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      ledger: 4,
      matched: 3,
      missingInUpload: 1,
    });
    expect(data.differences[0]).toMatchObject({ betId: 'rc3', kind: 'missing_in_upload' });
  });

  it('compares a ledger of more than one page, read a page at a time', async () => {
    const big = await makeAgent(t, staff, { username: 'rcbigx', games: ['PG'] });
    const start = Date.parse('2026-11-01T00:00:00Z');
    const bets = Array.from({ length: 2500 }, (_, i) =>
      bet({ betId: `big${i}`, amount: -1, startDate: new Date(start + i * 1000).toISOString() }),
    );
    for (let i = 0; i < bets.length; i += 1000) {
      expect((await ingest(t, big, bets.slice(i, i + 1000))).status).toBe(1000);
    }
    const lines = bets
      .slice(0, 2400)
      .map((b, i) => `${b.betId},HOLD,${i === 7 ? '-2' : '-1'},${b.startDate}`);
    const data = dataOf(
      await upload(staff, big._id, [HEADER, ...lines, 'extra,HOLD,-1,2026-11-01T00:00:00Z'].join('\n')),
    );
    expect(data).toMatchObject({
      uploaded: 2401,
      ledger: 2500,
      matched: 2399,
      differ: 1,
      missingInUpload: 100,
      missingInLedger: 1,
      truncated: false,
    });
    expect(data.differences).toHaveLength(102);
  }, 60_000);

  it('downloads every difference as CSV, headers in Thai or English', async () => {
    const file = `${HEADER}\nrc1,HOLD,-11,2026-11-01T05:00:00Z\nzz,HOLD,-1,2026-11-01T05:00:00Z\n`;
    const th = await upload(tokens.REPORTER ?? '', agents.A._id, file, undefined, { export: true });
    expect(th.statusCode).toBe(200);
    expect(th.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(th.res.body);
    expect(rows[0]).toEqual([
      'ผลการกระทบยอด',
      'รหัสเดิมพัน',
      'ประเภทเดิมพัน',
      'บรรทัดในไฟล์',
      'จำนวนเงินในไฟล์',
      'จำนวนเงินในระบบ',
      'เวลาเริ่มในไฟล์',
      'เวลาเริ่มในระบบ',
      'ค่าที่ต่างกัน',
    ]);
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining([
        [
          'ไม่ตรงกัน',
          'rc1',
          'HOLD',
          '2',
          '-11.00',
          '-10.00',
          '2026-11-01 12:00:00',
          '2026-11-01 12:00:00',
          'จำนวนเงิน',
        ],
        ['ไม่มีในไฟล์', 'rc1', 'SETTLE', '', '', '20.50', '', '2026-11-01 12:00:00', ''],
        ['ไม่มีในไฟล์', 'rc2', 'HOLD', '', '', '-5.25', '', '2026-11-01 13:00:00', ''],
        ['ไม่มีในระบบ', 'zz', 'HOLD', '3', '-1.00', '', '2026-11-01 12:00:00', '', ''],
      ]),
    );
    expect(rows).toHaveLength(5);
    const en = await upload(tokens.A ?? '', agents.A._id, file, undefined, {
      export: true,
      headers: { 'accept-language': 'en' },
    });
    expect(parseCsv(en.res.body)[0]).toEqual([
      'Result',
      'Bet ID',
      'Bet type',
      'Line in the file',
      'Amount in the file',
      'Amount in the ledger',
      'Start in the file',
      'Start in the ledger',
      'Fields that differ',
    ]);
    expect(parseCsv(en.res.body)[1]?.[0]).toMatch(/Differs|Missing/);
  });

  it('refuses a file without its header, or empty, with 2001', async () => {
    for (const file of [
      'rc1,HOLD,-10,2026-11-01T05:00:00Z',
      '',
      'betId,betType,amount\nrc1,HOLD,-10',
      '\uFEFF"betId,betType',
    ]) {
      const res = await upload(tokens.A ?? '', agents.A._id, file);
      expect(res.statusCode, file).toBe(400);
      expect(res.status).toBe(2001);
      expect(res.issues[0]?.code).toBe('csv_header');
    }
    // A header with a byte-order mark is a header.
    expect(dataOf(await upload(tokens.A ?? '', agents.A._id, `\uFEFF${matching}`)).matched).toBe(3);
  });

  it('refuses a malformed line with 2001 naming its line and column, never a 500', async () => {
    const cases: [string | Buffer, string, Record<string, unknown>][] = [
      [
        'rc1,HOLD,-10,2026-11-01T05:00:00Z\nrc\u0000x,HOLD,-1,2026-11-01T05:00:00Z',
        'csv_encoding',
        { line: 3 },
      ],
      [
        Buffer.concat([
          Buffer.from('r'),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from(',HOLD,-1,2026-11-01T05:00:00Z'),
        ]),
        'csv_encoding',
        { line: 2 },
      ],
      ['x\uD800,HOLD,-1,2026-11-01T05:00:00Z', 'csv_encoding', { line: 2 }],
      [Buffer.from([0xff, 0xfe, 0x2c]), 'csv_encoding', { line: 2 }],
      ['rc1,HOLD,1e309,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'amount' }],
      ['rc1,HOLD,-1e309,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'amount' }],
      ['rc1,HOLD,-0,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'amount' }],
      ['rc1,HOLD,-0.00,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'amount' }],
      ['rc1,HOLD,9223372036854775808,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'amount' }],
      ['rc1,HOLD,1.005,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'amount' }],
      ['rc1,HOLD,NaN,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'amount' }],
      ['rc1,HOLD,,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'amount' }],
      ['rc1,HOLD,-1,0000-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'startDate' }],
      ['rc1,HOLD,-1,9999-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'startDate' }],
      ['rc1,HOLD,-1,2026-11-01T05:00:00', 'csv_line', { line: 2, field: 'startDate' }],
      ['rc1,HOLD,-1,2026-11-31T05:00:00Z', 'csv_line', { line: 2, field: 'startDate' }],
      ['rc1,BET,-1,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'betType' }],
      [',HOLD,-1,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'betId' }],
      ['r\u200bc1,HOLD,-1,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'betId' }],
      [`${'x'.repeat(65)},HOLD,-1,2026-11-01T05:00:00Z`, 'csv_line', { line: 2, field: 'betId' }],
      ['"rc1,HOLD,-1,2026-11-01T05:00:00Z', 'csv_line', { line: 2, field: 'betId' }],
      ['rc1,HOLD', 'csv_line', { line: 2, field: 'amount' }],
      ['rc1,HOLD,-1,2026-11-02T05:00:00Z', 'csv_outside_period', { line: 2 }],
      ['rc1,HOLD,-1,2026-10-31T16:59:59.999Z', 'csv_outside_period', { line: 2 }],
      [
        'rc1,HOLD,-1,2026-11-01T05:00:00Z\n\nrc1,HOLD,-2,2026-11-01T06:00:00Z',
        'csv_duplicate',
        { line: 4, first: 2 },
      ],
      [
        `rc1,HOLD,-1,2026-11-01T05:00:00Z,${'y'.repeat(2000)}`,
        'csv_line_too_long',
        { line: 2, maximum: 1000 },
      ],
      ['y'.repeat(100_000), 'csv_line_too_long', { line: 2, maximum: 1000 }],
    ];
    for (const [lines, code, params] of cases) {
      const file = Buffer.isBuffer(lines)
        ? Buffer.concat([Buffer.from(`${HEADER}\n`), lines])
        : `${HEADER}\n${lines}`;
      const res = await upload(tokens.A ?? '', agents.A._id, file);
      expect(res.statusCode, String(lines).slice(0, 60)).toBe(400);
      expect(res.status).toBe(2001);
      expect(res.issues[0], String(lines).slice(0, 60)).toMatchObject({ code, params });
      // The rest of a refused file is not read: the connection closes after the answer.
      expect(res.headers.connection).toBe('close');
    }
  });

  it('refuses a bad period in the query with 2001', async () => {
    for (const query of [
      'period=week&date=2026-11-01',
      'period=day&date=2026-11-01T00:00:00Z',
      'period=day',
      'period=day&date=0000-01-01',
      'period=day&date=x%00',
    ]) {
      const res = await upload(tokens.A ?? '', agents.A._id, matching, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.status).toBe(2001);
    }
  });

  it('refuses a file over the byte cap from its Content-Length, before reading it', async () => {
    let pulled = 0;
    const body = new Readable({
      read() {
        pulled += 1;
        this.push(pulled > 1000 ? null : Buffer.alloc(64 * 1024, 0x20));
      },
    });
    const res = await upload(tokens.A ?? '', agents.A._id, body, undefined, {
      headers: { 'content-length': String(RECONCILIATION_MAX_BYTES + 1) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.status).toBe(2001);
    expect(res.issues[0]).toMatchObject({
      code: 'body_too_large',
      params: { maximum: RECONCILIATION_MAX_BYTES },
    });
    expect(pulled).toBeLessThan(100);
  });

  it('stops reading a file past the byte cap when it has no Content-Length', async () => {
    let sent = 0;
    // Blank lines (skipped, so only the byte cap stops them) of 901 bytes, up to 36 MB.
    const body = new Readable({
      read() {
        sent += 1;
        this.push(
          sent === 1
            ? Buffer.from(`${HEADER}\n`)
            : sent > 40_000
              ? null
              : Buffer.from(`${' '.repeat(900)}\n`),
        );
      },
    });
    const res = await upload(tokens.A ?? '', agents.A._id, body);
    expect(res.statusCode).toBe(413);
    expect(res.issues[0]).toMatchObject({
      code: 'body_too_large',
      params: { maximum: RECONCILIATION_MAX_BYTES },
    });
    expect(sent).toBeLessThan(20_000);
  });

  it('refuses a file of more than the row cap, stopping there', async () => {
    let rows = 0;
    const total = RECONCILIATION_MAX_ROWS + 50_000;
    const body = Readable.from(
      (function* () {
        yield `${HEADER}\n`;
        while (rows < total) {
          let chunk = '';
          for (let i = 0; i < 1000 && rows < total; i++, rows++)
            chunk += `b${rows},HOLD,-1,2026-11-01T05:00:00Z\n`;
          yield chunk;
        }
      })(),
    );
    const res = await upload(tokens.A ?? '', agents.A._id, body);
    expect(res.statusCode).toBe(413);
    expect(res.status).toBe(2001);
    expect(res.issues[0]).toMatchObject({
      code: 'csv_too_many_rows',
      params: { maximum: RECONCILIATION_MAX_ROWS },
    });
    expect(rows).toBeLessThan(total);
  }, 60_000);

  it('answers an agent outside the scope exactly as a missing one, and reads the downline', async () => {
    const missing = await upload(tokens.A ?? '', '999999999', matching);
    expect(missing.statusCode).toBe(404);
    for (const [token, target] of [
      [tokens.B, agents.A._id],
      [tokens.A1, agents.A._id],
      [tokens.REPORTER, agents.B._id],
      [tokens.A, agents.R._id],
    ] as const) {
      const res = await upload(token ?? '', target, matching);
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual(missing.body);
      const csv = await upload(token ?? '', target, matching, undefined, { export: true });
      expect(csv.statusCode).toBe(404);
      expect(csv.body).toEqual(missing.body);
    }
    // Staff's unknown agent answers the same.
    expect((await upload(staff, '999999999', matching)).body).toEqual(missing.body);
    // A's operators read A1's bets (its downline); B's bet rc1 never shows in A's answer.
    const child = dataOf(
      await upload(tokens.OPERATOR ?? '', agents.A1._id, `${HEADER}\nchild1,HOLD,-3,2026-11-01T05:00:00Z`),
    );
    expect(child).toMatchObject({ uploaded: 1, ledger: 1, matched: 1 });
  });

  it('refuses a body that is not text/csv with 415, and an unsigned caller with 401', async () => {
    const json = await t.raw({
      method: 'POST',
      url: `/api/v1/reconciliation/${agents.A._id}?period=day&date=2026-11-01`,
      token: tokens.A,
      payload: { betId: 'rc1' },
    });
    expect(json.status).toBe(2001);
    expect(json.issues[0]?.code).toBe('content_type');
    expect(json.statusCode).not.toBe(500);
    const anonymous = await t.raw({
      method: 'POST',
      url: `/api/v1/reconciliation/${agents.A._id}?period=day&date=2026-11-01`,
      headers: { 'content-type': 'text/csv' },
      payload: matching,
    });
    expect(anonymous.statusCode).toBe(401);
    // The media type's parameters do not matter.
    const charset = await upload(tokens.A ?? '', agents.A._id, matching, undefined, {
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(dataOf(charset).matched).toBe(3);
  });

  it('answers parallel uploads each from its own file', async () => {
    const files = Array.from({ length: 6 }, (_, n) =>
      [
        HEADER,
        'rc1,HOLD,-10,2026-11-01T05:00:00Z',
        ...Array.from({ length: n }, (_, i) => `p${n}_${i},HOLD,-1,2026-11-01T05:00:00Z`),
      ].join('\n'),
    );
    const answers = await Promise.all(
      files.map((file, n) => upload((n % 2 === 0 ? tokens.A : tokens.MANAGER) ?? '', agents.A._id, file)),
    );
    answers.forEach((res, n) => {
      expect(dataOf(res)).toMatchObject({
        uploaded: n + 1,
        matched: 1,
        missingInLedger: n,
        missingInUpload: 2,
      });
    });
  });
});
