import { readFileSync } from 'node:fs';
import { api, type BodyOf } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OffContract, offContract } from '../../../test/calls.ts';
import { auditOf, bet, ingest, makeAdapter, makeAgent, registerBrands } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { onCitus, queryRows } from '../../db/client.ts';

let t: TestApp;
let op: string;
let reporter: string;
/** A registered agent the tests only read: its username, prefix and code are taken. */
const SENIOR = { username: 'senior_one', prefix: 'sen1', code: 'SEN-1' } as const;
beforeAll(async () => {
  t = await createTestApp();
  op = await t.tokenFor('OPERATOR');
  reporter = await t.tokenFor('REPORTER');
  await makeAgent(t, op, { ...SENIOR, agentType: 'SENIOR' });
});
afterAll(() => t.close());

type Registration = BodyOf<typeof api.agentRegister>;
const register = (body: Registration | OffContract, token = op) => t.api(api.agentRegister, { token, body });

let seq = 0;
/** A registration valid but for what the test sets (unique username and code each). */
const registration = (over: Partial<Registration> & Pick<Registration, 'prefix'>): Registration => {
  seq += 1;
  return {
    username: `prefix_case_${seq}`,
    password: 'agent-password-1',
    endpoint: 'https://x.example.com',
    games: [],
    code: `PFX-${seq}`,
    agentType: 'AGENT',
    ...over,
  };
};

/**
 * On Citus the prefix trigger is dropped (migration 0045: it would run on every node of the reference
 * table), and the service's check under its advisory lock is the rule: there the two tests of the trigger
 * check that it is gone, and answer true.
 */
const withoutPrefixTrigger = async () => {
  if (!onCitus(t.ctx.db)) return false;
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`select count(*)::text as n from pg_trigger where tgname = 'agents_prefix_free'`,
  );
  expect(row?.n).toBe('0');
  return true;
};

describe('agent prefixes are prefix-free (player names cannot collide across agents)', () => {
  it.each([
    ['a longer prefix starting a registered one', 'kx', 'kxy'],
    ['a shorter prefix that a registered one starts with', 'mnop', 'mn'],
  ])('refuses %s: 409 naming both prefixes', async (_what, first, second) => {
    expect((await register(registration({ prefix: first }))).statusCode).toBe(200);
    const res = await register(registration({ prefix: second }));
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({
      status: 2009,
      error: `Prefix "${second}" and agent prefix "${first}" would share player names (one starts the other)`,
      // Machine-readable, so the console says it in Thai beside the prefix field.
      data: { issues: [{ path: 'prefix', code: 'prefix_overlap', params: { prefix: first } }] },
    });
    const listed = await t.ok(api.agentList, { token: op, body: { prefix: second } });
    expect(listed.records.map((a) => a.prefix)).not.toContain(second);
  });

  it('takes prefixes that share a start but where neither starts the other', async () => {
    expect((await register(registration({ prefix: 'sib1' }))).statusCode).toBe(200);
    expect((await register(registration({ prefix: 'sib2' }))).statusCode).toBe(200);
    expect((await register(registration({ prefix: 'si0' }))).statusCode).toBe(200);
  });

  it('so agent "abc"\'s player can no longer block agent "ab"\'s: the second prefix is refused', async () => {
    expect((await register(registration({ prefix: 'vab' }))).statusCode).toBe(200);
    expect((await register(registration({ prefix: 'vabc' }))).status).toBe(2009);
  });

  it('is also enforced by the database (migration 0015) for any other writer, insert or prefix change', async () => {
    if (await withoutPrefixTrigger()) return;
    const a = await makeAgent(t, op, { prefix: 'dbx' });
    const raw = (prefix: string) =>
      t.ctx.db.execute(sql`insert into agents (username, password_hash, endpoint, games, prefix, code, secret,
                                                api_key, agent_type, created_by, created_at, updated_at)
                           values (${`raw_${prefix}`}, 'x', 'https://x.example.com', '{}', ${prefix}, ${`RAW-${prefix}`},
                                   's', ${`ak_raw_${prefix}`}, 'AGENT', 'test', now(), now())`);
    await expect(raw('dbxy')).rejects.toMatchObject({
      cause: { code: '23505', constraint: 'agents_prefix_free' },
    });
    await expect(raw('db')).rejects.toMatchObject({
      cause: { code: '23505', constraint: 'agents_prefix_free' },
    });
    await raw('dbz');
    await expect(
      t.ctx.db.execute(sql`update agents set prefix = 'dbxq' where prefix = 'dbz'`),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    // Changing anything but the prefix of a registered agent is untouched by the rule.
    const edited = await t.api(api.agentUpdate, {
      token: op,
      params: { id: a._id },
      body: { endpoint: 'https://edited.example.com', games: [], agentType: 'AGENT' },
    });
    expect(edited.status).toBe(1000);
  });

  it('migration 0015 runs on a database already holding an overlapping pair, which keeps working apart', async () => {
    if (await withoutPrefixTrigger()) return;
    // The database as it was before 0015, with agents "lgc" and "lgcy" registered then.
    await t.ctx.db.execute(sql`drop trigger agents_prefix_free on agents`);
    await t.ctx.db.execute(sql`drop function agents_prefix_free()`);
    const short = await makeAgent(t, op, { prefix: 'lgc' });
    // The registration check would refuse it now; the database of then took it.
    const [row] = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`insert into agents (username, password_hash, endpoint, games, prefix, code, secret, api_key,
                              agent_type, created_by, created_at, updated_at)
          values ('legacy_lgcy', 'x', 'https://x.example.com', '{}', 'lgcy', 'LEGACY-1',
                  'legacy-secret-0123456789', 'ak_legacy_lgcy', 'AGENT', 'test', now(), now())
          returning id::text as id`,
    );
    const long = { _id: row?.id ?? '', apiKey: 'ak_legacy_lgcy', secret: 'legacy-secret-0123456789' };
    const migration = readFileSync(
      new URL('../../db/migrations/0015_agent_prefix_free.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.ctx.db.execute(sql.raw(statement));
    // Both stay usable: edits of other fields pass the trigger, and their players never mix —
    // "lgc" + "yann" and "lgcy" + "ann" are one name, and the second agent gets a 409 for it.
    const edited = await t.api(api.agentUpdate, {
      token: op,
      params: { id: long._id },
      body: { endpoint: 'https://legacy.example.com', games: [], agentType: 'AGENT' },
    });
    expect(edited.status).toBe(1000);
    await registerBrands(t, await t.tokenFor('ADMIN'), ['PG']);
    expect((await ingest(t, short, [bet({ username: 'yann' })])).status).toBe(1000);
    const clash = await ingest(t, long, [bet({ username: 'ann' })]);
    expect(clash.statusCode).toBe(409);
    expect(clash.error).toBe('Player "lgcyann" belongs to another agent');
    // And no new overlap gets in.
    expect((await register(registration({ prefix: 'lgcyz' }))).statusCode).toBe(409);
  });

  it('lets exactly one of parallel registrations of overlapping prefixes succeed', async () => {
    for (const chain of [
      ['wa', 'wab', 'wabc', 'wabcd'],
      ['zq1', 'zq', 'zq12', 'zq123'],
    ]) {
      const answers = await Promise.all(chain.map((prefix) => register(registration({ prefix }))));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    }
  });
});

describe('agent registration', () => {
  it('generates apiKey and secret, derives apiKeyEncoded, and never answers the password', async () => {
    const admin = await t.tokenFor('ADMIN');
    const slot = await makeAdapter(t, admin);
    const res = await register({
      username: 'generated_one',
      password: 'agent-password-1',
      endpoint: 'https://senior.example.com/cb',
      games: [slot.codename],
      prefix: 'gen1',
      code: 'GEN-1',
      secret: '',
      agentType: 'SENIOR',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      username: 'generated_one',
      prefix: 'gen1',
      games: [slot.codename],
      createdBy: expect.any(String),
    });
    const { apiKey, secret, apiKeyEncoded } = res.data ?? {};
    expect(apiKey).toMatch(/^ak_/);
    expect(secret?.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(apiKeyEncoded ?? '', 'base64').toString()).toBe(`${apiKey}:${secret}`);
    expect(res.res.body).not.toMatch(/agent-password-1|argon2/);
  });

  it('keeps a secret given at registration', async () => {
    const a = await makeAgent(t, op, { secret: 'my-own-secret-0123456789' });
    expect(a.secret).toBe('my-own-secret-0123456789');
  });

  it('refuses a secret another agent signs with (409 on the field), even from parallel registrations, and a weak one', async () => {
    const shared = 'Shared-Secret-0123456789';
    const first = await makeAgent(t, op, { secret: shared });
    const second = await register(registration({ prefix: 'shrb', secret: shared }));
    expect(second.statusCode).toBe(409);
    expect(second.body?.data).toMatchObject({ issues: [{ path: 'secret', code: 'secret_taken' }] });
    // The refusal names no agent, and never echoes the secret.
    expect(second.res.body).not.toContain(shared);
    expect(second.res.body).not.toContain(first.username);

    const racing = 'Racing-Secret-0123456789';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        register(registration({ prefix: `rc${String.fromCharCode(97 + i)}x`, secret: racing })),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(11);

    const weak = await register(registration({ prefix: 'weaks', secret: 'a'.repeat(16) }));
    expect(weak.statusCode).toBe(400);
    expect(weak.body?.data).toMatchObject({
      issues: [{ path: 'secret', code: 'secret_weak', params: { minimum: 8 } }],
    });
  });

  it('flags agents that already share a secret (a database from before the check) until one is rotated', async () => {
    const [a, b, other] = [
      await makeAgent(t, op, { prefix: 'dupa' }),
      await makeAgent(t, op, { prefix: 'dupb' }),
      await makeAgent(t, op, { prefix: 'dupc' }),
    ];
    // The API refuses this now; an older database may hold it.
    await t.ctx.db.execute(sql`update agents set secret = ${a.secret} where id = ${b._id}`);
    const flags = async () => {
      const listed = await t.ok(api.agentList, { token: op, body: { prefix: 'dup' } });
      return Object.fromEntries(listed.records.map((r) => [r.prefix, r.secretShared]));
    };
    expect(await flags()).toEqual({ dupa: true, dupb: true, dupc: false });
    // Read many times at once, the list says the same, and never shows the secret it compares.
    const reads = await Promise.all(Array.from({ length: 10 }, () => flags()));
    expect(new Set(reads.map((r) => JSON.stringify(r))).size).toBe(1);
    const listed = await t.api(api.agentList, { token: op, body: { prefix: 'dup' } });
    expect(listed.res.body).not.toContain(a.secret ?? 'no secret');
    await t.ok(api.agentRotateSecret, { token: op, params: { id: b._id } });
    expect(await flags()).toEqual({ dupa: false, dupb: false, dupc: false });
    expect(other.secret).not.toBe(a.secret);
  });

  it.each([
    ['username', { username: SENIOR.username }],
    ['prefix', { prefix: SENIOR.prefix }],
    ['code', { code: SENIOR.code }],
  ])('refuses a taken %s with 409', async (_field, over) => {
    const res = await register({
      username: 'fresh_name',
      password: 'agent-password-1',
      endpoint: 'https://x.example.com',
      games: [],
      prefix: 'fresh',
      code: 'FRESH',
      agentType: 'AGENT',
      ...over,
    });
    expect(res.statusCode).toBe(409);
  });

  it.each([
    [{ prefix: 'A' }, 'prefix'],
    [{ prefix: 'UPPER' }, 'prefix'],
    [{ prefix: 'toolong7' }, 'prefix'],
    [{ endpoint: 'not a url' }, 'endpoint'],
    [{ agentType: 'BOSS' }, 'agentType'],
    [{ games: ['NO_SUCH_GAME'] }, 'games.0'],
    [{ games: ['NO_SUCH_GAME', 'NO_SUCH_GAME'] }, 'games.1'],
    [{ password: 'short' }, 'password'],
  ])('validates %j', async (over, field) => {
    const res = await register(
      offContract({
        username: 'valid_name',
        password: 'agent-password-1',
        endpoint: 'https://x.example.com',
        games: [],
        prefix: 'valid',
        code: 'VALID',
        agentType: 'AGENT',
        ...over,
      }),
    );
    expect(res.status).toBe(2001);
    expect(res.issues[0]?.path).toBe(field);
  });
});

describe('agent list, get and picker', () => {
  it('lists without secrets, filters by username/prefix/locked, page size 50', async () => {
    await makeAgent(t, op);
    const res = await t.ok(api.agentList, { token: op, body: { prefix: 'SEN' } });
    expect(res.limit).toBe(50);
    expect(res.records.map((r) => r.username)).toEqual([SENIOR.username]);
    const all = await t.api(api.agentList, { token: op, body: { locked: 0 } });
    expect(all.data?.total).toBeGreaterThanOrEqual(2);
    expect(all.res.body).not.toMatch(/"secret"|apiKeyEncoded|password/);
  });

  it('shows the secret to writers only', async () => {
    const a = await makeAgent(t, op);
    const asOp = await t.ok(api.agentGet, { token: op, params: { id: a._id } });
    expect(asOp.secret).toBe(a.secret);
    const asReporter = await t.ok(api.agentGet, { token: reporter, params: { id: a._id } });
    expect(asReporter.username).toBe(a.username);
    expect(asReporter.secret).toBeUndefined();
    expect(asReporter.apiKeyEncoded).toBeUndefined();
  });

  it('picker searches username or prefix as you type', async () => {
    const res = await t.ok(api.agentPick, { token: reporter, body: { q: 'senio' } });
    expect(res).toEqual([{ _id: expect.any(String), username: SENIOR.username, prefix: SENIOR.prefix }]);
  });
});

describe('agent edit, secret rotation, lock', () => {
  it('edits only endpoint, games and type', async () => {
    const a = await makeAgent(t, op);
    const res = await t.ok(api.agentUpdate, {
      token: op,
      params: { id: a._id },
      // Prefix and code are no fields of the update: a client sending them anyway is ignored.
      body: offContract({
        endpoint: 'https://moved.example.com',
        games: [],
        agentType: 'MASTER',
        prefix: 'hack',
        code: 'HACK',
      }),
    });
    expect(res).toMatchObject({
      endpoint: 'https://moved.example.com',
      agentType: 'MASTER',
      prefix: a.prefix,
    });
  });

  it('rotates the secret (audited, the secret itself redacted in the log)', async () => {
    const a = await makeAgent(t, op);
    const rotated = await t.ok(api.agentRotateSecret, { token: op, params: { id: a._id } });
    const secret = String(rotated.secret);
    expect(secret).not.toBe(a.secret);
    expect(Buffer.from(rotated.apiKeyEncoded ?? '', 'base64').toString()).toBe(`${a.apiKey}:${secret}`);
    const admin = await t.tokenFor('ADMIN');
    const records = await auditOf(t, admin, 'agent', a._id);
    expect(records.map((r) => r.action)).toEqual(['rotate-secret', 'create']);
    expect(JSON.stringify(records)).not.toContain(secret);
    expect(JSON.stringify(records)).not.toContain(a.secret);
  });

  it('locks and unlocks with one audit record each', async () => {
    const a = await makeAgent(t, op);
    expect((await t.ok(api.agentLock, { token: op, params: { id: a._id } })).locked).toBe(true);
    expect((await t.ok(api.agentUnlock, { token: op, params: { id: a._id } })).locked).toBe(false);
    const admin = await t.tokenFor('ADMIN');
    expect((await auditOf(t, admin, 'agent', a._id)).map((r) => r.action)).toEqual([
      'unlock',
      'lock',
      'create',
    ]);
  });

  it('REPORTER may not register, edit, rotate or lock', async () => {
    const a = await makeAgent(t, op);
    const params = { id: a._id };
    for (const res of [
      await register(registration({ prefix: 'byrep' }), reporter),
      await t.api(api.agentUpdate, {
        token: reporter,
        params,
        body: { endpoint: a.endpoint, games: [], agentType: 'AGENT' },
      }),
      await t.api(api.agentRotateSecret, { token: reporter, params }),
      await t.api(api.agentLock, { token: reporter, params }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('sorting the agent list', () => {
  it('sorts by name or registration on the server, stable across pages', async () => {
    const token = await t.tokenFor('OPERATOR');
    const typed = ['sortmango', 'sortApple', 'sortkiwi'];
    for (const [i, username] of typed.entries()) await makeAgent(t, token, { username, prefix: `so${i}q` });
    const names = async (sort: 'username' | 'createdAt', order: 'asc' | 'desc') => {
      const out: string[] = [];
      for (const page of [1, 2]) {
        const list = await t.ok(api.agentList, {
          token,
          body: { username: 'sort', sort, order, limit: 2, page },
        });
        expect(list.total).toBe(3);
        out.push(...list.records.map((r) => r.username));
      }
      return out;
    };
    expect(await names('username', 'asc')).toEqual(['sortApple', 'sortkiwi', 'sortmango']);
    expect(await names('username', 'desc')).toEqual(['sortmango', 'sortkiwi', 'sortApple']);
    expect(await names('createdAt', 'asc')).toEqual(typed);
    expect(await names('createdAt', 'desc')).toEqual([...typed].reverse());
  });
});
