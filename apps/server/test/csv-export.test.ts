import { api, pathOf, type RouteDef, reportExports } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { bet, ingest, makeAgent, parseCsv, registerBrands, type SignedAgent } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * CSV exports open right in a spreadsheet: numbers are plain numbers a spreadsheet sums, text that a
 * spreadsheet would run as a formula is defused, and the header row is in the reader's language.
 */
let t: TestApp;
let token: string;
let agent: SignedAgent;

/** Text a game integration may send in free-text fields, each of which a spreadsheet would run. */
const HOSTILE = ['=1+1', '  =cmd', '-5', '+1', '@SUM(A1)', '\t=2', '\u00a0-3', '\r=4', '\u200b=5'];
/** The game code of a hostile text: a code may hold no invisible character (`\u200b`), its label may. */
const codeOf = (text: string) => text.replace(/\p{Cf}/gu, '');

beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG']);
  const op = await t.tokenFor('OPERATOR');
  token = await t.tokenFor('REPORTER');
  agent = await makeAgent(t, op, { prefix: 'csvx' });
  const at = (minute: number) => `2026-10-05T05:${String(minute).padStart(2, '0')}:00.000Z`;
  const res = await ingest(t, agent, [
    bet({ betId: 'R1', betType: 'HOLD', amount: -10, startDate: at(0) }),
    bet({ betId: 'R1', betType: 'SETTLE', amount: 0, startDate: at(1) }),
    bet({ betId: 'R2', betType: 'HOLD', amount: -0.5, startDate: at(2) }),
    bet({ betId: 'R2', betType: 'SETTLE', amount: 0.25, startDate: at(3) }),
    bet({ betId: 'R3', betType: 'HOLD', amount: -1234.56, startDate: at(4) }),
    ...HOSTILE.map((text, i) =>
      bet({
        betId: `H${i}`,
        betTypeFromGame: text,
        gameCode: codeOf(text),
        amount: -1,
        startDate: at(10 + i),
      }),
    ),
    bet({ betId: '-7', amount: -2, startDate: at(30) }),
    // 23:30 UTC on 31 October is already 1 November in Bangkok.
    bet({ betId: 'N1', betType: 'HOLD', amount: -1, startDate: '2026-10-31T23:30:00.000Z' }),
    bet({
      betId: 'N1',
      betType: 'SETTLE',
      amount: 0,
      startDate: '2026-10-31T23:30:45.250Z',
      endDate: '2026-10-31T23:30:45.250Z',
    }),
  ]);
  expect(res.status).toBe(1000);
  // Names the contract refuses today may still sit in the table (an import, an older version): the
  // file must not run them either.
  await t.database.db.insert(users).values(
    ['=1+1', '  =cmd', '-5'].map((username) => ({
      agentId: BigInt(agent._id),
      username,
      betLimit: 150_000n,
    })),
  );
});
afterAll(() => t.close());

/** A CSV route's file as rows of cells, asked for in a language (none: no Accept-Language). */
const exportOf = async (
  def: RouteDef,
  input: { params?: Record<string, string>; body?: object },
  language?: string,
) => {
  const res = await t.raw({
    method: 'POST',
    url: `/api/v1${pathOf(def, input.params)}`,
    token,
    headers: { 'content-type': 'application/json', ...(language ? { 'accept-language': language } : {}) },
    payload: JSON.stringify(input.body ?? {}),
  });
  expect(res.statusCode, res.res.body).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
  expect(res.res.body.startsWith('\uFEFF'), 'UTF-8 BOM').toBe(true);
  return { rows: parseCsv(res.res.body), language: res.headers['content-language'] };
};

const transactions = (language?: string) =>
  exportOf(api.transactionExport, { params: { agentId: agent._id }, body: {} }, language);

/** The cells of one column, by its header. */
const column = (rows: string[][], header: string) => {
  const index = rows[0]?.indexOf(header) ?? -1;
  expect(index, `column ${header} in ${rows[0]?.join(',')}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[index] ?? '');
};

describe('CSV numbers are numbers', () => {
  it('writes negative amounts as plain numbers with two decimals, never defused', async () => {
    const { rows } = await transactions('en');
    const amounts = column(rows, 'Amount');
    expect(amounts).toEqual(expect.arrayContaining(['-10.00', '0.00', '-0.50', '0.25', '-1234.56', '-2.00']));
    for (const cell of amounts) expect(cell).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('writes report sums and counts as numbers, negative win/lose included', async () => {
    const { rows } = await exportOf(
      reportExports.summaryAgentDaily,
      { params: { agentId: agent._id }, body: { day: '5', month: '10', year: '2026' } },
      'en',
    );
    expect(rows).toHaveLength(2);
    expect(column(rows, 'Transactions')).toEqual(['15']);
    expect(column(rows, 'Turnover')).toEqual(['1256.06']);
    expect(column(rows, 'Payout')).toEqual(['0.25']);
    expect(column(rows, 'Win/lose')).toEqual(['-1255.81']);
  });

  it('writes a count as a number', async () => {
    const { rows } = await exportOf(
      api.registerCountExport,
      { params: { agentId: agent._id }, body: { date: '2026-10-01' } },
      'en',
    );
    expect(rows[0]).toEqual(['Date', 'Registrations']);
    for (const [, count] of rows.slice(1)) expect(count).toMatch(/^\d+$/);
  });
});

/** An instant on the Bangkok wall clock (UTC+7 all year), as a CSV time cell: `yyyy-MM-dd HH:mm:ss[.SSS]`. */
const bangkokWall = (iso: string) =>
  new Date(Date.parse(iso) + 7 * 3_600_000)
    .toISOString()
    .replace('T', ' ')
    .replace(/(?:\.000)?Z$/, '');
/** A date-time a spreadsheet reads as one; never ISO text with its T and Z. */
const WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{3})?$/;
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

describe('CSV times are on the business clock (REPORT_TIMEZONE, Asia/Bangkok)', () => {
  it('writes a bet’s start and end as the Bangkok wall time, on the Bangkok day', async () => {
    const { rows } = await transactions('en');
    const start = rows[0]?.indexOf('Start') ?? -1;
    const end = rows[0]?.indexOf('End') ?? -1;
    const times = (betId: string, betType: string) => {
      const row = rows.find((r) => r[3] === betId && r[4] === betType);
      return [row?.[start], row?.[end]];
    };
    expect(times('R1', 'HOLD')).toEqual(['2026-10-05 12:00:00', '']);
    expect(times('R3', 'HOLD')).toEqual(['2026-10-05 12:04:00', '']);
    // Stored as 2026-10-31T23:30…Z: in the file on 1 November, as on the screen; milliseconds kept.
    expect(times('N1', 'HOLD')).toEqual(['2026-11-01 06:30:00', '']);
    expect(times('N1', 'SETTLE')).toEqual(['2026-11-01 06:30:45.250', '2026-11-01 06:30:45.250']);
    for (const cell of column(rows, 'Start')) expect(cell).toMatch(WALL_TIME);
  });

  it('writes the same instants the list answers, each on the Bangkok clock', async () => {
    const list = await t.ok(api.transactionList, {
      token,
      params: { agentId: agent._id },
      body: { limit: 100 },
    });
    const { rows } = await transactions('en');
    const start = rows[0]?.indexOf('Start') ?? -1;
    const end = rows[0]?.indexOf('End') ?? -1;
    const byId = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(list.records.length).toBe(rows.length - 1);
    for (const record of list.records) {
      const row = byId.get(record._id);
      expect(row?.[start], record.betId).toBe(bangkokWall(record.startDate));
      expect(row?.[end], record.betId).toBe(record.endDate ? bangkokWall(record.endDate) : '');
    }
  });

  it('writes players’ registration, agents’ and providers’ creation and the ingest log’s times so', async () => {
    const users = await t.ok(api.userList, { token, body: { agent: agent._id, limit: 100 } });
    const userRows = (await exportOf(api.userExport, { body: { agent: agent._id } }, 'en')).rows;
    // Stored names a spreadsheet would run are defused with a leading ' (below).
    const registered = new Map(userRows.slice(1).map((r) => [r[1]?.replace(/^'/, ''), r[5]]));
    expect(userRows[0]?.[5]).toBe('Registered');
    expect(users.records.length).toBeGreaterThan(0);
    for (const u of users.records)
      expect(registered.get(u.username), u.username).toBe(bangkokWall(u.createdAt));

    const agents = await t.ok(api.agentList, { token, body: { limit: 100 } });
    const agentRows = (await exportOf(api.agentExport, {}, 'en')).rows;
    const created = new Map(agentRows.slice(1).map((r) => [r[0], r[agentRows[0]?.indexOf('Created') ?? -1]]));
    for (const a of agents.records)
      expect(created.get(a.username), a.username).toBe(bangkokWall(a.createdAt));

    const adapters = await t.ok(api.adapterList, { token, body: { limit: 100 } });
    const adapterRows = (await exportOf(api.adapterExport, {}, 'en')).rows;
    const made = new Map(
      adapterRows.slice(1).map((r) => [r[1], r[adapterRows[0]?.indexOf('Created') ?? -1]]),
    );
    expect(adapters.records.length).toBeGreaterThan(0);
    for (const a of adapters.records) expect(made.get(a.codename), a.codename).toBe(bangkokWall(a.createdAt));

    const log = await t.ok(api.ingestLogList, { token, body: { agent: agent._id, limit: 100 } });
    const logRows = (await exportOf(api.ingestLogExport, { body: { agent: agent._id } }, 'en')).rows;
    expect(column(logRows, 'Time')).toEqual(log.records.map((r) => bangkokWall(r.at)));
  });
});

describe('CSV text is defused against formulas', () => {
  it('prefixes text a spreadsheet would run, even text that looks like a number', async () => {
    const { rows } = await transactions('en');
    const byBet = new Map(rows.slice(1).map((r) => [r[3], r]));
    HOSTILE.forEach((text, i) => {
      const row = byBet.get(`H${i}`);
      // Bet type from game, game code.
      expect([row?.[5], row?.[7]], JSON.stringify(text)).toEqual([`'${text}`, `'${codeOf(text)}`]);
    });
    // A bet id of "-7" is text, though it looks like a number.
    expect(byBet.get("'-7")?.[8]).toBe('-2.00');
    // Plain text stays as it is.
    expect(byBet.get('R1')?.[5]).toBe('bet');
  });

  it('defuses stored usernames such as "=1+1", "  =cmd" and "-5"', async () => {
    const { rows } = await exportOf(api.userExport, { body: { agent: agent._id } }, 'en');
    const names = column(rows, 'Username');
    expect(names).toEqual(expect.arrayContaining(["'=1+1", "'  =cmd", "'-5"]));
    expect(column(rows, 'Max bet limit')).toContain('1500.00');
  });
});

describe('CSV headers in the reader’s language', () => {
  it('writes the transaction header in Thai by default and when asked, in English when asked', async () => {
    const thai = [
      'รหัสรายการ',
      'ผู้เล่น (ID)',
      'ชื่อผู้เล่น',
      'รหัสเดิมพัน',
      'ประเภทเดิมพัน',
      'ประเภทจากเกม',
      'ค่ายเกม',
      'รหัสเกม',
      'จำนวนเงิน',
      'เวลาเริ่ม',
      'เวลาสิ้นสุด',
    ];
    expect((await transactions()).rows[0]).toEqual(thai);
    expect((await transactions('th-TH,th;q=0.9')).rows[0]).toEqual(thai);
    const english = await transactions('en-US,en;q=0.9,th;q=0.8');
    expect(english.language).toBe('en');
    expect(english.rows[0]).toEqual([
      'Record id',
      'User (id)',
      'Username',
      'Bet ID',
      'Bet type',
      'Bet type from game',
      'Game brand',
      'Game code',
      'Amount',
      'Start',
      'End',
    ]);
  });

  const month = { day: '', month: '10', year: '2026' };
  const range = { from: '2026-10-01', to: '2026-10-31' };
  const agentId = () => agent._id;
  /** Inputs of every CSV route of the contract; a new export must add its own. */
  const inputs = (): Record<string, { params?: Record<string, string>; body?: object }> => ({
    adapterExport: {},
    agentExport: {},
    agentSharingExport: {},
    userExport: {},
    agentOperatorExport: {},
    transactionExport: { params: { agentId: agentId() } },
    registerCountExport: { params: { agentId: agentId() }, body: { date: '2026-10-01' } },
    summaryAgentDailyExport: { params: { agentId: agentId() }, body: month },
    summaryAgentMonthlyExport: { params: { agentId: 'all' }, body: { month: '', year: '2026' } },
    summaryGameDailyExport: { params: { agentId: agentId() }, body: month },
    summaryGameMonthlyExport: { params: { agentId: 'all' }, body: { month: '10', year: '2026' } },
    summaryGameDailyByGameExport: { params: { agentId: agentId(), gameBrand: 'PG' }, body: range },
    summaryGameMonthlyByGameExport: { params: { agentId: 'all', gameBrand: 'PG' }, body: range },
    revenueShareExport: { body: { month: '10', year: '2026' } },
    settlementExport: { body: { month: '10', year: '2026' } },
    ingestLogExport: { body: { agent: agentId() } },
  });
  const csvRoutes: [string, RouteDef][] = [
    // An upload's file is its body, not filters (test/reconciliation.test.ts reads its headers).
    ...Object.entries(api).filter(([, def]) => 'format' in def && def.format === 'csv' && !def.upload),
    ...Object.entries(reportExports).map(([name, def]): [string, RouteDef] => [`${name}Export`, def]),
  ];
  const thaiScript = /[\u0E00-\u0E7F]/;

  it('every export route heads its file in Thai or English, one header per column', async () => {
    expect(csvRoutes.map(([name]) => name).sort()).toEqual(Object.keys(inputs()).sort());
    for (const [name, def] of csvRoutes) {
      const input = inputs()[name] ?? {};
      const th = await exportOf(def, input, 'th');
      const en = await exportOf(def, input, 'en');
      const [thHeader = [], ...thRows] = th.rows;
      const [enHeader = [], ...enRows] = en.rows;
      expect(thHeader.length, name).toBeGreaterThan(0);
      expect(enHeader, name).toHaveLength(thHeader.length);
      expect(
        thHeader.some((h) => thaiScript.test(h)),
        `${name} in Thai: ${thHeader.join(',')}`,
      ).toBe(true);
      expect(
        enHeader.some((h) => thaiScript.test(h)),
        `${name} in English: ${enHeader.join(',')}`,
      ).toBe(false);
      // The same rows; only yes/no cells are worded in the reader's language (ใช่/ไม่ใช่, true/false).
      const inEnglish = (rows: string[][]) =>
        rows.map((row) => row.map((cell) => (cell === 'ใช่' ? 'true' : cell === 'ไม่ใช่' ? 'false' : cell)));
      expect(enRows, name).toEqual(inEnglish(thRows));
      for (const row of thRows)
        for (const cell of row)
          expect(cell, `${name}: a Thai file says ใช่/ไม่ใช่`).not.toMatch(/^(true|false)$/);
      for (const row of thRows) expect(row, name).toHaveLength(thHeader.length);
      // No instant leaves as UTC ISO text: times are on the business clock, days stay days.
      for (const row of thRows) for (const cell of row) expect(cell, name).not.toMatch(ISO_INSTANT);
    }
  });
});

describe('CSV times follow REPORT_TIMEZONE', () => {
  it('writes them on the configured zone’s clock, daylight saving included', async () => {
    const berlin = await createTestApp({ REPORT_TIMEZONE: 'Europe/Berlin' });
    try {
      berlin.clock.set('2026-07-01T12:00:00.000Z');
      const summer = await berlin.sessionFor('ADMIN');
      await registerBrands(berlin, summer, ['PG']);
      await makeAgent(berlin, summer, { prefix: 'summer' });
      berlin.clock.set('2026-11-24T12:00:00.250Z');
      const admin = await berlin.sessionFor('ADMIN');
      await makeAgent(berlin, admin, { prefix: 'winter' });
      const agents = await berlin.ok(api.agentList, { token: admin, body: { limit: 100 } });
      const res = await berlin.raw({
        method: 'POST',
        url: `/api/v1${pathOf(api.agentExport)}`,
        token: admin,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: '{}',
      });
      const rows = parseCsv(res.res.body);
      const created = new Map(rows.slice(1).map((r) => [r[1], r[rows[0]?.indexOf('Created') ?? -1]]));
      const at = (prefix: string) => agents.records.find((a) => a.prefix === prefix)?.createdAt;
      // CEST (UTC+2) in July, CET (UTC+1) in November.
      expect([at('summer'), created.get('summer')]).toEqual([
        '2026-07-01T12:00:00.000Z',
        '2026-07-01 14:00:00',
      ]);
      expect([at('winter'), created.get('winter')]).toEqual([
        '2026-11-24T12:00:00.250Z',
        '2026-11-24 13:00:00.250',
      ]);
    } finally {
      await berlin.close();
    }
  });
});
