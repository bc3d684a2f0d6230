import { api, MAX_ISSUES } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offContract } from '../calls.ts';
import { bet, ingest, makeAgent, registerBrands, type SignedAgent } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { tableCounts } from './checks.ts';

/**
 * docs/design.md §7 (issue 38, point 10): names and codes people read cannot hold invisible format characters
 * (Unicode Cf: zero-width, bidi controls), and a validation answer lists at most MAX_ISSUES issues
 * plus their total, however many the input has.
 */
let t: TestApp;
let token: string;
let agent: SignedAgent;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('SUPERADMIN');
  await registerBrands(t, token, ['PG']);
  agent = await makeAgent(t, token, { prefix: 'tx' });
});
afterAll(() => t.close());

/** Every table's rows but the ingest log's, which records each refused request by design. */
const storedCounts = async () =>
  Object.fromEntries(
    Object.entries(await tableCounts(t.ctx.db)).filter(([name]) => !name.includes('ingest')),
  );

const INVISIBLE_NAMES = ['\u200b\u200b\u200b', 'ops\u202e1', '\u2066ops_1\u2069', 'op\u00ads_1'];

describe('invisible characters in names and codes', () => {
  it('an ingest batch with game code `g1\\u200b` is refused, naming that item and field', async () => {
    const before = await storedCounts();
    const res = await ingest(t, agent, [bet({ gameCode: 'g1\u200b' })]);
    expect(res.statusCode).toBe(400);
    expect(res.status).toBe(2001);
    expect(res.issues).toMatchObject([{ path: 'transactions.0.gameCode', code: 'invisible_characters' }]);
    expect(await storedCounts()).toEqual(before);
  });

  it('`g1`, `g1\\u200b` and `g\\u200d1` cannot become three game codes reading "g1"', async () => {
    const codes = ['g1', 'g1\u200b', 'g\u200d1'];
    const res = await ingest(
      t,
      agent,
      codes.map((gameCode) => bet({ gameCode })),
    );
    expect(res.status).toBe(2001);
    expect(res.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      'transactions.1.gameCode:invisible_characters',
      'transactions.2.gameCode:invisible_characters',
    ]);
    for (const [field, value] of [
      ['gameBrand', 'P\u200bG'],
      ['betId', '\u202eB1'],
    ] as const) {
      const other = await ingest(t, agent, [bet({ [field]: value })]);
      expect(other.issues, field).toMatchObject([
        { path: `transactions.0.${field}`, code: 'invisible_characters' },
      ]);
    }
    expect((await ingest(t, agent, [bet({ gameCode: 'g1' })])).status).toBe(1000);
  });

  it('agent, player, operator and admin names with them are refused as such (nothing written); passwords may hold them', async () => {
    const verified = await t.verify(await t.tokenFor('SUPERADMIN'));
    const before = await storedCounts();
    for (const username of INVISIBLE_NAMES) {
      const answers = {
        agent: await t.api(api.agentRegister, {
          token,
          body: {
            username,
            password: 'agent-password-1',
            endpoint: 'https://a.example.com/cb',
            games: [],
            prefix: 'zz1',
            code: 'ZZ-1',
            agentType: 'AGENT',
          },
        }),
        player: await t.api(api.userCreate, {
          token,
          body: { agent: agent._id, username, betLimit: 100 },
        }),
        operator: await t.api(api.agentOperatorRegister, {
          token,
          body: { agent: agent._id, username, password: 'operator-password-1', type: 'OPERATOR' },
        }),
        admin: await t.api(api.adminCreate, {
          token: verified,
          body: { username, password: 'admin-password-1', type: 'REPORTER' },
        }),
      };
      for (const [who, res] of Object.entries(answers)) {
        expect(res.statusCode, `${who} ${JSON.stringify(username)}`).toBe(400);
        expect(res.issues, `${who} ${JSON.stringify(username)}`).toEqual([
          expect.objectContaining({ path: 'username', code: 'invisible_characters' }),
        ]);
      }
    }
    const provider = await t.api(api.adapterCreate, {
      token,
      body: {
        name: '\u200b\u200b\u200b',
        codename: 'INVIS',
        endpoint: 'https://g.example.com',
        type: 'SLOT',
        logo: 'https://g.example.com/l.png',
      },
    });
    expect(provider.issues).toMatchObject([{ path: 'name', code: 'invisible_characters' }]);
    expect(await storedCounts()).toEqual(before);

    // Passwords are not names: any character is theirs, invisible ones too.
    const password = '\u200bpass\u202eword\u200d';
    const admin = await t.api(api.adminCreate, {
      token: verified,
      body: { username: 'zw_password', password, type: 'REPORTER' },
    });
    expect(admin.status).toBe(1000);
    expect((await t.api(api.login, { body: { username: 'zw_password', password } })).status).toBe(1000);
  });
});

describe('validation answers are bounded', () => {
  it(`a 3 KB batch of 1,000 empty items: the first ${MAX_ISSUES} issues and the total, in a small answer`, async () => {
    const res = await ingest(t, agent, offContract(Array.from({ length: 1000 }, () => ({}))));
    expect(res.statusCode).toBe(400);
    expect(res.status).toBe(2001);
    const data = res.body?.data as { issues: { path: string }[]; issuesTotal?: number };
    expect(data.issues).toHaveLength(MAX_ISSUES);
    // Eight required fields per item, every one missing.
    expect(data.issuesTotal).toBe(8000);
    expect(data.issues[0]?.path).toBe('transactions.0.betId');
    expect(Buffer.byteLength(res.res.body)).toBeLessThan(64 * 1024);
  });

  it('a form with three wrong fields still hears of all three, and no total', async () => {
    const res = await t.api(api.agentRegister, {
      token,
      body: {
        username: 'x',
        password: 'agent-password-1',
        endpoint: 'https://a.example.com/cb',
        games: [],
        prefix: 'AB',
        code: '\u200b\u200b',
        agentType: 'AGENT',
      },
    });
    expect(res.status).toBe(2001);
    expect(res.issues.map((i) => `${i.path}:${i.code}`).sort()).toEqual([
      'code:invisible_characters',
      'prefix:prefix_chars',
      'username:too_small',
    ]);
    expect(res.body?.data).not.toHaveProperty('issuesTotal');
  });
});
