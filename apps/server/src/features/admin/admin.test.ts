import { api, type BodyOf } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OffContract, offContract, type RawAnswer } from '../../../test/calls.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let superId: string;

beforeAll(async () => {
  t = await createTestApp();
  superId = await t.addAdmin('root_sa', 'SUPERADMIN');
});
afterAll(() => t.close());

/**
 * A fresh, verified session of root_sa per test: a test that moves the clock past the 5-minute
 * re-authentication window or the idle timeout spoils no other test's session.
 */
const rootToken = async () => t.verify(await t.login('root_sa'));

const create = (token: string, body: BodyOf<typeof api.adminCreate> | OffContract) =>
  t.api(api.adminCreate, { token, body });
const auditCount = async (token: string, entityId: string) => {
  const { records } = await t.ok(api.auditList, { token, body: { entity: 'admin' } });
  return records.filter((r) => r.entityId === entityId).length;
};

describe('admin create', () => {
  it('creates an account that can sign in, never answering the hash, with one audit record', async () => {
    const token = await rootToken();
    const res = await create(token, { username: 'new_admin', password: 'a-long-password', type: 'ADMIN' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      username: 'new_admin',
      type: 'ADMIN',
      locked: false,
      createdBy: 'root_sa',
    });
    expect(res.res.body).not.toMatch(/argon2|password/i);
    expect(await auditCount(token, res.data?._id ?? '')).toBe(1);
    expect(await t.login('new_admin', 'a-long-password')).toBeTruthy();
  });

  it('refuses a taken username, whatever its case, with 409', async () => {
    const token = await rootToken();
    const body = { username: 'taken_admin', password: 'a-long-password', type: 'ADMIN' } as const;
    expect((await create(token, body)).status).toBe(1000);
    const res = await create(token, { ...body, username: 'TAKEN_ADMIN' });
    expect(res.statusCode).toBe(409);
    expect(res.status).toBe(2009);
  });

  it.each([
    [{ username: 'ab', password: 'a-long-password', type: 'ADMIN' }, 'username'],
    [{ username: 'x'.repeat(33), password: 'a-long-password', type: 'ADMIN' }, 'username'],
    [{ username: 'bad name', password: 'a-long-password', type: 'ADMIN' }, 'username'],
    [{ username: 'okname', password: 'short', type: 'ADMIN' }, 'password'],
    [{ username: 'okname', password: 'p'.repeat(129), type: 'ADMIN' }, 'password'],
    [{ username: 'okname', password: 'a-long-password', type: 'GOD' }, 'type'],
    [{ username: 42, password: 'a-long-password', type: 'ADMIN' }, 'username'],
  ])('validates %j → 2001 on %s', async (payload, field) => {
    const res = await create(await rootToken(), offContract(payload));
    expect(res.statusCode).toBe(400);
    expect(res.status).toBe(2001);
    expect(res.issues.map((i) => i.path)).toContain(field);
  });

  it('lets an ADMIN create only OPERATOR and REPORTER accounts', async () => {
    const adminToken = await t.verify(await t.tokenFor('ADMIN'));
    expect(
      (await create(adminToken, { username: 'op_by_admin', password: TEST_PASSWORD, type: 'OPERATOR' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await create(adminToken, { username: 'rep_by_admin', password: TEST_PASSWORD, type: 'REPORTER' }))
        .statusCode,
    ).toBe(200);
    for (const type of ['ADMIN', 'SUPERADMIN'] as const) {
      const res = await create(adminToken, {
        username: `bad_${type.toLowerCase()}`,
        password: TEST_PASSWORD,
        type,
      });
      expect(res.statusCode).toBe(403);
      expect(res.status).toBe(3004);
    }
  });
});

describe('admin list and get', () => {
  it('filters by username (contains, case-insensitive) and pages by 10 by default', async () => {
    const token = await rootToken();
    for (let i = 0; i < 12; i++) await t.addAdmin(`pager_${String(i).padStart(2, '0')}`, 'REPORTER');
    const first = await t.ok(api.adminList, { token, body: { username: 'PAGER' } });
    expect(first).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(first.records).toHaveLength(10);
    const second = await t.ok(api.adminList, { token, body: { username: 'pager', page: 2 } });
    expect(second.records).toHaveLength(2);
    const names = [...first.records, ...second.records].map((r) => r.username);
    expect(new Set(names).size).toBe(12);
  });

  it('treats LIKE wildcards in the filter literally', async () => {
    const res = await t.ok(api.adminList, { token: await rootToken(), body: { username: '%' } });
    expect(res.total).toBe(0);
  });

  it('filters by creation date range, and empty strings mean no filter', async () => {
    const token = await rootToken();
    const everyone = await t.ok(api.adminList, { token, body: {} });
    expect(everyone.total).toBeGreaterThan(0);
    const all = await t.ok(api.adminList, { token, body: { startDate: '', endDate: '' } });
    expect(all.total).toBe(everyone.total);
    const future = await t.ok(api.adminList, { token, body: { startDate: '2099-01-01T00:00:00.000Z' } });
    expect(future.total).toBe(0);
    const past = await t.ok(api.adminList, { token, body: { endDate: '2000-01-01' } });
    expect(past.total).toBe(0);
    const bad = await t.api(api.adminList, { token, body: { startDate: 'yesterday' } });
    expect(bad.status).toBe(2001);
  });

  it('refuses a page size over 100', async () => {
    const res = await t.api(api.adminList, { token: await rootToken(), body: { limit: 101 } });
    expect(res.issues[0]?.path).toBe('limit');
  });

  it('gets one account, 404 for an unknown id and 2001 for a malformed one', async () => {
    const token = await rootToken();
    const ok = await t.ok(api.adminGet, { token, params: { id: superId } });
    expect(ok.username).toBe('root_sa');
    const missing = await t.api(api.adminGet, { token, params: { id: '999999' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.status).toBe(2004);
    const bad = await t.api(api.adminGet, { token, params: { id: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.issues[0]?.path).toBe('params.id');
  });
});

describe('admin type change', () => {
  it('changes the type, revokes the account’s sessions and records before/after', async () => {
    const token = await rootToken();
    const id = await t.addAdmin('retype_me', 'OPERATOR');
    const victim = await t.login('retype_me');
    const res = await t.ok(api.adminUpdate, { token, params: { id }, body: { type: 'REPORTER' } });
    expect(res.type).toBe('REPORTER');
    expect((await t.api(api.self, { token: victim })).status).toBe(3001);
    const audit = await t.ok(api.auditList, { token, body: { action: 'update' } });
    const record = audit.records.find((r) => r.entityId === id);
    expect(record?.before).toMatchObject({ type: 'OPERATOR' });
    expect(record?.after).toMatchObject({ type: 'REPORTER' });
  });

  it('refuses an unknown id (404) and a bad type (2001)', async () => {
    const token = await rootToken();
    expect(
      (await t.api(api.adminUpdate, { token, params: { id: '999999' }, body: { type: 'ADMIN' } })).statusCode,
    ).toBe(404);
    expect(
      (await t.api(api.adminUpdate, { token, params: { id: superId }, body: offContract({}) })).status,
    ).toBe(2001);
  });

  it('nobody changes their own type', async () => {
    const res = await t.api(api.adminUpdate, {
      token: await rootToken(),
      params: { id: superId },
      body: { type: 'ADMIN' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('an ADMIN cannot re-type an ADMIN or promote to ADMIN', async () => {
    const token = await t.verify(await t.tokenFor('ADMIN'));
    const peer = await t.addAdmin('peer_admin', 'ADMIN');
    const op = await t.addAdmin('some_op', 'OPERATOR');
    const retype = (id: string, type: 'ADMIN' | 'REPORTER') =>
      t.api(api.adminUpdate, { token, params: { id }, body: { type } });
    expect((await retype(peer, 'REPORTER')).statusCode).toBe(403);
    expect((await retype(op, 'ADMIN')).statusCode).toBe(403);
    expect((await retype(op, 'REPORTER')).statusCode).toBe(200);
  });
});

describe('admin lock and unlock', () => {
  it('locks (DELETE) and unlocks (PUT revert), revoking sessions and auditing each', async () => {
    const token = await rootToken();
    const id = await t.addAdmin('lock_me', 'OPERATOR');
    const victim = await t.login('lock_me');
    const locked = await t.ok(api.adminLock, { token, params: { id } });
    expect(locked.locked).toBe(true);
    expect((await t.api(api.self, { token: victim })).status).toBe(3001);
    const denied = await t.api(api.login, { body: { username: 'lock_me', password: TEST_PASSWORD } });
    expect(denied.status).toBe(3002);
    const unlocked = await t.ok(api.adminUnlock, { token, params: { id } });
    expect(unlocked.locked).toBe(false);
    expect(await t.login('lock_me')).toBeTruthy();
    expect(await auditCount(token, id)).toBe(2);
  });

  it('nobody locks themselves', async () => {
    const res = await t.api(api.adminLock, { token: await rootToken(), params: { id: superId } });
    expect(res.statusCode).toBe(403);
  });

  it('an ADMIN cannot lock a SUPERADMIN or an ADMIN', async () => {
    const token = await t.verify(await t.tokenFor('ADMIN'));
    const peer = await t.addAdmin('peer_admin_2', 'ADMIN');
    expect((await t.api(api.adminLock, { token, params: { id: superId } })).statusCode).toBe(403);
    expect((await t.api(api.adminLock, { token, params: { id: peer } })).statusCode).toBe(403);
  });
});

describe('the last SUPERADMIN stays', () => {
  const activeSuperadmins = async (local: TestApp, token: string) => {
    const { records } = await local.ok(api.adminList, { token, body: { limit: 100 } });
    return records.filter((r) => r.type === 'SUPERADMIN' && !r.locked).length;
  };

  it('one superadmin may lock another, but the one left cannot lock or demote itself', async () => {
    const local = await createTestApp();
    try {
      const a = await local.addAdmin('sa_a', 'SUPERADMIN');
      const b = await local.addAdmin('sa_b', 'SUPERADMIN');
      const token = await local.verify(await local.login('sa_a'));
      expect((await local.api(api.adminLock, { token, params: { id: b } })).statusCode).toBe(200);
      expect((await local.api(api.adminLock, { token, params: { id: a } })).statusCode).toBe(403);
      const demote = await local.api(api.adminUpdate, { token, params: { id: a }, body: { type: 'ADMIN' } });
      expect(demote.statusCode).toBe(403);
      expect(await activeSuperadmins(local, token)).toBe(1);
    } finally {
      await local.close();
    }
  });

  it('when two superadmins lock each other at once, exactly one wins and one SUPERADMIN stays', async () => {
    const local = await createTestApp();
    try {
      const a = await local.addAdmin('race_a', 'SUPERADMIN');
      const b = await local.addAdmin('race_b', 'SUPERADMIN');
      const [ta, tb] = [
        await local.verify(await local.login('race_a')),
        await local.verify(await local.login('race_b')),
      ];
      const results = await Promise.all([
        local.api(api.adminLock, { token: ta, params: { id: b } }),
        local.api(api.adminLock, { token: tb, params: { id: a } }),
      ]);
      const codes = results.map((r) => r.status).sort();
      expect(codes[0]).toBe(1000);
      // The loser's own account was just locked (3001), or it found itself the last one (2009).
      expect([2009, 3001]).toContain(codes[1]);
      const winner = results[0]?.status === 1000 ? ta : tb;
      expect(await activeSuperadmins(local, winner)).toBe(1);
    } finally {
      await local.close();
    }
  });
});

describe('re-authentication before sensitive changes (3005)', () => {
  let n = 0;
  /** The four sensitive actions, each on a fresh target so every call can succeed. */
  const actions: [string, (token: string) => Promise<RawAnswer>][] = [
    [
      'create',
      (token) => create(token, { username: `reauth_new_${++n}`, password: TEST_PASSWORD, type: 'REPORTER' }),
    ],
    [
      'change type',
      async (token) => {
        const id = await t.addAdmin(`reauth_type_${++n}`, 'OPERATOR');
        return t.api(api.adminUpdate, { token, params: { id }, body: { type: 'REPORTER' } });
      },
    ],
    [
      'lock',
      async (token) => {
        const id = await t.addAdmin(`reauth_lock_${++n}`, 'OPERATOR');
        return t.api(api.adminLock, { token, params: { id } });
      },
    ],
    [
      'unlock',
      async (token) => {
        const id = await t.addAdmin(`reauth_unlock_${++n}`, 'OPERATOR', { locked: true });
        return t.api(api.adminUnlock, { token, params: { id } });
      },
    ],
  ];
  const expectReauth = (res: RawAnswer) => {
    expect(res.statusCode).toBe(403);
    expect(res.status).toBe(3005);
  };

  /** A session whose sign-in no longer counts as a re-check (older than its 5 minutes). */
  const staleLogin = async () => {
    const token = await t.login('root_sa');
    t.clock.advance(5 * 60_000);
    return token;
  };

  it.each(actions)(
    '%s: allowed in the first minutes after sign-in (the sign-in was the re-check)',
    async (_name, act) => {
      const token = await t.login('root_sa');
      t.clock.advance(4 * 60_000 + 59_000);
      expect((await act(token)).status).toBe(1000);
    },
  );

  it.each(actions)(
    '%s: refused without a verify in the session once the sign-in is 5 minutes old',
    async (_name, act) => {
      expectReauth(await act(await staleLogin()));
    },
  );

  it.each(actions)('%s: refused when the verify was 6 minutes ago, accepted within 5', async (_name, act) => {
    const token = await t.verify(await t.login('root_sa'));
    t.clock.advance(4 * 60_000 + 59_000);
    expect((await act(token)).status).toBe(1000);
    t.clock.advance(61_000);
    expectReauth(await act(token));
    // A new verify opens the window again.
    await t.verify(token);
    expect((await act(token)).status).toBe(1000);
  });

  it.each(actions)('%s: a verify in another session of the same admin does not count', async (_name, act) => {
    const token = await staleLogin();
    await t.verify(await t.login('root_sa'));
    expectReauth(await act(token));
  });

  it('a failed verify does not open the window', async () => {
    const token = await staleLogin();
    const bad = await t.api(api.verify, { token, body: { password: 'not-the-password' } });
    expect(bad.status).toBe(3002);
    expectReauth(
      await create(token, { username: 'reauth_failed', password: TEST_PASSWORD, type: 'REPORTER' }),
    );
  });

  it('invalid input is still answered 2001 before asking for the password', async () => {
    const token = await t.login('root_sa');
    expect((await create(token, offContract({ username: 'x' }))).status).toBe(2001);
  });
});
