import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';

const A = '/api/v1/admin/admin';
let t: TestApp;
let superToken: string;
let superId: string;

beforeAll(async () => {
  t = await createTestApp();
  superId = await t.addAdmin('root_sa', 'SUPERADMIN');
  superToken = await t.verify(await t.login('root_sa'));
});
afterAll(() => t.close());

const create = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: `${A}/create`, token, payload });
const auditCount = async (entityId: string) => {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/audit/list',
    token: superToken,
    payload: { entity: 'admin' },
  });
  return (res.body.data.records as { entityId: string }[]).filter((r) => r.entityId === entityId).length;
};

describe('admin create', () => {
  it('creates an account that can sign in, never answering the hash, with one audit record', async () => {
    const res = await create(superToken, {
      username: 'new_admin',
      password: 'a-long-password',
      type: 'ADMIN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'new_admin',
      type: 'ADMIN',
      locked: false,
      createdBy: 'root_sa',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
    expect(await auditCount(res.body.data._id)).toBe(1);
    expect(await t.login('new_admin', 'a-long-password')).toBeTruthy();
  });

  it('refuses a taken username, whatever its case, with 409', async () => {
    const res = await create(superToken, {
      username: 'NEW_ADMIN',
      password: 'a-long-password',
      type: 'ADMIN',
    });
    expect(res.statusCode).toBe(409);
    expect(res.body.status).toBe(2009);
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
    const res = await create(superToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe(2001);
    expect(res.body.data.issues.map((i: { path: string }) => i.path)).toContain(field);
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
    for (const type of ['ADMIN', 'SUPERADMIN']) {
      const res = await create(adminToken, {
        username: `bad_${type.toLowerCase()}`,
        password: TEST_PASSWORD,
        type,
      });
      expect(res.statusCode).toBe(403);
      expect(res.body.status).toBe(3004);
    }
  });
});

describe('admin list and get', () => {
  it('filters by username (contains, case-insensitive) and pages by 10 by default', async () => {
    for (let i = 0; i < 12; i++) await t.addAdmin(`pager_${String(i).padStart(2, '0')}`, 'REPORTER');
    const first = await t.call({
      method: 'POST',
      url: `${A}/list`,
      token: superToken,
      payload: { username: 'PAGER' },
    });
    expect(first.body.data).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(first.body.data.records).toHaveLength(10);
    const second = await t.call({
      method: 'POST',
      url: `${A}/list`,
      token: superToken,
      payload: { username: 'pager', page: 2 },
    });
    expect(second.body.data.records).toHaveLength(2);
    const names = [...first.body.data.records, ...second.body.data.records].map(
      (r: { username: string }) => r.username,
    );
    expect(new Set(names).size).toBe(12);
  });

  it('treats LIKE wildcards in the filter literally', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${A}/list`,
      token: superToken,
      payload: { username: '%' },
    });
    expect(res.body.data.total).toBe(0);
  });

  it('filters by creation date range, and empty strings mean no filter', async () => {
    const all = await t.call({
      method: 'POST',
      url: `${A}/list`,
      token: superToken,
      payload: { startDate: '', endDate: '' },
    });
    expect(all.body.data.total).toBeGreaterThan(10);
    const future = await t.call({
      method: 'POST',
      url: `${A}/list`,
      token: superToken,
      payload: { startDate: '2099-01-01T00:00:00.000Z' },
    });
    expect(future.body.data.total).toBe(0);
    const past = await t.call({
      method: 'POST',
      url: `${A}/list`,
      token: superToken,
      payload: { endDate: '2000-01-01' },
    });
    expect(past.body.data.total).toBe(0);
    const bad = await t.call({
      method: 'POST',
      url: `${A}/list`,
      token: superToken,
      payload: { startDate: 'yesterday' },
    });
    expect(bad.body.status).toBe(2001);
  });

  it('refuses a page size over 100', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${A}/list`,
      token: superToken,
      payload: { limit: 101 },
    });
    expect(res.body.data.issues[0].path).toBe('limit');
  });

  it('gets one account, 404 for an unknown id and 2001 for a malformed one', async () => {
    const ok = await t.call({ method: 'POST', url: `${A}/get/${superId}`, token: superToken });
    expect(ok.body.data.username).toBe('root_sa');
    const missing = await t.call({ method: 'POST', url: `${A}/get/999999`, token: superToken });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.status).toBe(2004);
    const bad = await t.call({ method: 'POST', url: `${A}/get/abc`, token: superToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.issues[0].path).toBe('params.id');
  });
});

describe('admin type change', () => {
  it('changes the type, revokes the account’s sessions and records before/after', async () => {
    const id = await t.addAdmin('retype_me', 'OPERATOR');
    const victim = await t.login('retype_me');
    const res = await t.call({
      method: 'PUT',
      url: `${A}/update/${id}`,
      token: superToken,
      payload: { type: 'REPORTER' },
    });
    expect(res.body.data.type).toBe('REPORTER');
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/admin/authorization/self', token: victim })).body.status,
    ).toBe(3001);
    const audit = await t.call({
      method: 'POST',
      url: '/api/v1/audit/list',
      token: superToken,
      payload: { action: 'update' },
    });
    const record = audit.body.data.records.find((r: { entityId: string }) => r.entityId === id);
    expect(record.before.type).toBe('OPERATOR');
    expect(record.after.type).toBe('REPORTER');
  });

  it('refuses an unknown id (404) and a bad type (2001)', async () => {
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${A}/update/999999`,
          token: superToken,
          payload: { type: 'ADMIN' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'PUT', url: `${A}/update/${superId}`, token: superToken, payload: {} })).body
        .status,
    ).toBe(2001);
  });

  it('nobody changes their own type', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `${A}/update/${superId}`,
      token: superToken,
      payload: { type: 'ADMIN' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('an ADMIN cannot re-type an ADMIN or promote to ADMIN', async () => {
    const adminToken = await t.verify(await t.tokenFor('ADMIN'));
    const peer = await t.addAdmin('peer_admin', 'ADMIN');
    const op = await t.addAdmin('some_op', 'OPERATOR');
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${A}/update/${peer}`,
          token: adminToken,
          payload: { type: 'REPORTER' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${A}/update/${op}`,
          token: adminToken,
          payload: { type: 'ADMIN' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${A}/update/${op}`,
          token: adminToken,
          payload: { type: 'REPORTER' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('admin lock and unlock', () => {
  it('locks (DELETE) and unlocks (PUT revert), revoking sessions and auditing each', async () => {
    const id = await t.addAdmin('lock_me', 'OPERATOR');
    const victim = await t.login('lock_me');
    const locked = await t.call({ method: 'DELETE', url: `${A}/delete/${id}`, token: superToken });
    expect(locked.body.data.locked).toBe(true);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/admin/authorization/self', token: victim })).body.status,
    ).toBe(3001);
    const denied = await t.call({
      method: 'POST',
      url: '/api/v1/admin/authorization/login',
      payload: { username: 'lock_me', password: TEST_PASSWORD },
    });
    expect(denied.body.status).toBe(3002);
    const unlocked = await t.call({ method: 'PUT', url: `${A}/revert/${id}`, token: superToken });
    expect(unlocked.body.data.locked).toBe(false);
    expect(await t.login('lock_me')).toBeTruthy();
    expect(await auditCount(id)).toBe(2);
  });

  it('nobody locks themselves', async () => {
    const res = await t.call({ method: 'DELETE', url: `${A}/delete/${superId}`, token: superToken });
    expect(res.statusCode).toBe(403);
  });

  it('an ADMIN cannot lock a SUPERADMIN or an ADMIN', async () => {
    const adminToken = await t.verify(await t.tokenFor('ADMIN'));
    const peer = await t.addAdmin('peer_admin_2', 'ADMIN');
    expect(
      (await t.call({ method: 'DELETE', url: `${A}/delete/${superId}`, token: adminToken })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'DELETE', url: `${A}/delete/${peer}`, token: adminToken })).statusCode,
    ).toBe(403);
  });
});

describe('the last SUPERADMIN stays', () => {
  const activeSuperadmins = async (local: TestApp, token: string) => {
    const res = await local.call({ method: 'POST', url: `${A}/list`, token, payload: { limit: 100 } });
    return (res.body.data.records as { type: string; locked: boolean }[]).filter(
      (r) => r.type === 'SUPERADMIN' && !r.locked,
    ).length;
  };

  it('one superadmin may lock another, but the one left cannot lock or demote itself', async () => {
    const local = await createTestApp();
    try {
      const a = await local.addAdmin('sa_a', 'SUPERADMIN');
      const b = await local.addAdmin('sa_b', 'SUPERADMIN');
      const tokenA = await local.verify(await local.login('sa_a'));
      expect(
        (await local.call({ method: 'DELETE', url: `${A}/delete/${b}`, token: tokenA })).statusCode,
      ).toBe(200);
      expect(
        (await local.call({ method: 'DELETE', url: `${A}/delete/${a}`, token: tokenA })).statusCode,
      ).toBe(403);
      const demote = await local.call({
        method: 'PUT',
        url: `${A}/update/${a}`,
        token: tokenA,
        payload: { type: 'ADMIN' },
      });
      expect(demote.statusCode).toBe(403);
      expect(await activeSuperadmins(local, tokenA)).toBe(1);
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
        local.call({ method: 'DELETE', url: `${A}/delete/${b}`, token: ta }),
        local.call({ method: 'DELETE', url: `${A}/delete/${a}`, token: tb }),
      ]);
      const codes = results.map((r) => r.body.status).sort();
      expect(codes[0]).toBe(1000);
      // The loser's own account was just locked (3001), or it found itself the last one (2009).
      expect([2009, 3001]).toContain(codes[1]);
      const winner = results[0]?.body.status === 1000 ? ta : tb;
      expect(await activeSuperadmins(local, winner)).toBe(1);
    } finally {
      await local.close();
    }
  });
});

describe('re-authentication before sensitive changes (3005)', () => {
  const VERIFY = '/api/v1/admin/authorization/verify';
  let n = 0;
  /** The four sensitive actions, each on a fresh target so every call can succeed. */
  const actions: [string, (token: string) => Promise<{ statusCode: number; body: { status: number } }>][] = [
    [
      'create',
      (token) => create(token, { username: `reauth_new_${++n}`, password: TEST_PASSWORD, type: 'REPORTER' }),
    ],
    [
      'change type',
      async (token) => {
        const id = await t.addAdmin(`reauth_type_${++n}`, 'OPERATOR');
        return t.call({ method: 'PUT', url: `${A}/update/${id}`, token, payload: { type: 'REPORTER' } });
      },
    ],
    [
      'lock',
      async (token) => {
        const id = await t.addAdmin(`reauth_lock_${++n}`, 'OPERATOR');
        return t.call({ method: 'DELETE', url: `${A}/delete/${id}`, token });
      },
    ],
    [
      'unlock',
      async (token) => {
        const id = await t.addAdmin(`reauth_unlock_${++n}`, 'OPERATOR', { locked: true });
        return t.call({ method: 'PUT', url: `${A}/revert/${id}`, token });
      },
    ],
  ];
  const expectReauth = (res: { statusCode: number; body: { status: number } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.body.status).toBe(3005);
  };

  it.each(actions)('%s: refused without a verify in the session', async (_name, act) => {
    expectReauth(await act(await t.login('root_sa')));
  });

  it.each(actions)('%s: refused when the verify was 6 minutes ago, accepted within 5', async (_name, act) => {
    const token = await t.verify(await t.login('root_sa'));
    t.clock.advance(4 * 60_000 + 59_000);
    expect((await act(token)).body.status).toBe(1000);
    t.clock.advance(61_000);
    expectReauth(await act(token));
    // A new verify opens the window again.
    await t.verify(token);
    expect((await act(token)).body.status).toBe(1000);
  });

  it.each(actions)('%s: a verify in another session of the same admin does not count', async (_name, act) => {
    const token = await t.login('root_sa');
    await t.verify(await t.login('root_sa'));
    expectReauth(await act(token));
  });

  it('a failed verify does not open the window', async () => {
    const token = await t.login('root_sa');
    const bad = await t.call({
      method: 'POST',
      url: VERIFY,
      token,
      payload: { password: 'not-the-password' },
    });
    expect(bad.body.status).toBe(3002);
    expectReauth(
      await create(token, { username: 'reauth_failed', password: TEST_PASSWORD, type: 'REPORTER' }),
    );
  });

  it('invalid input is still answered 2001 before asking for the password', async () => {
    const token = await t.login('root_sa');
    expect((await create(token, { username: 'x' })).body.status).toBe(2001);
  });
});
