import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { canonicalJson } from '../lib/canonical-json.ts';
import { readKeyFile } from '../lib/key-file.ts';

/**
 * Checkpoints of the audit chain's head, signed with a key the database does not hold and appended
 * to a file outside it (docs/design.md §7). Someone who can rewrite the table — and recompute every later
 * hash, or delete the newest records — cannot forge a checkpoint, so `audit:verify` sees the change.
 */
export interface Checkpoint {
  /** Records with an id up to `lastId`. */
  count: number;
  lastId: string;
  /** The hash of record `lastId`. */
  hash: string;
  at: string;
  host: string;
  pid: number;
}

type AnchorConfig = Pick<Config, 'AUDIT_KEY' | 'AUDIT_CHECKPOINT_FILE' | 'DATA_DIR'>;

export const KEY_FILE = 'audit.key';
export const CHECKPOINT_FILE = 'audit-checkpoints.log';

export const checkpointFileOf = (config: AnchorConfig): string =>
  resolve(config.AUDIT_CHECKPOINT_FILE ?? join(config.DATA_DIR, CHECKPOINT_FILE));

/**
 * The signing key: `AUDIT_KEY`, else `DATA_DIR/audit.key`, made on first start (32 random bytes, mode
 * 0600). The file appears whole or not at all (written aside, then linked), so processes starting
 * together agree on one key.
 */
export const auditKey = (config: AnchorConfig, opts: { create: boolean }): Buffer => {
  if (config.AUDIT_KEY) return Buffer.from(config.AUDIT_KEY, 'utf8');
  const file = resolve(config.DATA_DIR, KEY_FILE);
  if (!opts.create && !existsSync(file))
    throw new Error(`No audit key: set AUDIT_KEY, or keep the server's ${file}`);
  return readKeyFile(file, opts);
};

const signature = (key: Buffer, c: Checkpoint): string =>
  createHmac('sha256', key)
    .update(canonicalJson({ ...c }))
    .digest('hex');

export const checkpointLine = (key: Buffer, c: Checkpoint): string =>
  `${JSON.stringify({ ...c, sig: signature(key, c) })}\n`;

export interface CheckpointLog {
  valid: Checkpoint[];
  /** 1-based line numbers whose signature does not match (forged, or signed with another key). */
  forged: number[];
  /** 1-based line numbers that are not a checkpoint at all. */
  malformed: number[];
}

const asCheckpoint = (value: unknown): (Checkpoint & { sig: string }) | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const ok =
    Number.isSafeInteger(v.count) &&
    typeof v.lastId === 'string' &&
    /^\d{1,19}$/.test(v.lastId) &&
    typeof v.hash === 'string' &&
    typeof v.at === 'string' &&
    typeof v.host === 'string' &&
    Number.isSafeInteger(v.pid) &&
    typeof v.sig === 'string';
  if (!ok) return undefined;
  return {
    count: v.count as number,
    lastId: v.lastId as string,
    hash: v.hash as string,
    at: v.at as string,
    host: v.host as string,
    pid: v.pid as number,
    sig: v.sig as string,
  };
};

/** Every line of the checkpoint log, sorted into valid, forged and malformed; no file = no lines. */
export const readCheckpoints = (file: string, key: Buffer): CheckpointLog => {
  const log: CheckpointLog = { valid: [], forged: [], malformed: [] };
  if (!existsSync(file)) return log;
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [i, text] of lines.entries()) {
    if (text.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const line = asCheckpoint(parsed);
    if (!line) {
      log.malformed.push(i + 1);
      continue;
    }
    const { sig, ...c } = line;
    const expected = Buffer.from(signature(key, c), 'hex');
    const given = Buffer.from(sig, 'hex');
    if (given.length === expected.length && timingSafeEqual(given, expected)) log.valid.push(c);
    else log.forged.push(i + 1);
  }
  return log;
};

interface Head {
  lastId: bigint;
  count: number;
}

/**
 * The chain head and the records up to it, counted from a previous head: ids are drawn under the
 * chain lock and committed in id order, so the records after a checkpointed head are exactly those
 * with a greater id.
 */
const headAfter = async (db: Db, from: Head | undefined): Promise<(Head & { hash: string }) | undefined> => {
  const [row] = await queryRows<{ id: string; hash: string; n: string }>(
    db,
    sql`select h.id::text as id, h.hash,
               (select count(*) from audit_log where id > ${from?.lastId ?? 0n} and id <= h.id)::text as n
        from (select id, hash from audit_log order by id desc limit 1) as h`,
  );
  if (!row) return undefined;
  return { lastId: BigInt(row.id), hash: row.hash, count: (from?.count ?? 0) + Number(row.n) };
};

/**
 * Writes a checkpoint whenever the chain head has moved, looking once a second (never on the write
 * path, so audit writes are not slowed), and once more at `stop`. Each process appends its own
 * signed lines; with several processes on one PostgreSQL they interleave, which `audit:verify`
 * accepts: every valid line is a claim about the same chain.
 */
export class AuditCheckpoints {
  private last: Head | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    readonly file: string,
    private readonly now: () => Date,
    private readonly onError: (err: unknown) => void,
    private readonly everyMs = 1_000,
  ) {}

  start() {
    mkdirSync(dirname(this.file), { recursive: true });
    this.timer = setInterval(() => void this.checkpoint(), this.everyMs);
    this.timer.unref();
  }

  /** Checkpoint the head if it moved; a call while one runs joins it. */
  checkpoint(): Promise<void> {
    this.running ??= this.write()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** The final checkpoint, before the database closes. */
  async stop() {
    clearInterval(this.timer);
    await this.running;
    await this.checkpoint();
  }

  private async write() {
    const head = await headAfter(this.db, this.last);
    if (!head || head.lastId === this.last?.lastId) return;
    const line = checkpointLine(this.key, {
      count: head.count,
      lastId: head.lastId.toString(),
      hash: head.hash,
      at: this.now().toISOString(),
      host: hostname(),
      pid: process.pid,
    });
    await appendFile(this.file, line, { mode: 0o600 });
    this.last = { lastId: head.lastId, count: head.count };
  }
}
