import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { verifyChain } from './service.ts';

let t: TestApp;
let token: string;
const LIST = '/api/v1/audit/list';

beforeAll(async () => {
  t = await createTestApp();
  await t.addAdmin('auditor', 'SUPERADMIN');
  token = await t.verify(await t.login('auditor'));
  await t.call({
    method: 'POST',
    url: '/api/v1/admin/admin/create',
    token,
    payload: { username: 'written_1', password: 'secret-password-1', type: 'OPERATOR' },
  });
  t.clock.advance(3_600_000);
  token = await t.verify(await t.login('auditor'));
  await t.call({
    method: 'POST',
    url: '/api/v1/admin/admin/create',
    token,
    payload: { username: 'written_2', password: 'secret-password-2', type: 'REPORTER' },
  });
});
afterAll(() => t.close());

describe('audit list', () => {
  it('lists newest first with who, what, where and the after-image without secrets', async () => {
    const res = await t.call({ method: 'POST', url: LIST, token, payload: { entity: 'admin' } });
    const [latest] = res.body.data.records;
    expect(latest).toMatchObject({ actor: 'auditor', action: 'create', entity: 'admin', before: null });
    expect(latest.after.username).toBe('written_2');
    expect(JSON.stringify(res.body)).not.toContain('secret-password');
  });

  it('filters by actor, entity, action and date range', async () => {
    const byAction = await t.call({ method: 'POST', url: LIST, token, payload: { action: 'login' } });
    expect(byAction.body.data.records.every((r: { action: string }) => r.action === 'login')).toBe(true);
    expect(byAction.body.data.total).toBeGreaterThan(0);
    const byActor = await t.call({ method: 'POST', url: LIST, token, payload: { actor: 'AUDIT' } });
    // login, verify, create — twice.
    expect(byActor.body.data.total).toBe(6);
    const noone = await t.call({ method: 'POST', url: LIST, token, payload: { actor: 'nobody' } });
    expect(noone.body.data.total).toBe(0);
    const lastHour = await t.call({
      method: 'POST',
      url: LIST,
      token,
      payload: { entity: 'admin', startDate: new Date(t.clock.now().getTime() - 60_000).toISOString() },
    });
    expect(
      lastHour.body.data.records.map((r: { after: { username?: string } }) => r.after?.username),
    ).toEqual(['written_2']);
  });
});

describe('audit chain', () => {
  it('verifies intact, and names the first record whose content was changed behind its back', async () => {
    expect(await verifyChain(t.ctx.db)).toEqual({ ok: true, records: 6 });
    // Only a superuser could do this: switch the guard off and rewrite history.
    await t.ctx.db.execute(sql`alter table audit_log disable trigger user`);
    await t.ctx.db.execute(sql`update audit_log set actor = 'mallory' where id = 2`);
    await t.ctx.db.execute(sql`alter table audit_log enable trigger user`);
    const report = await verifyChain(t.ctx.db);
    expect(report).toMatchObject({ ok: false, brokenAt: '2' });
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await expect(t.ctx.db.execute(sql`update audit_log set actor = 'x'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  it('keeps one chain when writes race', async () => {
    const local = await createTestApp();
    try {
      await local.addAdmin('racer', 'SUPERADMIN');
      const tk = await local.verify(await local.login('racer'));
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          local.call({
            method: 'POST',
            url: '/api/v1/admin/admin/create',
            token: tk,
            payload: { username: `parallel_${i}`, password: 'a-long-password', type: 'REPORTER' },
          }),
        ),
      );
      // login, verify and the 8 creates.
      expect(await verifyChain(local.ctx.db)).toEqual({ ok: true, records: 10 });
    } finally {
      await local.close();
    }
  });
});
