import { api, Status } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/calls.ts';
import { bet, ingest, makeAgent, signedHeaders } from '../../../test/factories.ts';
import { createTestApp, loggedApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { isAllowedIp } from '../../lib/ip-allow.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('address matching', () => {
  it.each([
    [['203.0.113.7'], '203.0.113.7', true],
    [['203.0.113.7'], '203.0.113.8', false],
    [['10.0.0.0/8'], '10.255.1.2', true],
    [['10.0.0.0/8'], '11.0.0.1', false],
    [['10.0.0.0/8'], '::ffff:10.1.2.3', true],
    // An IPv4 range written the IPv6 way (inside ::ffff:0:0/96) matches the IPv4 clients in it.
    [['::ffff:10.0.0.0/104'], '10.1.2.3', true],
    [['::ffff:10.0.0.0/104'], '::ffff:10.1.2.3', true],
    [['::ffff:a00:0/104'], '10.1.2.3', true],
    [['::ffff:10.0.0.0/104'], '11.1.2.3', false],
    // An IPv6 range holding all of ::ffff:0:0/96 (stored before the contract refused it) never
    // admits an IPv4 client, in either spelling; it still matches the IPv6 clients in it.
    [['::ffff:0.0.0.0/95'], '127.0.0.1', false],
    [['::ffff:0:0/96'], '127.0.0.1', false],
    [['::ffff:127.0.0.1/64'], '127.0.0.1', false],
    [['::ffff:127.0.0.1/64'], '1::1', false],
    [['::/64'], '127.0.0.1', false],
    [['::/64'], '::ffff:127.0.0.1', false],
    [['::/64'], '::ffff:7f00:1', false],
    [['::/0'], '198.51.100.1', false],
    [['::/64'], '::1', true],
    [['::/0'], '2001:db8::1', true],
    // A mapped client in hexadecimal is the IPv4 address it carries.
    [['127.0.0.0/8'], '::ffff:7f00:1', true],
    [['2001:db8::/32'], '2001:db8:abcd::1', true],
    [['2001:db8::/32'], '2001:db9::1', false],
    [['2001:db8::1'], '2001:0db8:0000::0001', true],
    [['0.0.0.0/0'], '198.51.100.1', true],
    [[], '198.51.100.1', true],
    [['10.0.0.0/8'], 'not-an-ip', false],
  ])('%j lets %s in: %s', (list, ip, allowed) => {
    expect(isAllowedIp(list, ip)).toBe(allowed);
  });
});

describe('agent allow-list for the ingest API', () => {
  it('refuses other addresses with 3008 and counts the refusals where operations see them', async () => {
    const writer = await t.sessionFor('OPERATOR');
    const agent = await makeAgent(t, writer);
    const bad = await t.api(api.agentAllowedIpsUpdate, {
      token: writer,
      params: { id: agent._id },
      body: { allowedIps: ['10.0.0.0/33'] },
    });
    expect(bad.status).toBe(Status.VALIDATION);
    expect(bad.body?.data).toMatchObject({ issues: [{ path: 'allowedIps.0', code: 'ip_or_cidr' }] });

    await t.ok(api.agentAllowedIpsUpdate, {
      token: writer,
      params: { id: agent._id },
      body: { allowedIps: ['198.51.100.0/24', '2001:DB8::/32'] },
    });
    expect(await t.ok(api.agentAllowedIpsGet, { token: writer, params: { id: agent._id } })).toEqual({
      allowedIps: ['198.51.100.0/24', '2001:db8::/32'],
    });

    // From 127.0.0.1 (inject's default): refused, twice, counted twice.
    for (let i = 0; i < 2; i++) {
      const refused = await ingest(t, agent, [bet()]);
      expect(refused.statusCode).toBe(403);
      expect(refused.status).toBe(Status.ADDRESS_NOT_ALLOWED);
    }
    // From a listed address the request gets past the list (to the rows' own checks).
    const passes = (status: number) =>
      status !== Status.ADDRESS_NOT_ALLOWED && status !== Status.UNAUTHENTICATED;
    const allowed = await t.api(api.ingest, {
      body: { transactions: [bet()] },
      remoteAddress: '2001:db8::42',
      sign: (payload) => signedHeaders(agent, payload, { now: t.clock.now() }),
    });
    expect(passes(allowed.status)).toBe(true);

    const reporter = await t.sessionFor('REPORTER');
    const { records } = await t.ok(api.ipRefusalList, { token: reporter, body: { scope: 'agent' } });
    const mine = records.find((r) => r.subjectId === agent._id);
    expect(mine).toMatchObject({ count: 2, lastIp: '127.0.0.1', subject: agent.username });

    // An unsigned request is refused for its signature first and not counted as a refusal.
    const unsigned = await ingest(t, agent, [bet()], { secret: 'not-the-secret' });
    expect(unsigned.status).toBe(Status.UNAUTHENTICATED);

    // Emptied: any address again.
    await t.ok(api.agentAllowedIpsUpdate, {
      token: writer,
      params: { id: agent._id },
      body: { allowedIps: [] },
    });
    expect(passes((await ingest(t, agent, [bet()])).status)).toBe(true);
  });
});

describe('staff allow-list', () => {
  it('refuses sign-in and every request from elsewhere, only after the password is right', async () => {
    const admin = await t.sessionFor('ADMIN', { verified: true });
    const name = `listed_${Date.now()}`;
    const id = await t.addAdmin(name, 'OPERATOR');
    const token = await t.login(name);
    await t.ok(api.adminAllowedIpsUpdate, {
      token: admin,
      params: { id },
      body: { allowedIps: ['192.0.2.0/24'] },
    });
    // The session in hand stops working from 127.0.0.1 at its next request.
    expect((await t.api(api.self, { token })).status).toBe(Status.ADDRESS_NOT_ALLOWED);
    // A wrong password says nothing of the list.
    expect((await t.api(api.login, { body: { username: name, password: 'wrong-password' } })).status).toBe(
      Status.BAD_CREDENTIALS,
    );
    // The right password from elsewhere answers exactly as a wrong one: an off-list client learns
    // nothing of the password; staff see the refusal counted (below).
    const wrong = await t.api(api.login, { body: { username: name, password: 'another-wrong-one' } });
    const right = await t.api(api.login, { body: { username: name, password: TEST_PASSWORD } });
    expect(right.statusCode).toBe(wrong.statusCode);
    expect(right.body).toEqual(wrong.body);
    expect(right.status).toBe(Status.BAD_CREDENTIALS);
    const inside = await t.api(api.login, {
      body: { username: name, password: TEST_PASSWORD },
      remoteAddress: '192.0.2.10',
    });
    expect(inside.status).toBe(Status.OK);
    const sa = await t.sessionFor('SUPERADMIN');
    const { records } = await t.ok(api.ipRefusalList, { token: sa, body: { scope: 'admin' } });
    expect(records.find((r) => r.subjectId === id)?.count).toBe(2);
  });

  it('off the list, right and wrong passwords sent in parallel get the same answers, and the password reaches no log line', async () => {
    const admin = await t.sessionFor('ADMIN', { verified: true });
    const name = `listed_par_${Date.now()}`;
    const id = await t.addAdmin(name, 'OPERATOR');
    await t.ok(api.adminAllowedIpsUpdate, {
      token: admin,
      params: { id },
      body: { allowedIps: ['192.0.2.0/24'] },
    });
    const logged = await loggedApp(t.ctx, 'debug');
    try {
      const WRONG = 'wrong-guess-41c9e2';
      // Ten right and ten wrong, interleaved, each from its own off-list address.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          callRoute(logged.app, api.login, {
            body: { username: name, password: i % 2 ? TEST_PASSWORD : `${WRONG}-${i}` },
            remoteAddress: `198.51.100.${i + 1}`,
          }),
        ),
      );
      // The username's counter admits five attempts, right or wrong alike; the others wait.
      const by = (status: number) => answers.filter((a) => a.status === status);
      expect(by(Status.BAD_CREDENTIALS)).toHaveLength(5);
      expect(by(Status.TOO_MANY)).toHaveLength(15);
      // Within each kind, nothing tells a right password from a wrong one: code, body, headers sent.
      const shape = (a: (typeof answers)[number]) =>
        JSON.stringify([a.statusCode, a.body, Object.keys(a.headers).sort()]);
      for (const status of [Status.BAD_CREDENTIALS, Status.TOO_MANY]) {
        expect(new Set(by(status).map(shape)).size, String(status)).toBe(1);
      }
      const log = logged.text();
      expect(log).toMatch(/incoming request/);
      expect(log).not.toContain(TEST_PASSWORD);
      expect(log).not.toContain(WRONG);
    } finally {
      await logged.app.close();
    }
    // The account signs in from its own list.
    t.clock.advance(15 * 60_000);
    expect(
      (
        await t.api(api.login, {
          body: { username: name, password: TEST_PASSWORD },
          remoteAddress: '192.0.2.7',
        })
      ).status,
    ).toBe(Status.OK);
  });

  it('needs re-authentication, follows docs/design.md §5 and keeps one from shutting oneself out', async () => {
    const unverified = await t.sessionFor('ADMIN');
    const targetId = await t.addAdmin(`target_${Date.now()}`, 'REPORTER');
    const body = { allowedIps: ['192.0.2.1'] };
    expect(
      (await t.api(api.adminAllowedIpsUpdate, { token: unverified, params: { id: targetId }, body })).status,
    ).toBe(Status.REAUTH_REQUIRED);
    const admin = await t.sessionFor('ADMIN', { verified: true });
    const superId = await t.addAdmin(`super_${Date.now()}`, 'SUPERADMIN');
    expect(
      (await t.api(api.adminAllowedIpsUpdate, { token: admin, params: { id: superId }, body })).status,
    ).toBe(Status.FORBIDDEN);
    const sa = await t.tokenFor('SUPERADMIN');
    await t.verify(sa);
    const { username } = await t.ok(api.self, { token: sa });
    const selfRow = await t.ok(api.adminList, { token: sa, body: { username } });
    const selfId = selfRow.records[0]?._id ?? '';
    const shut = await t.api(api.adminAllowedIpsUpdate, { token: sa, params: { id: selfId }, body });
    expect(shut.body?.data).toMatchObject({
      issues: [{ code: 'own_address_missing', params: { ip: '127.0.0.1' } }],
    });
    await t.ok(api.adminAllowedIpsUpdate, {
      token: sa,
      params: { id: selfId },
      body: { allowedIps: ['127.0.0.1', '::1'] },
    });
    expect((await t.api(api.self, { token: sa })).status).toBe(Status.OK);
  });

  it('refuses an IPv6 range that would admit every IPv4 client, naming the issue; keeps an IPv4 range written the IPv6 way', async () => {
    const admin = await t.sessionFor('SUPERADMIN', { verified: true });
    const id = await t.addAdmin(`v6wide_${Date.now()}`, 'REPORTER');
    for (const entry of [
      '::/0',
      '::/64',
      '::/80',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/95',
      '0:0:0:0:0:ffff::/96',
    ]) {
      const res = await t.api(api.adminAllowedIpsUpdate, {
        token: admin,
        params: { id },
        body: { allowedIps: ['192.0.2.1', entry] },
      });
      expect(res.status, entry).toBe(Status.VALIDATION);
      expect(res.body?.data, entry).toMatchObject({
        issues: [{ path: 'allowedIps.1', code: 'ipv6_range_covers_ipv4' }],
      });
    }
    const kept = ['::/81', '::ffff:10.0.0.0/104', '2001:db8::/32', '::1'];
    expect(
      await t.ok(api.adminAllowedIpsUpdate, { token: admin, params: { id }, body: { allowedIps: kept } }),
    ).toEqual({ allowedIps: kept });
  });

  it('refuses more than 100 entries and malformed ones', async () => {
    const admin = await t.sessionFor('SUPERADMIN', { verified: true });
    const id = await t.addAdmin(`many_${Date.now()}`, 'REPORTER');
    const many = Array.from({ length: 101 }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`);
    for (const allowedIps of [many, ['1.2.3.4/'], ['1.2.3'], ['::g'], ['1.2.3.4\u0000']]) {
      const res = await t.api(api.adminAllowedIpsUpdate, {
        token: admin,
        params: { id },
        body: { allowedIps },
      });
      expect(res.status).toBe(Status.VALIDATION);
    }
  });
});

describe('secrets stay out of the log', () => {
  it('no password, temporary password, TOTP secret or recovery code is ever logged', async () => {
    const { app, text } = await loggedApp(t.ctx, 'trace');
    const call = async (method: 'POST' | 'PUT', url: string, body: unknown, token?: string) => {
      const res = await app.inject({
        method,
        url: `/api/v1${url}`,
        payload: body as Record<string, unknown>,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return res.json() as { status: number; data: Record<string, unknown> };
    };
    const name = `logged_${Date.now()}`;
    await t.addAdmin(name, 'OPERATOR');
    const login = await call('POST', '/admin/authorization/login', {
      username: name,
      password: TEST_PASSWORD,
    });
    const token = String(login.data.token);
    await call('POST', '/admin/authorization/verify', { password: TEST_PASSWORD }, token);
    const enrol = await call('POST', '/account/totp/enrol', {}, token);
    const secret = String(enrol.data.secret);
    const { TOTP, Secret } = await import('otpauth');
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: t.clock.now().getTime(),
    });
    const confirmed = await call('POST', '/account/totp/confirm', { code }, token);
    const recovery = (confirmed.data.recoveryCodes as string[]) ?? [];
    expect(recovery).toHaveLength(10);
    await call(
      'POST',
      '/account/password/change',
      { currentPassword: TEST_PASSWORD, newPassword: 'Logged-Passphrase-7' },
      token,
    );
    const sa = await t.sessionFor('SUPERADMIN', { verified: true });
    const reset = await call(
      'POST',
      `/admin/admin/reset-password/${(await t.ok(api.self, { token })).id}`,
      {},
      sa,
    );
    const temporary = String(reset.data.temporaryPassword);
    await app.close();
    const log = text();
    expect(log.length).toBeGreaterThan(0);
    for (const secretText of [TEST_PASSWORD, 'Logged-Passphrase-7', temporary, secret, token, ...recovery]) {
      expect(log).not.toContain(secretText);
    }
  });
});
