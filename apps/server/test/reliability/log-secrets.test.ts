import { Writable } from 'node:stream';
import { api } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { callRoute } from '../calls.ts';
import { makeAgent } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';

/**
 * DESIGN §7: logs never hold passwords, agent secrets or password hashes — not even inside a failed
 * query. The database is made to refuse the rows (a constraint added by the test), so the failure
 * carries the very values the log must not show, in drizzle's `params` and PostgreSQL's `detail`.
 */
let t: TestApp;
let logged: FastifyInstance;
let token: string;
let agentId: string;
const lines: string[] = [];

const SECRET = 'known-agent-secret-4f9c2d7e1a';
const PASSWORD = 'known-password-8b3e6f0c';

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('SUPERADMIN');
  agentId = (await makeAgent(t, token, { prefix: 'lg' }))._id;
  // A second app on the same database, whose log the test reads.
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  logged = await buildApp({ ctx: t.ctx, logger: { level: 'info', stream }, webRoot: '/nonexistent' });
  await logged.ready();
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
});
