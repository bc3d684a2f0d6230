import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { agentSharing, agentSharingVersions } from '../db/schema/index.ts';
import { conflict } from './errors.ts';

/*
 * Sharing arrangements in time (docs/design.md §15). A version is in force from `effectiveFrom` up to
 * (not including) `effectiveTo`, null = open-ended. A change dated D replaces every version from D on:
 * the version in force on D ends on D, a version scheduled to start on or after D ends on its own first
 * day (it keeps its row, with no days), and the new one runs from D, open-ended. Days before D never
 * change. agent_sharing holds the LATEST setting (is_disable: no open-ended version). Callers hold
 * lockSettlement (core/settlement-periods.ts) and have checked D against the periods.
 */

export type VersionRow = typeof agentSharingVersions.$inferSelect;
export type SharingRow = typeof agentSharing.$inferSelect;

/** Has days at all (a version replaced on its first day has none). */
const hasDays = sql`(${agentSharingVersions.effectiveTo} is null or ${agentSharingVersions.effectiveTo} > ${agentSharingVersions.effectiveFrom})`;

/** Every version of one arrangement, earliest first. */
export const versionsOf = (db: Executor, sharingId: bigint): Promise<VersionRow[]> =>
  db
    .select()
    .from(agentSharingVersions)
    .where(eq(agentSharingVersions.sharingId, sharingId))
    .orderBy(asc(agentSharingVersions.effectiveFrom), asc(agentSharingVersions.id));

/** The versions in force on at least one day of [from, to) — `to` exclusive. */
export const versionsOverlapping = (db: Executor, from: string, to: string): Promise<VersionRow[]> =>
  db
    .select()
    .from(agentSharingVersions)
    .where(
      and(
        sql`${agentSharingVersions.effectiveFrom} < ${to}::date`,
        sql`(${agentSharingVersions.effectiveTo} is null or ${agentSharingVersions.effectiveTo} > ${from}::date)`,
        hasDays,
      ),
    )
    .orderBy(asc(agentSharingVersions.effectiveFrom), asc(agentSharingVersions.id));

/** The version in force on `day`, else the next one scheduled after it. */
export const currentVersion = (versions: readonly VersionRow[], day: string): VersionRow | undefined => {
  const withDays = versions.filter((v) => v.effectiveTo === null || v.effectiveTo > v.effectiveFrom);
  return (
    withDays.find((v) => v.effectiveFrom <= day && (v.effectiveTo === null || v.effectiveTo > day)) ??
    withDays.find((v) => v.effectiveFrom > day)
  );
};

/** Does the arrangement have a version in force on `day` or later? */
export const inForceFrom = async (tx: Executor, sharingId: bigint, day: string) => {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`select exists(select 1 from agent_sharing_versions
          where sharing_id = ${sharingId} and (effective_to is null or effective_to > ${day}::date)
            and (effective_to is null or effective_to > effective_from)) as found`,
  );
  return row?.found === true;
};

/** End every version of the arrangement at `from`: nothing of it is in force from that day on. */
export const endVersions = async (tx: Tx, sharingId: bigint, from: string) => {
  await tx.execute(
    sql`update agent_sharing_versions
        set effective_to = case when effective_from >= ${from}::date then effective_from else ${from}::date end
        where sharing_id = ${sharingId} and (effective_to is null or effective_to > ${from}::date)`,
  );
};

export interface NewVersion {
  sharingId: bigint;
  agentId: bigint;
  parentId: bigint;
  bp: number;
  from: string;
  by: bigint | null;
  now: Date;
}

/**
 * Start an open-ended version from `from` (after `endVersions` of the same arrangement): refused when
 * another arrangement of the agent has days from then on (one parent a day) or when the new link closes
 * a cycle on any day from then on (checked against every link in force on some day from `from`).
 */
export const startVersion = async (tx: Tx, v: NewVersion) => {
  const [other] = await queryRows<{ id: string }>(
    tx,
    sql`select id::text from agent_sharing_versions
        where agent_id = ${v.agentId} and (effective_to is null or effective_to > ${v.from}::date)
          and (effective_to is null or effective_to > effective_from)
        limit 1`,
  );
  if (other) {
    throw conflict('sharing_exists', 'This agent already has an enabled sharing arrangement', {
      path: 'agent',
    });
  }
  const [chain] = await queryRows<{ reached: boolean }>(
    tx,
    sql`with recursive up(id) as (
          select ${v.parentId}::bigint
          union
          select s.parent_agent_id from agent_sharing_versions s join up on s.agent_id = up.id
          where (s.effective_to is null or s.effective_to > ${v.from}::date)
            and (s.effective_to is null or s.effective_to > s.effective_from)
        )
        select exists(select 1 from up where id = ${v.agentId}) as reached`,
  );
  if (chain?.reached) {
    throw conflict('sharing_cycle', 'This arrangement would make a cycle of parent agents', {
      path: 'parentAgent',
    });
  }
  await tx.insert(agentSharingVersions).values({
    sharingId: v.sharingId,
    agentId: v.agentId,
    parentAgentId: v.parentId,
    parentBp: v.bp,
    effectiveFrom: v.from,
    effectiveTo: null,
    createdAt: v.now,
    createdBy: v.by,
  });
};

export interface SharingSetting {
  agentId: bigint;
  parentId: bigint;
  bp: number;
}

/**
 * Change an arrangement's agent, parent or percentage from `from`. An arrangement in force on some
 * day from `from` gets a new version; a disabled one only keeps the setting for when it is enabled.
 */
export const changeSharing = async (
  tx: Tx,
  row: SharingRow,
  next: SharingSetting,
  from: string,
  by: bigint | null,
  now: Date,
) => {
  const versioned = await inForceFrom(tx, row.id, from);
  if (versioned) {
    await endVersions(tx, row.id, from);
    await startVersion(tx, { sharingId: row.id, ...next, from, by, now });
  }
  await tx
    .update(agentSharing)
    .set({
      agentId: next.agentId,
      parentAgentId: next.parentId,
      parentBp: next.bp,
      isDisable: !versioned,
      updatedAt: now,
    })
    .where(eq(agentSharing.id, row.id));
};
