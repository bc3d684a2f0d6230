import type { Adapter, AdapterCreate, AdapterUpdate, adapterListQuerySchema } from '@sapi/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, Scope } from '../../context.ts';
import { type AuditFn, auditedChange, flagChange } from '../../core/change.ts';
import { conflict, notFound } from '../../core/errors.ts';
import { agentWithin } from '../../core/scope.ts';
import type { Executor } from '../../db/client.ts';
import { countWhere } from '../../db/count.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { contains } from '../../db/filters.ts';
import { adapterForUpdate } from '../../db/lookups.ts';
import { listing, sortOf } from '../../db/paging.ts';
import { adapters, agents } from '../../db/schema/index.ts';
import { brandHasBets } from '../../ledger/readers/brand-use.ts';
import { type CsvColumn, flagColumn, textColumn, timeColumn } from '../../lib/csv.ts';

type Row = typeof adapters.$inferSelect;
type Query = z.output<typeof adapterListQuerySchema>;

export const toAdapter = (row: Row): Adapter => ({
  _id: row.id.toString(),
  name: row.name,
  codename: row.codename,
  endpoint: row.endpoint,
  type: row.type,
  logo: row.logo,
  isDisable: row.isDisable,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The adapter export: its columns and their headers in each language. */
export const adapterCsvColumns: CsvColumn<Adapter>[] = [
  textColumn({ th: 'ชื่อ', en: 'Name' }, (r) => r.name),
  textColumn({ th: 'รหัส', en: 'Code' }, (r) => r.codename),
  textColumn({ th: 'ประเภท', en: 'Type' }, (r) => r.type),
  textColumn({ th: 'ที่อยู่ปลายทาง', en: 'Endpoint' }, (r) => r.endpoint),
  textColumn({ th: 'โลโก้', en: 'Logo' }, (r) => r.logo),
  flagColumn({ th: 'ปิดใช้งาน', en: 'Disabled' }, (r) => r.isDisable),
  timeColumn({ th: 'วันที่สร้าง', en: 'Created' }, (r) => r.createdAt),
];

/**
 * The game providers a scope may read (docs/design.md §16): every one for staff; for the agent side
 * those whose code is a game of an agent of its scope.
 */
const adapterWithin = (scope: Scope) => {
  const ofScope = agentWithin(scope, agents.id);
  return ofScope === undefined
    ? undefined
    : sql`${adapters.codename} in (select unnest(${agents.games}) from ${agents} where ${ofScope})`;
};

const whereOf = (scope: Scope, q: Query) =>
  and(
    adapterWithin(scope),
    contains(adapters.name, q.name),
    q.isDisable === undefined ? undefined : eq(adapters.isDisable, q.isDisable),
  );

/** The adapter list and its export, for one set of filters, within the caller's scope. */
export const adapterListing = (ctx: AppContext, scope: Scope, q: Query) =>
  listing({
    where: whereOf(scope, q),
    id: adapters.id,
    idOf: (r: Row) => r.id,
    toDto: toAdapter,
    fetch: (where, limit, offset, order = [desc(adapters.id)]) =>
      ctx.db
        .select()
        .from(adapters)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: (where) => countWhere(ctx.db, adapters, where),
    // The providers are a short list: by name (lower case) or by creation (its index).
    order: sortOf(q, { name: sql`lower(${adapters.name})`, createdAt: adapters.createdAt }, adapters.id),
  });

/** One game provider; one the scope may not read answers as a missing one (the same single query). */
export const getAdapter = async (ctx: AppContext, scope: Scope, id: bigint) => {
  const [row] = await ctx.db
    .select()
    .from(adapters)
    .where(and(eq(adapters.id, id), adapterWithin(scope)))
    .limit(1);
  if (!row) throw notFound('Game provider');
  return toAdapter(row);
};

const duplicateCodename = (err: unknown, codename: string) =>
  isUniqueViolation(err)
    ? conflict('codename_taken', `Code "${codename}" is already used by another game provider`, {
        path: 'codename',
        params: { codename },
      })
    : err;

export const createAdapter = async (ctx: AppContext, input: AdapterCreate, audit: AuditFn) => {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adapters)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const created = toAdapter(row);
      await audit(tx, { action: 'create', entity: 'adapter', entityId: created._id, after: created });
      return created;
    });
  } catch (err) {
    throw duplicateCodename(err, input.codename);
  }
};

/**
 * Stored bets name their provider by codename: renamed, their open rounds could no longer settle
 * (the old code is unknown) and a new provider could take the old code into the same reports. So a
 * codename that bets use stays. Runs after the row's update, whose lock waits for every ingest
 * statement holding the codename (they lock it, ingest-batch.ts), so their bets are seen here.
 */
const assertCodenameUnused = async (tx: Executor, codename: string) => {
  if (await brandHasBets(tx, codename))
    throw conflict('codename_in_use', `Bets are stored under code "${codename}"; it cannot change`, {
      path: 'codename',
      params: { codename },
    });
};

export const updateAdapter = async (ctx: AppContext, id: bigint, input: AdapterUpdate, audit: AuditFn) => {
  try {
    return await ctx.db.transaction((tx) =>
      auditedChange(tx, {
        load: (t) => adapterForUpdate(t, id),
        what: 'Game provider',
        toDto: toAdapter,
        entity: 'adapter',
        action: 'update',
        audit,
        change: async (t, row) => {
          const same =
            row.codename === input.codename &&
            row.endpoint === input.endpoint &&
            row.type === input.type &&
            row.logo === input.logo;
          if (same) return undefined;
          const [updated] = await t
            .update(adapters)
            .set({ ...input, updatedAt: ctx.now() })
            .where(eq(adapters.id, id))
            .returning();
          if (row.codename !== input.codename) {
            await assertCodenameUnused(t, row.codename);
            // Agents name their games by code: they follow the rename, or they could no longer be saved.
            // Part of this one staff action and its audit record.
            await t
              .update(agents)
              .set({ games: sql`array_replace(${agents.games}, ${row.codename}, ${input.codename})` })
              .where(sql`${row.codename} = any(${agents.games})`);
          }
          return updated;
        },
      }),
    );
  } catch (err) {
    throw duplicateCodename(err, input.codename);
  }
};

export const setAdapterDisabled = (ctx: AppContext, id: bigint, isDisable: boolean, audit: AuditFn) =>
  ctx.db.transaction((tx) =>
    flagChange(tx, {
      load: (t) => adapterForUpdate(t, id),
      what: 'Game provider',
      toDto: toAdapter,
      entity: 'adapter',
      action: isDisable ? 'disable' : 'enable',
      audit,
      flag: (row) => row.isDisable,
      value: isDisable,
      write: async (t) =>
        (
          await t
            .update(adapters)
            .set({ isDisable, updatedAt: ctx.now() })
            .where(eq(adapters.id, id))
            .returning()
        )[0],
    }),
  );
