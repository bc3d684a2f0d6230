import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { linkHash, recordAudit } from '../../core/audit.ts';
import {
  AuditCheckpoints,
  auditKey,
  checkpointLine,
  KEY_FILE,
  readCheckpoints,
} from '../../core/audit-checkpoint.ts';
import { auditLog } from '../../db/schema/index.ts';
import { storedContent, verifyAnchors, verifyChain } from './service.ts';

/**
 * The anchored audit chain (docs/design.md §7): checkpoints of the head, signed with a key the database does
 * not hold, catch what the hash chain alone cannot — someone able to switch the append-only trigger
 * off deleting the newest records, or rewriting one and recomputing every later hash.
 */
const dir = mkdtempSync(join(tmpdir(), 'sapi-anchor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let t: TestApp;
let anchors: AuditCheckpoints;
let n = 0;
const key = Buffer.from('k'.repeat(32));

beforeEach(async () => {
  t = await createTestApp();
  const file = join(dir, `checkpoints-${++n}.log`);
  anchors = new AuditCheckpoints(t.ctx.db, key, file, t.clock.now, (err) => {
    throw err;
  });
});
afterEach(() => t.close());

/** `count` audited writes, all in parallel, each in its own transaction. */
const write = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      t.ctx.db.transaction((tx) =>
        recordAudit(
          tx,
          { actorId: null, actor: 'tester', ip: '127.0.0.1' },
          {
            action: 'update',
            entity: 'agent',
            entityId: String(i),
            after: { endpoint: `https://e${i}.example` },
          },
          t.clock.now(),
        ),
      ),
    ),
  );

const check = async () => verifyAnchors(t.ctx.db, readCheckpoints(anchors.file, key).valid);

/** As a superuser could: switch the append-only guard off, run `change`, switch it on again. */
const asSuperuser = async (change: () => Promise<unknown>) => {
  await t.ctx.db.execute(sql`alter table audit_log disable trigger user`);
  await change();
  await t.ctx.db.execute(sql`alter table audit_log enable trigger user`);
};

describe('audit checkpoints', () => {
  it('an intact chain after many parallel writes, checkpointed while they run, verifies', async () => {
    for (let round = 0; round < 4; round++) await Promise.all([write(15), anchors.checkpoint()]);
    await anchors.checkpoint();
    const log = readCheckpoints(anchors.file, key);
    expect(log.forged).toEqual([]);
    expect(log.valid.at(-1)?.count).toBe(60);
    expect(await check()).toEqual({ records: 60, checked: log.valid.length, problems: [] });
    expect(await verifyChain(t.ctx.db)).toEqual({ ok: true, records: 60 });
    // An unmoved head writes no new line.
    await anchors.checkpoint();
    expect(readCheckpoints(anchors.file, key).valid).toHaveLength(log.valid.length);
  });

  it('deleting the newest records is detected, naming the missing range', async () => {
    await write(10);
    await anchors.checkpoint();
    await asSuperuser(() => t.ctx.db.execute(sql`delete from audit_log where id > 7`));
    // The hash chain alone still holds: what is left is a valid, shorter chain.
    expect(await verifyChain(t.ctx.db)).toEqual({ ok: true, records: 7 });
    const report = await check();
    expect(report.problems).toEqual([
      expect.stringMatching(/ends at record 7 \(7 records\).*records 8\.\.10 are missing \(3 records\)/),
    ]);
  });

  it('rewriting a record and recomputing every later hash is detected', async () => {
    await write(6);
    await anchors.checkpoint();
    await asSuperuser(async () => {
      await t.ctx.db.execute(sql`update audit_log set actor = 'mallory' where id = 3`);
      // Recompute the chain from record 3 on, exactly as verify computes it.
      const rows = await t.ctx.db.select().from(auditLog).orderBy(asc(auditLog.id));
      let prev = rows[1]?.hash ?? '';
      for (const row of rows.slice(2)) {
        const hash = linkHash(prev, storedContent(row));
        await t.ctx.db.execute(
          sql`update audit_log set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`,
        );
        prev = hash;
      }
    });
    expect(await verifyChain(t.ctx.db)).toEqual({ ok: true, records: 6 });
    expect((await check()).problems).toEqual([
      expect.stringMatching(/record 6 no longer has the hash checkpointed .*rewritten/),
    ]);
  });

  it('a forged checkpoint line (bad signature) is reported, not trusted', async () => {
    await write(3);
    await anchors.checkpoint();
    const [real] = readCheckpoints(anchors.file, key).valid;
    if (!real) throw new Error('no checkpoint written');
    // A forger without the key: a plausible line with a made-up signature, and one signed with another key.
    const forged = { ...real, count: 2, lastId: '2' };
    appendFileSync(anchors.file, `${JSON.stringify({ ...forged, sig: 'ab'.repeat(32) })}\n`);
    appendFileSync(anchors.file, checkpointLine(Buffer.from('x'.repeat(32)), forged));
    appendFileSync(anchors.file, 'not a checkpoint\n');
    const log = readCheckpoints(anchors.file, key);
    expect(log).toMatchObject({ forged: [2, 3], malformed: [4] });
    expect(log.valid).toEqual([real]);
  });
});

describe('audit key', () => {
  it('is AUDIT_KEY when set, else a key file made once in DATA_DIR with mode 0600', () => {
    const dataDir = join(dir, 'data');
    const config = { DATA_DIR: dataDir, AUDIT_KEY: undefined, AUDIT_CHECKPOINT_FILE: undefined };
    expect(() => auditKey(config, { create: false })).toThrow(/No audit key/);
    const made = auditKey(config, { create: true });
    expect(made).toHaveLength(32);
    expect(statSync(join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(auditKey(config, { create: true })).toEqual(made);
    expect(auditKey(config, { create: false })).toEqual(made);
    expect(readFileSync(join(dataDir, KEY_FILE), 'utf8')).toBe(made.toString('hex'));
    expect(auditKey({ ...config, AUDIT_KEY: 'c'.repeat(40) }, { create: true })).toEqual(
      Buffer.from('c'.repeat(40)),
    );
  });
});
