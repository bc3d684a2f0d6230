import { api, loginChallengeSchema, Status } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { checkTotpKey, TotpKeyMismatchError } from '../src/core/totp.ts';
import { callRoute } from './calls.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './harness.ts';

/**
 * One TOTP key per deployment (docs/design.md §7, issue 38): two processes on one database with different
 * keys. The one whose key cannot open the stored secrets refuses to start (`checkTotpKey`, called by
 * main.ts before it listens); if it serves anyway, the code step answers 503 totp_key_mismatch,
 * never 500 ("unable to authenticate data").
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OTHER_KEY = 'another-deployment-key-9876543210zyxwvu';
const configWith = (key: string) => ({ ...t.ctx.config, TOTP_KEY: key });

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });

/** An account with an authenticator enrolled through the API of the process with the right key. */
const enrolled = async () => {
  const name = `totpkey_${Math.random().toString(36).slice(2, 8)}`;
  await t.addAdmin(name, 'OPERATOR');
  const token = await t.login(name);
  await t.verify(token);
  const started = await t.ok(api.totpEnrol, { token });
  await t.ok(api.totpConfirm, { token, body: { code: codeAt(started.secret, t.clock.now()) } });
  return { name, secret: started.secret };
};

describe('one TOTP key per deployment', () => {
  it('the first start seals a check with its key; the same key starts again, another key is refused', async () => {
    const first = await checkTotpKey(t.ctx.db, t.ctx.config);
    expect(['sealed', 'matched']).toContain(first);
    expect(await checkTotpKey(t.ctx.db, t.ctx.config)).toBe('matched');
    const refused = checkTotpKey(t.ctx.db, configWith(OTHER_KEY));
    await expect(refused).rejects.toBeInstanceOf(TotpKeyMismatchError);
    await expect(refused).rejects.toThrow(/set TOTP_KEY to the same value on every server process/);
  });

  it('a database from before the check: a stored secret the key cannot open refuses the start', async () => {
    await enrolled();
    await t.ctx.db.execute(sql`delete from key_check`);
    await expect(checkTotpKey(t.ctx.db, configWith(OTHER_KEY))).rejects.toBeInstanceOf(TotpKeyMismatchError);
    // Nothing sealed by the refused key: the right one still starts.
    expect(await checkTotpKey(t.ctx.db, t.ctx.config)).toBe('sealed');
  });

  it('a process with another key answers the code step 503 totp_key_mismatch, never 500', async () => {
    const { name, secret } = await enrolled();
    t.clock.advance(60_000);
    const other = await buildApp({
      ctx: { ...t.ctx, config: configWith(OTHER_KEY) },
      webRoot: '/nonexistent',
    });
    await other.ready();
    try {
      const step1 = await callRoute(other, api.login, { body: { username: name, password: TEST_PASSWORD } });
      expect(step1.status).toBe(Status.SECOND_FACTOR_REQUIRED);
      const { challenge } = loginChallengeSchema.parse(step1.body?.data);
      const step2 = await callRoute(other, api.loginTotp, {
        body: { challenge, code: codeAt(secret, t.clock.now()) },
      });
      expect(step2.statusCode).toBe(503);
      expect(step2.status).toBe(Status.DATABASE_UNAVAILABLE);
      expect(step2.body?.data).toMatchObject({ issues: [{ code: 'totp_key_mismatch' }] });
    } finally {
      await other.close();
    }
  });
});
