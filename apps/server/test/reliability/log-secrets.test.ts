import { api, type RouteDef } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../src/http/route.ts';
import { callRoute, offContract } from '../calls.ts';
import { bet, makeAgent, registerBrands, type SignedAgent, signedHeaders } from '../factories.ts';
import { createTestApp, loggedApp, TEST_PASSWORD, type TestApp } from '../harness.ts';

/**
 * docs/design.md §7: logs never hold passwords, agent secrets or password hashes — not even inside a failed
 * query. The database is made to refuse the rows (a constraint added by the test), so the failure
 * carries the very values the log must not show, in drizzle's `params` and PostgreSQL's `detail`.
 */
let t: TestApp;
let logged: FastifyInstance;
let token: string;
let agentId: string;
let agent: SignedAgent;
let lines: string[];

const SECRET = 'known-agent-secret-4f9c2d7e1a';
const PASSWORD = 'known-password-8b3e6f0c';

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('SUPERADMIN');
  agent = await makeAgent(t, token, { prefix: 'lg' });
  agentId = agent._id;
  await registerBrands(t, token, ['PG']);
  // A second app on the same database, whose log the test reads, request lines included.
  ({ app: logged, lines } = await loggedApp(t.ctx, 'debug'));
  // NOT VALID: the rows already there stay; every new one is refused with SQLSTATE 23514.
  await t.ctx.db.execute(
    sql.raw('alter table agents add constraint test_refuses_agents check (false) not valid'),
  );
  await t.ctx.db.execute(
    sql.raw('alter table agent_operators add constraint test_refuses_operators check (false) not valid'),
  );
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

describe('a write the database refuses, carrying secrets', () => {
  it('registering an agent: 409 in the envelope; the log names the failure, never the secret, password or hash', async () => {
    lines.length = 0;
    const res = await callRoute(logged, api.agentRegister, {
      token,
      body: {
        username: 'leaky_agent',
        password: PASSWORD,
        endpoint: 'https://leaky.example.com/cb',
        games: [],
        prefix: 'leak',
        code: 'LEAK-1',
        secret: SECRET,
        agentType: 'AGENT',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ status: 2009, data: null });
    expect(res.res.body).not.toContain('test_refuses_agents');
    const log = lines.join('');
    expect(log).toContain('23514');
    expect(log).toContain('test_refuses_agents');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('$argon2id$');
    expect(log).not.toContain('$argon2');
  });

  it('registering an agent operator: the same', async () => {
    lines.length = 0;
    const res = await callRoute(logged, api.agentOperatorRegister, {
      token,
      body: { agent: agentId, username: 'leaky_operator', password: PASSWORD, type: 'OPERATOR' },
    });
    expect(res.statusCode).toBe(409);
    const log = lines.join('');
    expect(log).toContain('test_refuses_operators');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('$argon2');
  });

  it('a login carrying a password and a request with a bearer token leave neither in the log', async () => {
    lines.length = 0;
    await callRoute(logged, api.login, { body: { username: 'nobody_here', password: PASSWORD } });
    await callRoute(logged, api.agentList, { token, body: {} });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(token);
  });

  it('a game-by-code report answered, and refused for a NUL brand or year 0: the bearer token stays out of the log', async () => {
    lines.length = 0;
    const params = { agentId, gameBrand: 'PG' };
    const answered = await callRoute(logged, api.summaryGameMonthlyByGame, {
      token,
      params,
      body: { from: '2026-10-01', to: '2026-11-30' },
    });
    expect(answered.statusCode).toBe(200);
    const nul = await callRoute(logged, api.summaryGameDailyByGame, {
      token,
      params: { ...params, gameBrand: 'P\u0000G' },
      body: { from: '2026-10-01', to: '2026-10-31' },
    });
    const year0 = await callRoute(logged, api.summaryGameMonthlyByGame, {
      token,
      params,
      body: { from: '0000-01-01', to: '2026-10-31' },
    });
    expect([nul.statusCode, year0.statusCode]).toEqual([400, 400]);
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).not.toContain(token);
  });
});

describe('the deep links’ and the reports’ newer rollups (0025–0034): ingest and the deep link', () => {
  it.each([
    'rollup_brand_hours',
    'rollup_brand_minutes',
    'rollup_player_daily',
    'rollup_brand_daily',
    // On Citus ingest writes no rollup summed over every agent (docs/scaling.md §4): its game rollup instead.
    process.env.TEST_ENGINE === 'citus' ? 'rollup_game_daily' : 'rollup_brand_day_all',
  ])(
    'a signed ingest the database refuses in %s: 409 in the envelope; the log names the failure, never the agent secret or the signature',
    async (table) => {
      const constraint = `test_refuses_${table}`;
      await t.ctx.db.execute(
        sql.raw(`alter table ${table} add constraint ${constraint} check (false) not valid`),
      );
      try {
        lines.length = 0;
        const headers: Record<string, string> = {};
        const res = await callRoute(logged, api.ingest, {
          body: { transactions: [bet({ username: 'lgplayer', startDate: '2026-10-05T03:00:00.000Z' })] },
          sign: (payload) => Object.assign(headers, signedHeaders(agent, payload, { now: t.clock.now() })),
        });
        expect(res.statusCode).toBe(409);
        expect(res.body).toMatchObject({ status: 2009, data: null });
        expect(res.res.body).not.toContain(constraint);
        const log = lines.join('');
        expect(log).toContain(constraint);
        expect(log).not.toContain(agent.secret);
        expect(log).not.toContain(headers['x-signature']);
      } finally {
        await t.ctx.db.execute(sql.raw(`alter table ${table} drop constraint ${constraint}`));
      }
    },
  );

  it.each([
    ['a brand filter', 'gameBrand', 'PG', ['P\u0000G'], {}],
    ['a player filter', 'user', '1', ['1\u0000', '9223372036854775808'], {}],
    ['a username search', 'username', 'lgplay', ['lg\u0000', 'lg\ud800'], {}],
    [
      'a player filter with a brand and a bet type',
      'user',
      '1',
      ['1\u0000'],
      { gameBrand: 'PG', betType: 'HOLD' },
    ],
    ['a username search with a bet type', 'username', 'lgplay', ['lg\ud800'], { betType: 'SETTLE' }],
  ])(
    'a list with %s answered at page 1, by its cursor and as a deep link, and refused for edge values: the bearer token stays out of the log',
    async (_, field, value, refused, also) => {
      lines.length = 0;
      const page = (filter: string, at: { page?: number; cursor?: string }) =>
        callRoute(logged, api.transactionList, {
          token,
          params: { agentId },
          body: offContract({ limit: 10, ...also, [field]: filter, ...at }),
        });
      const first = await page(value, {});
      expect(first.statusCode).toBe(200);
      const cursor = first.data?.nextCursor ?? undefined;
      expect((await page(value, { page: 2, ...(cursor ? { cursor } : {}) })).statusCode).toBe(200);
      expect((await page(value, { page: 3 })).statusCode).toBe(200);
      for (const bad of refused) expect((await page(bad, { page: 3 })).statusCode).toBe(400);
      const log = lines.join('');
      expect(log).toContain('incoming request');
      expect(log).not.toContain(token);
    },
  );
});

describe('refusals of values a hair off: nothing they carried in the log', () => {
  it('a report of an agent that does not exist, twenty at once, and an amount a hair beyond the satang: no token, secret or signature', async () => {
    lines.length = 0;
    const missing = await Promise.all(
      Array.from({ length: 20 }, () =>
        callRoute(logged, api.summaryAgentDaily, {
          token,
          params: { agentId: '999999999' },
          body: { month: '11', year: '2026' },
        }),
      ),
    );
    expect(missing.map((r) => r.statusCode)).toEqual(Array(20).fill(404));
    const headers: Record<string, string> = {};
    const refused = await callRoute(logged, api.ingest, {
      body: { transactions: [bet({ betType: 'SETTLE', amount: 10.000000001 })] },
      sign: (payload) => Object.assign(headers, signedHeaders(agent, payload, { now: t.clock.now() })),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.issues[0]).toMatchObject({ path: 'transactions.0.amount', code: 'decimals' });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    for (const secret of [token, agent.secret, headers['x-signature'] ?? ''])
      expect(log).not.toContain(secret);
    // Nor what the ingest log keeps of the refusal (its reason's params are the rule's, not the request's).
    const kept = await t.ok(api.ingestLogList, { token, body: { agent: agentId } });
    expect(JSON.stringify(kept)).not.toContain(agent.secret);
    expect(JSON.stringify(kept)).not.toContain(headers['x-signature']);
  });
});

describe('the refusals of a secret in use, a code in use, a body not JSON and edge values: nothing they carried in the log', () => {
  it('ten parallel registrations with an agent’s own secret, ten renames of a code with bets, a signed text body, a token in a disguised query key', async () => {
    lines.length = 0;
    const taken = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callRoute(logged, api.agentRegister, {
          token,
          body: {
            username: `secret_thief_${i}`,
            password: PASSWORD,
            endpoint: 'https://x.example.com',
            games: [],
            prefix: `st${String.fromCharCode(97 + i)}z`,
            code: `THIEF-${i}`,
            agentType: 'AGENT',
            secret: agent.secret,
          },
        }),
      ),
    );
    expect(taken.map((r) => r.issues[0]?.code)).toEqual(Array(10).fill('secret_taken'));
    // A code with bets stored under it, renamed ten times at once: every rename refused.
    expect(
      (
        await callRoute(logged, api.ingest, {
          body: { transactions: [bet()] },
          sign: (p) => signedHeaders(agent, p, { now: t.clock.now() }),
        })
      ).status,
    ).toBe(1000);
    const pg = (await t.ok(api.adapterList, { token, body: { limit: 100 } })).records.find(
      (a) => a.codename === 'PG',
    );
    if (!pg) throw new Error('no PG provider');
    const renames = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callRoute(logged, api.adapterUpdate, {
          token,
          params: { id: pg._id },
          body: { codename: `PG_${i}`, endpoint: pg.endpoint, type: pg.type, logo: pg.logo },
        }),
      ),
    );
    expect(renames.map((r) => r.issues[0]?.code)).toEqual(Array(10).fill('codename_in_use'));
    const text = JSON.stringify({ transactions: [bet()] });
    const headers = signedHeaders(agent, text, { now: t.clock.now() });
    const plain = await logged.inject({
      method: 'POST',
      url: '/api/v1/ingest/transactions',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: text,
    });
    expect(plain.statusCode).toBe(415);
    const disguised = await logged.inject({
      method: 'POST',
      url: `/api/v1/agent/list?t%6fken=${token}&auth=${agent.secret}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(disguised.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('incoming request');
    for (const secret of [token, agent.secret, PASSWORD, headers['x-signature'] ?? ''])
      expect(log).not.toContain(secret);
  });

  it('edge values in an export’s page size and the whole platform’s registration month: refused, never a 500; twenty reads at once agree', async () => {
    const exportWith = (limit: string) =>
      logged.inject({
        method: 'POST',
        url: '/api/v1/adapter/export',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: `{"limit":${limit}}`,
      });
    for (const limit of ['"\\u0000"', '9223372036854775808', '-0.5', '1e309', '-1e309', '500.01', '501'])
      expect((await exportWith(limit)).statusCode, limit).toBe(400);
    for (const limit of ['500', '-0', '"500"']) {
      const res = await exportWith(limit);
      expect([limit, res.statusCode]).toEqual([limit, limit === '-0' ? 400 : 200]);
    }
    for (const date of ['0000-01-01', '9999-12-31', '2026-11-01\u0000', '2026-02-30'])
      expect(
        (
          await callRoute(logged, api.registerCount, {
            token,
            params: { agentId: 'all' },
            body: offContract({ date }),
          })
        ).statusCode,
        date,
      ).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callRoute(logged, api.registerCount, {
          token,
          params: { agentId: 'all' },
          body: { date: '2026-11-01' },
        }),
      ),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });
});

describe('account security flows leave no secret in the log', () => {
  it('password change, reset, two-factor enrolment and sign-in with codes: no password, temporary password, TOTP secret, code or recovery code', async () => {
    lines.length = 0;
    const name = 'log_sec_user';
    const id = await t.addAdmin(name, 'OPERATOR');
    const login = async (password: string) =>
      (await callRoute(logged, api.login, { body: { username: name, password } })).data?.token ?? '';
    let own = await login(TEST_PASSWORD);
    await t.verify(own);
    const NEW_PASSWORD = 'log-check-new-passphrase-3';
    // A wrong current password first (refused), then the change.
    await callRoute(logged, api.passwordChange, {
      token: own,
      body: { currentPassword: 'wrong-current-pass-9', newPassword: NEW_PASSWORD },
    });
    await callRoute(logged, api.passwordChange, {
      token: own,
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    const admin = await t.tokenFor('SUPERADMIN');
    await t.verify(admin);
    const reset = await callRoute(logged, api.passwordReset, { token: admin, params: { id } });
    const temporary = reset.data?.temporaryPassword ?? '';
    expect(temporary).not.toBe('');
    own = await login(temporary);
    const FINAL_PASSWORD = 'log-check-final-passphrase-5';
    await callRoute(logged, api.passwordChange, {
      token: own,
      body: { currentPassword: temporary, newPassword: FINAL_PASSWORD },
    });
    await t.verify(own, FINAL_PASSWORD);
    const enrol = await callRoute(logged, api.totpEnrol, { token: own });
    const secret = enrol.data?.secret ?? '';
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const code = totp.generate({ timestamp: t.clock.now().getTime() });
    const confirmed = await callRoute(logged, api.totpConfirm, { token: own, body: { code } });
    const recovery = confirmed.data?.recoveryCodes ?? [];
    expect(recovery).toHaveLength(10);
    // Sign in again: the password step answers a challenge, a recovery code completes it.
    const step = await callRoute(logged, api.login, { body: { username: name, password: FINAL_PASSWORD } });
    const challenge = (step.body?.data as { challenge?: string } | null)?.challenge ?? '';
    expect(challenge).not.toBe('');
    const signedIn = await callRoute(logged, api.loginTotp, {
      body: { challenge, code: recovery[0] ?? '' },
    });
    expect(signedIn.data?.token).toBeTruthy();

    const log = lines.join('');
    expect(log).toContain('incoming request');
    for (const value of [
      TEST_PASSWORD,
      NEW_PASSWORD,
      'wrong-current-pass-9',
      temporary,
      FINAL_PASSWORD,
      secret,
      enrol.data?.otpauthUri ?? secret,
      // (The 6-digit code itself is not searched: any timestamp of the log may hold its digits.)
      challenge,
      ...recovery,
      own,
      admin,
      signedIn.data?.token ?? '',
    ]) {
      expect(value.length).toBeGreaterThan(0);
      expect(log).not.toContain(value);
    }
  });
});

describe('an answer that does not fit its contract', () => {
  // The values a handler put in its answer never reach the log, whichever check refused it: the
  // serializer (a wrong type) or, with CHECK_ANSWERS, zod (a format the serializer does not check).
  const SHOWN_ONCE = 'temporary-secret-shown-once-7d1e';
  const def = (path: string, data: z.ZodType): RouteDef => ({
    method: 'POST',
    path,
    access: 'public',
    body: z.object({}),
    params: z.object({}),
    data,
  });

  it('answers 9000 and logs where it went wrong, never what it held', async () => {
    const { app, text } = await loggedApp(t.ctx);
    defineRoute(app, def('/test/wrong-type', z.object({ secret: z.string(), n: z.number() })), async () => ({
      secret: SHOWN_ONCE,
      n: `${SHOWN_ONCE}-as-a-number`,
    }));
    defineRoute(app, def('/test/wrong-format', z.object({ email: z.email() })), async () => ({
      email: SHOWN_ONCE,
    }));
    try {
      for (const url of ['/api/v1/test/wrong-type', '/api/v1/test/wrong-format']) {
        const res = await app.inject({ method: 'POST', url, payload: {} });
        expect(res.statusCode, url).toBe(500);
        expect(res.json().status).toBe(9000);
        expect(res.body).not.toContain(SHOWN_ONCE);
      }
      const log = text();
      expect(log).toContain('answer does not fit its contract at .n');
      expect(log).not.toContain(SHOWN_ONCE);
    } finally {
      await app.close();
    }
  });
});
