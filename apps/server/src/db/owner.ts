import { type Database, openDatabase } from './client.ts';

/** Runs schema work (migrations, new ledger partitions) on a database as the tables' owner. */
export type AsOwner = <T>(work: (owner: Database) => Promise<T>) => Promise<T>;

/**
 * Where schema work runs. Without `ownerUrl`, on the app's own database (one role does all). With it
 * (`DATABASE_OWNER_URL`), on a pool of one connection opened for this piece of work and closed
 * after: the app's role owns nothing, so it can neither migrate nor make partitions — nor switch the
 * audit log's append-only trigger off (docs/design.md §7) — and no owner connection stays open in between.
 */
export const schemaOwner =
  (app: Database, ownerUrl: string | undefined, reportTimeZone?: string): AsOwner =>
  async (work) => {
    if (!ownerUrl) return work(app);
    const owner = await openDatabase({ kind: 'postgres', url: ownerUrl, poolSize: 1, reportTimeZone });
    try {
      return await work(owner);
    } finally {
      await owner.close();
    }
  };
