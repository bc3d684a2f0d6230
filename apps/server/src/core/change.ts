import type { AuditAction, AuditEntity } from '@sapi/contract';
import type { Executor, Tx } from '../db/client.ts';
import type { AuditEntry } from './audit.ts';
import { notFound, type RecordName } from './errors.ts';

export type AuditFn = (tx: Executor, entry: AuditEntry) => Promise<void>;

/**
 * The shape of every staff edit: load the row (locked), let `change` write it — or answer
 * undefined when there is nothing to do — and audit the before/after pair in the same transaction.
 */
export const auditedChange = async <Row, Dto extends { _id: string }>(
  tx: Tx,
  opts: {
    load: (tx: Tx) => Promise<Row | undefined>;
    what: RecordName;
    toDto: (row: Row) => Dto;
    change: (tx: Tx, row: Row) => Promise<Row | undefined>;
    audit: AuditFn;
    entity: AuditEntity;
    action: AuditAction;
  },
): Promise<Dto> => {
  const row = await opts.load(tx);
  if (!row) throw notFound(opts.what);
  const updated = await opts.change(tx, row);
  if (!updated) return opts.toDto(row);
  const before = opts.toDto(row);
  const after = opts.toDto(updated);
  await opts.audit(tx, { action: opts.action, entity: opts.entity, entityId: after._id, before, after });
  return after;
};

/** A lock/disable toggle: nothing happens (and nothing is audited) when the flag already has the value. */
export const flagChange = <Row, Dto extends { _id: string }>(
  tx: Tx,
  opts: Omit<Parameters<typeof auditedChange<Row, Dto>>[1], 'change'> & {
    flag: (row: Row) => boolean;
    value: boolean;
    write: (tx: Tx) => Promise<Row | undefined>;
  },
): Promise<Dto> =>
  auditedChange(tx, {
    ...opts,
    change: (t, row) => (opts.flag(row) === opts.value ? Promise.resolve(undefined) : opts.write(t)),
  });
