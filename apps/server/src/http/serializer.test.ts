import { api, reportExports } from '@sapi/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnswerMismatch, compileSerializer } from './serializer.ts';

/** The serializer must write what zod's parse followed by JSON.stringify writes, or refuse. */
const same = (schema: z.ZodType, value: unknown) =>
  expect(compileSerializer(schema)(value)).toBe(JSON.stringify(schema.parse(value)));
const refuses = (schema: z.ZodType, value: unknown) => {
  expect(() => compileSerializer(schema)(value)).toThrow(AnswerMismatch);
  expect(schema.safeParse(value).success).toBe(false);
};

describe('the answer serializer built from the contract', () => {
  it('compiles the answer schema of every route', () => {
    const defs = [...Object.values(api), ...Object.values(reportExports)];
    for (const def of defs) expect(() => compileSerializer(def.data), def.path).not.toThrow();
  });

  it('writes only the listed properties, in the schema order, whatever else the value holds', () => {
    const admin = z.object({ _id: z.string(), username: z.string(), locked: z.boolean() });
    const row = { passwordHash: 'scrypt$secret', locked: false, username: 'ops', _id: '7', totpSecret: 'X' };
    same(admin, row);
    expect(compileSerializer(admin)(row)).toBe('{"_id":"7","username":"ops","locked":false}');
  });

  it('writes a transaction page and a report as zod would', () => {
    const tx = {
      _id: '1',
      agent: '2',
      user: '3',
      username: 'p\u0000"\\\ud800',
      betId: 'b',
      betType: 'HOLD',
      betTypeFromGame: '',
      gameBrand: 'JILI',
      gameCode: 'g',
      amount: -0,
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    same(api.transactionList.data, {
      records: [tx, { ...tx, amount: 1e21 }],
      page: 1,
      limit: 10,
      nextCursor: null,
    });
    const totals = {
      transactionCount: 3,
      turnover: 12.5,
      payout: '92233720368547758.07',
      cancel: 0,
      void: 0,
      winLose: -0.01,
      deposit: 0,
      withdraw: 0,
      profit: 0,
      promotion: 0,
      promotionRefund: 0,
      promotionAffiliate: 0,
    };
    same(api.summaryGameDaily.data, {
      rows: [{ ...totals, date: '2026-01-01', day: '01', month: '01', year: '2026', gameBrand: 'JILI' }],
      totals,
    });
  });

  it('follows unions, nullable values, optional keys, defaults, records and loose objects', () => {
    const schema = z.object({
      money: z.union([z.number(), z.string().regex(/^-?[0-9]+\.[0-9]{2}$/)]),
      maybe: z.object({ a: z.number() }).nullable(),
      optional: z.string().optional(),
      withDefault: z.number().default(5),
      counts: z.record(z.string(), z.number()),
      loose: z.looseObject({ kind: z.literal('x') }),
      choice: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), n: z.number() }),
        z.object({ kind: z.literal('b'), s: z.string() }),
      ]),
      tags: z.array(z.enum(['one', 'two'])),
    });
    const value = {
      money: '10.00',
      maybe: null,
      counts: { a: 1, b: 2 },
      loose: { kind: 'x', extra: [1, { y: true }] },
      choice: { kind: 'b', s: 'z', hidden: 1 },
      tags: ['two'],
    };
    same(schema, value);
    same(schema, { ...value, money: 10, maybe: { a: 1, b: 2 }, optional: 'o', withDefault: 7 });
  });

  it('refuses what the contract does not describe: a server bug, never sent', () => {
    const schema = api.transactionList.data;
    const page = { records: [], page: 1, limit: 10, nextCursor: null };
    refuses(schema, { ...page, page: '1' });
    refuses(schema, { ...page, page: Number.NaN });
    refuses(schema, { ...page, page: Number.POSITIVE_INFINITY });
    refuses(schema, { records: [], page: 1, limit: 10 });
    refuses(schema, { ...page, records: [{ _id: 1n }] });
    refuses(api.summaryGameDaily.data, { rows: [], totals: { transactionCount: 1, turnover: '1.5' } });
    refuses(z.object({ t: z.enum(['a']) }), { t: 'b' });
    refuses(z.object({ d: z.string() }), { d: new Date(0) });
    refuses(z.array(z.boolean()), [1]);
  });

  it('writes report money, a number or a decimal string, and refuses any other', () => {
    const totals = Object.fromEntries(
      Object.keys(api.summaryGameDaily.data.shape.totals.shape).map((k) => [k, 0]),
    ) as Record<string, unknown>;
    const report = (turnover: unknown) => ({ rows: [], totals: { ...totals, turnover } });
    for (const turnover of [0, -0, 12.34, -0.01, 1e21, '92233720368547758.07', '-0.10']) {
      same(api.summaryGameDaily.data, report(turnover));
    }
    for (const turnover of [Number.NaN, Number.POSITIVE_INFINITY, '1.5', '1e3', null, 1n, undefined]) {
      refuses(api.summaryGameDaily.data, report(turnover));
    }
  });

  it('names where the answer went wrong', () => {
    const write = compileSerializer(api.transactionList.data);
    expect(() => write({ records: [{ _id: 1 }], page: 1, limit: 10, nextCursor: null })).toThrow(
      /at \.records\[0\]\._id: expected a string/,
    );
    expect(() => compileSerializer(api.summaryGameDaily.data)({ rows: [], totals: {} })).toThrow(
      /at \.totals\.transactionCount/,
    );
  });
});
