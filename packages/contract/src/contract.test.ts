import { describe, expect, it } from 'vitest';
import { codenameSchema } from './adapter.ts';
import { adminListQuerySchema } from './admin.ts';
import { agentCodeSchema, prefixSchema } from './agent.ts';
import {
  boolFilter,
  dateFilter,
  hasCents,
  httpUrlSchema,
  idFilter,
  idSchema,
  lastServedPage,
  MAX_ID,
  MAX_MONEY,
  moneySchema,
  percentSchema,
  textFilter,
  usernameSchema,
} from './common.ts';
import { cappedIssues, MAX_ISSUES, validationDataSchema } from './envelope.ts';
import { issueText } from './messages.ts';
import { allows, api, pathOf } from './routes.ts';
import { httpStatusOf, Status, statusMessages } from './status.ts';
import { playerNameSchema } from './user.ts';

describe('list filters (docs/design.md §4)', () => {
  it('reads booleans as the spec sends them', () => {
    for (const [input, output] of [
      [0, false],
      [1, true],
      ['0', false],
      ['1', true],
      [true, true],
      ['false', false],
      ['', undefined],
      [undefined, undefined],
    ] as const) {
      expect(boolFilter.parse(input)).toBe(output);
    }
    expect(boolFilter.safeParse('yes').success).toBe(false);
  });

  it('treats empty text and dates as no filter', () => {
    expect(textFilter.parse('  ')).toBeUndefined();
    expect(textFilter.parse(' ali ')).toBe('ali');
    expect(dateFilter.parse('')).toBeUndefined();
    expect(dateFilter.parse('2026-11-01')?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(dateFilter.parse('2026-11-01T10:00:00+07:00')?.toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(dateFilter.safeParse('01/11/2026').success).toBe(false);
  });

  it('defaults the admin list to page 1 of 10 and caps the page size at 100', () => {
    expect(adminListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 10 });
    expect(adminListQuerySchema.safeParse({ limit: 101 }).success).toBe(false);
    expect(adminListQuerySchema.safeParse({ page: 0 }).success).toBe(false);
  });
});

describe('page numbers and sizes', () => {
  it('are numbers or their digits; another type is refused, not read as a number', () => {
    expect(adminListQuerySchema.parse({ page: '2', limit: '50' })).toMatchObject({ page: 2, limit: 50 });
    // Wrong types, and the edges: 2^63 as a number and as digits, ±1e309 (Infinity once parsed), −0,
    // NaN, a fraction, NUL in the digits.
    const bads = [
      true,
      [5],
      '5 ',
      '1e2',
      '',
      null,
      {},
      2 ** 63,
      '9223372036854775808',
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      -0,
      Number.NaN,
      1.5,
      '5\u0000',
    ];
    for (const bad of bads) {
      expect(adminListQuerySchema.safeParse({ limit: bad }).success, String(bad)).toBe(false);
      expect(api.transactionList.body.safeParse({ page: bad }).success, String(bad)).toBe(false);
      expect(api.agentPick.body.safeParse({ limit: bad }).success, String(bad)).toBe(false);
    }
    // The maximum + 0.01 and + 1, as a number and as digits; the maximum itself passes.
    for (const over of [100.01, 101, '101'])
      expect(adminListQuerySchema.safeParse({ limit: over }).success).toBe(false);
    expect(adminListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(api.transactionList.body.safeParse({ page: 1_000_001 }).success).toBe(false);
  });
});

describe('money and percentages (docs/design.md §6)', () => {
  it('take at most two decimals as written; more is refused, never rounded to a satang', () => {
    for (const ok of [0, -0, 0.29, 0.3, 1.1, 100.01, 999_999_999_999.99, 1e12]) {
      expect(hasCents(ok), String(ok)).toBe(true);
    }
    for (const bad of [0.001, 1.000000001, 10.000000001, 99.999999999, 1e-7, 1.5e-9, 5e-324, 0.1 + 0.2]) {
      expect(hasCents(bad), String(bad)).toBe(false);
    }
    expect(moneySchema.safeParse(1.000000001).error?.issues).toMatchObject([
      { params: { code: 'decimals' } },
    ]);
    expect(percentSchema.safeParse(99.999999999).success).toBe(false);
    for (const bad of [
      MAX_MONEY + 0.01,
      2 ** 63,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NaN,
    ]) {
      expect(moneySchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(moneySchema.parse(MAX_MONEY)).toBe(MAX_MONEY);
    expect(percentSchema.safeParse(100.01).success).toBe(false);
  });
});

describe("an agent's games", () => {
  it('list each provider once: a repeat is refused where it stands, not dropped', () => {
    const body = { endpoint: 'https://a.example', agentType: 'AGENT', games: ['EVO', 'PG', 'EVO'] };
    expect(api.agentUpdate.body.safeParse(body).error?.issues).toMatchObject([
      { path: ['games', 2], params: { code: 'game_repeated', game: 'EVO' } },
    ]);
    expect(api.agentUpdate.body.safeParse({ ...body, games: ['EVO', 'PG'] }).success).toBe(true);
  });
});

describe('names and addresses pasted with spaces around them', () => {
  it('a name says the spaces are the mistake, not its characters; an address drops them', () => {
    const codeOf = (schema: { safeParse: (v: unknown) => { error?: { issues: unknown[] } } }, v: string) =>
      (schema.safeParse(v).error?.issues[0] as { params?: { code?: string } } | undefined)?.params?.code;
    for (const [schema, name] of [
      [usernameSchema, 'ops1'],
      [prefixSchema, 'ab1'],
      [agentCodeSchema, 'SYS-1'],
      [codenameSchema, 'AB1'],
      [playerNameSchema, 'thaiop03'],
    ] as const) {
      expect(codeOf(schema, ` ${name} `), name).toBe('surrounding_spaces');
      expect(codeOf(schema, `${name}\t`), name).toBe('surrounding_spaces');
    }
    // Wrong characters inside stay that mistake, spaces or not.
    expect(codeOf(usernameSchema, ' thai ops ')).toBe('username_chars');
    expect(codeOf(prefixSchema, 'AB')).toBe('prefix_chars');
    expect(httpUrlSchema.parse('  https://thaiops.example.com/cb  ')).toBe('https://thaiops.example.com/cb');
  });
});

describe('invisible format characters (Unicode Cf) in names and codes (docs/design.md §7)', () => {
  /** One of each kind: zero-width space and joiners, word joiner, BOM, soft hyphen, bidi controls. */
  const invisibles = [
    '\u200b',
    '\u200c',
    '\u200d',
    '\u2060',
    '\ufeff',
    '\u00ad',
    '\u061c',
    '\u202a',
    '\u202e',
    '\u2066',
    '\u2069',
  ];
  const codesOf = (r: { error?: { issues: { path: PropertyKey[]; params?: { code?: unknown } }[] } }) =>
    (r.error?.issues ?? []).map((i) => `${i.path.join('.')}:${String(i.params?.code ?? '')}`);

  it('a name made only of them, or holding one, is refused as such (not as wrong characters); a password is not a name', () => {
    for (const [schema, name] of [
      [usernameSchema, 'ops1'],
      [prefixSchema, 'ab1'],
      [agentCodeSchema, 'SYS-1'],
      [codenameSchema, 'AB1'],
      [playerNameSchema, 'thaiop03'],
    ] as const) {
      expect(codesOf(schema.safeParse('\u200b\u200b\u200b\u200b')), name).toEqual([':invisible_characters']);
      for (const c of invisibles) {
        expect(codesOf(schema.safeParse(`${name.slice(0, 1)}${c}${name.slice(1)}`)), name).toEqual([
          ':invisible_characters',
        ]);
      }
      expect(schema.safeParse(name).success, name).toBe(true);
    }
    const adapter = {
      codename: 'AB1',
      endpoint: 'https://a.example',
      type: 'SLOT',
      logo: 'https://a.example/l',
    };
    expect(codesOf(api.adapterCreate.body.safeParse({ ...adapter, name: '\u202eGP' }))).toEqual([
      'name:invisible_characters',
    ]);
    expect(codesOf(api.adapterCreate.body.safeParse({ ...adapter, name: '\u200b\u200b\u200b' }))).toEqual([
      'name:invisible_characters',
    ]);
    // Thai and emoji names keep working: they need no format character.
    expect(api.adapterCreate.body.safeParse({ ...adapter, name: 'ค่ายเกม 🎰' }).success).toBe(true);
    expect(
      codesOf(
        api.agentUpdate.body.safeParse({
          endpoint: 'https://a.example',
          agentType: 'AGENT',
          games: ['P\u200dG'],
        }),
      ),
    ).toEqual(['games.0:invisible_characters']);
    // Passwords are not names: any character is a password character, invisible ones too.
    const admin = { username: 'ops1', type: 'OPERATOR' };
    expect(api.adminCreate.body.safeParse({ ...admin, password: 'pass\u200bword\u202e' }).success).toBe(true);
    expect(
      api.login.body.safeParse({
        username: 'ops1',
        password: '\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b',
      }).success,
    ).toBe(true);
  });

  it('game codes `g1`, `g1\\u200b` and `g\\u200d1` cannot become three rows reading "g1"', () => {
    const item = {
      betId: 'b1',
      betType: 'SETTLE',
      betTypeFromGame: 'win',
      gameBrand: 'PG',
      gameCode: 'g1',
      username: 'thaiop03',
      amount: 1,
      startDate: '2026-01-01T00:00:00Z',
    };
    const batch = (over: Record<string, string>) =>
      api.ingest.body.safeParse({ transactions: [{ ...item, ...over }] });
    expect(batch({}).success).toBe(true);
    expect(codesOf(batch({ gameCode: 'g1\u200b' }))).toEqual([
      'transactions.0.gameCode:invisible_characters',
    ]);
    expect(codesOf(batch({ gameCode: 'g\u200d1' }))).toEqual([
      'transactions.0.gameCode:invisible_characters',
    ]);
    expect(codesOf(batch({ gameBrand: 'P\u2066G' }))).toEqual([
      'transactions.0.gameBrand:invisible_characters',
    ]);
    expect(codesOf(batch({ betId: 'b1\ufeff' }))).toEqual(['transactions.0.betId:invisible_characters']);
    expect(codesOf(batch({ username: 'thai\u200bop03' }))).toEqual([
      'transactions.0.username:invisible_characters',
    ]);
    // The provider's own label is free text kept verbatim (a ZWJ emoji sequence is text, not a key).
    expect(batch({ betTypeFromGame: 'win 👨\u200d👩\u200d👧' }).success).toBe(true);
  });

  it('is said in Thai and English', () => {
    const issue = { code: 'invisible_characters', params: {} };
    expect(issueText(issue, 'th')).toContain('มองไม่เห็น');
    expect(issueText(issue, 'en')).toContain('invisible characters');
  });
});

describe('validation answers list at most MAX_ISSUES issues, plus their total', () => {
  it('1,000 empty ingest items: 8,000 issues found, the first 100 listed, the total said', () => {
    const found = api.ingest.body.safeParse({ transactions: Array.from({ length: 1000 }, () => ({})) });
    const issues = (found.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
    expect(issues).toHaveLength(8000);
    const data = cappedIssues({ issues }) as { issues: unknown[]; issuesTotal?: number };
    expect(data.issues).toEqual(issues.slice(0, MAX_ISSUES));
    expect(data.issuesTotal).toBe(8000);
    expect(validationDataSchema.safeParse(data).success).toBe(true);
    expect(validationDataSchema.safeParse({ issues }).success).toBe(false);
  });

  it('a short list is answered as it is, without a total; data without issues is untouched', () => {
    const three = { issues: [1, 2, 3].map((n) => ({ path: `f${n}`, message: 'wrong' })) };
    expect(cappedIssues(three)).toBe(three);
    const hundred = { issues: Array.from({ length: MAX_ISSUES }, () => ({ path: 'x', message: 'wrong' })) };
    expect(cappedIssues(hundred)).toBe(hundred);
    expect(cappedIssues(null)).toBeNull();
    const conflicts = { conflicts: [{ index: 0 }] };
    expect(cappedIssues(conflicts)).toBe(conflicts);
  });
});

describe('record ids (docs/design.md §4)', () => {
  it('are sent as decimal strings and read as bigints, in params, filters and the report agent', () => {
    expect(idSchema.parse(MAX_ID)).toBe(2n ** 63n - 1n);
    expect(idFilter.parse('42')).toBe(42n);
    expect(idFilter.parse('')).toBeUndefined();
    expect(api.summaryAgentDaily.params.parse({ agentId: '7' })).toEqual({ agentId: 7n });
    expect(api.summaryAgentDaily.params.parse({ agentId: 'all' })).toEqual({ agentId: 'all' });
    expect(
      api.agentReportMonthlyBatch.body.parse({ date: '2026-01-01', agentIds: ['1', '2'] }),
    ).toMatchObject({
      agentIds: [1n, 2n],
    });
  });

  it('refused, say why with the id issue itself, also where the id is one choice of several', () => {
    const tooBig = { path: ['id'], params: { code: 'record_id', maximum: MAX_ID } };
    expect(api.agentGet.params.safeParse({ id: '9223372036854775808' }).error?.issues).toMatchObject([
      tooBig,
    ]);
    for (const [issues, path] of [
      [api.summaryAgentDaily.params.safeParse({ agentId: '0' }).error?.issues, 'agentId'],
      [api.userList.body.safeParse({ agent: 'x' }).error?.issues, 'agent'],
    ] as const) {
      expect(issues).toMatchObject([
        { path: [path], code: 'custom', params: { code: 'record_id' }, message: 'must be a record id' },
      ]);
    }
  });
});

describe('route catalogue', () => {
  it('fills path parameters, encoded', () => {
    expect(pathOf(api.adminUpdate, { id: '42' })).toBe('/admin/admin/update/42');
    expect(pathOf(api.adminGet, { id: 'a/b' })).toBe('/admin/admin/get/a%2Fb');
  });

  it('knows who may call what', () => {
    expect(allows(api.login, undefined)).toBe(true);
    expect(allows(api.adminList, 'ADMIN')).toBe(true);
    expect(allows(api.adminList, 'OPERATOR')).toBe(false);
    expect(allows(api.self, undefined)).toBe(false);
  });
});

describe('status codes (docs/design.md §4)', () => {
  it('every server status has an HTTP status and a Thai and an English text', () => {
    const clientOnly: number[] = [Status.NO_RESPONSE, Status.NO_BODY];
    for (const code of Object.values(Status).filter((c) => !clientOnly.includes(c))) {
      expect(httpStatusOf[code], String(code)).toBeGreaterThanOrEqual(200);
      expect(statusMessages[code]?.th, String(code)).toMatch(/[\u0E00-\u0E7F]/);
      expect(statusMessages[code]?.en, String(code)).toMatch(/^[A-Z]/);
    }
  });
});

describe('text PostgreSQL cannot store (docs/design.md §7)', () => {
  it('is refused in any field of any route, naming the field with a code and a message', () => {
    for (const [body, path] of [
      [{ username: 'adm\u0000in', password: 'long enough' }, 'username'],
      [{ username: 'admin', password: 'long \uD800enough' }, 'password'],
    ] as const) {
      const issues = api.login.body.safeParse(body).error?.issues ?? [];
      expect(issues).toMatchObject([
        {
          path: [path],
          params: { code: 'text_unstorable' },
          message: 'must not contain NUL characters or unpaired surrogates',
        },
      ]);
    }
  });
});

describe('issues in the user language (docs/design.md §4)', () => {
  it('fills a known code with its params, and says nothing for codes it does not know', () => {
    const issue = { code: 'range_too_long', params: { maximum: 366 } };
    expect(issueText(issue, 'th')).toBe('ช่วงวันที่ยาวได้ไม่เกิน 366 วัน');
    expect(issueText(issue, 'en')).toBe('The date range may span at most 366 days');
    expect(issueText({ code: 'prefix_overlap', params: { prefix: 'ab' } }, 'th')).toContain('"ab"');
    expect(issueText({ code: 'too_big', params: { maximum: 3, origin: 'string' } }, 'th')).toBe(
      'ต้องมีไม่เกิน 3 ตัวอักษร',
    );
    expect(issueText({ code: 'no_such_code' }, 'th')).toBeUndefined();
    expect(issueText({ code: 'toString' }, 'th')).toBeUndefined();
    expect(issueText({}, 'en')).toBeUndefined();
  });
});

describe('deep pages (docs/design.md §7)', () => {
  it('the last page the web offers is the last the contract accepts', () => {
    for (const limit of [10, 20, 50, 100]) {
      const last = lastServedPage(limit);
      expect(adminListQuerySchema.safeParse({ page: last, limit }).success, String(limit)).toBe(true);
      const refused = adminListQuerySchema.safeParse({ page: last + 1, limit });
      expect(refused.error?.issues[0]).toMatchObject({ params: { code: 'page_too_deep', maximum: last } });
    }
  });
});
