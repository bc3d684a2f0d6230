import { api, auditEntities } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offContract } from '../../../test/calls.ts';
import { imageField, makeAdapter, makeAgent } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLog } from '../../db/schema/index.ts';
import { verifyChain } from './service.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addAdmin('auditor', 'SUPERADMIN');
  token = await t.verify(await t.login('auditor'));
  await t.ok(api.adminCreate, {
    token,
    body: { username: 'written_1', password: 'secret-password-1', type: 'OPERATOR' },
  });
  t.clock.advance(3_600_000);
  token = await t.verify(await t.login('auditor'));
  await t.ok(api.adminCreate, {
    token,
    body: { username: 'written_2', password: 'secret-password-2', type: 'REPORTER' },
  });
});
afterAll(() => t.close());

describe('audit list', () => {
  it('lists newest first with who, what, where and the after-image without secrets', async () => {
    const res = await t.api(api.auditList, { token, body: { entity: 'admin' } });
    const [latest] = res.data?.records ?? [];
    expect(latest).toMatchObject({ actor: 'auditor', action: 'create', entity: 'admin', before: null });
    expect(imageField(latest?.after, 'username')).toBe('written_2');
    expect(res.res.body).not.toContain('secret-password');
  });

  it('filters by actor, entity, action and date range', async () => {
    const byAction = await t.ok(api.auditList, { token, body: { action: 'login' } });
    expect(byAction.records.every((r) => r.action === 'login')).toBe(true);
    expect(byAction.total).toBeGreaterThan(0);
    const byActor = await t.ok(api.auditList, { token, body: { actor: 'AUDIT' } });
    // login, verify, create — twice.
    expect(byActor.total).toBe(6);
    const noone = await t.ok(api.auditList, { token, body: { actor: 'nobody' } });
    expect(noone.total).toBe(0);
    const lastHour = await t.ok(api.auditList, {
      token,
      body: { entity: 'admin', startDate: new Date(t.clock.now().getTime() - 60_000).toISOString() },
    });
    expect(lastHour.records.map((r) => imageField(r.after, 'username'))).toEqual(['written_2']);
  });
});

describe('audit chain', () => {
  it('verifies intact, and names the first record whose content was changed behind its back', async () => {
    // Its own database: the history rewritten here would change what the other tests read.
    const local = await createTestApp();
    try {
      await local.addAdmin('tamperer', 'SUPERADMIN');
      const tk = await local.verify(await local.login('tamperer'));
      await local.ok(api.adminCreate, {
        token: tk,
        body: { username: 'written_3', password: 'secret-password-3', type: 'OPERATOR' },
      });
      // login, verify, create.
      expect(await verifyChain(local.ctx.db)).toEqual({ ok: true, records: 3 });
      // Only a superuser could do this: switch the guard off and rewrite history.
      await local.ctx.db.execute(sql`alter table audit_log disable trigger user`);
      await local.ctx.db.execute(sql`update audit_log set actor = 'mallory' where id = 2`);
      await local.ctx.db.execute(sql`alter table audit_log enable trigger user`);
      expect(await verifyChain(local.ctx.db)).toMatchObject({ ok: false, brokenAt: '2' });
    } finally {
      await local.close();
    }
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await expect(t.ctx.db.execute(sql`update audit_log set actor = 'x'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await verifyChain(t.ctx.db)).toEqual({ ok: true, records: 6 });
  });

  it('keeps one chain when writes race', async () => {
    const local = await createTestApp();
    try {
      await local.addAdmin('racer', 'SUPERADMIN');
      const tk = await local.verify(await local.login('racer'));
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          local.ok(api.adminCreate, {
            token: tk,
            body: { username: `parallel_${i}`, password: 'a-long-password', type: 'REPORTER' },
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

// After the chain tests, which count the records of the shared database.
describe('audit entity kinds, as the contract lists them', () => {
  it('filters by each kind the contract names, and every kind the log holds is one of them', async () => {
    const adapter = await makeAdapter(t, token);
    const agent = await makeAgent(t, token);
    const adapters = await t.ok(api.auditList, { token, body: { entity: 'adapter' } });
    expect(adapters.records.map((r) => [r.entity, r.entityId])).toEqual([['adapter', adapter._id]]);
    const agents = await t.ok(api.auditList, { token, body: { entity: 'agent' } });
    expect(agents.records.map((r) => [r.entity, r.entityId])).toEqual([['agent', agent._id]]);
    for (const entity of auditEntities) {
      const res = await t.api(api.auditList, { token, body: { entity } });
      expect(res.status, entity).toBe(1000);
      expect(res.data?.records.every((r) => r.entity === entity)).toBe(true);
    }
    const held = await t.ctx.db.selectDistinct({ entity: auditLog.entity }).from(auditLog);
    const kinds = held.map((r) => r.entity);
    expect(kinds.length).toBeGreaterThanOrEqual(4);
    for (const kind of kinds) expect(auditEntities).toContain(kind);
  });

  it('refuses a kind the contract does not name, by its field', async () => {
    for (const entity of ['Adapter', 'player', 'admin ']) {
      const res = await t.api(api.auditList, { token, body: offContract({ entity }) });
      expect(res.status, entity).toBe(2001);
      expect(res.issues[0]?.path).toBe('entity');
    }
  });
});
