import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/**
 * The migrations whose steps run only where the citus extension is present when they run, each with
 * the check that says whether a database already has them.
 */
const CITUS_STEPS = [
  // Before 0045: a table with triggers is not made a reference table.
  {
    file: '0052_citus_portal_auth_epoch.sql',
    done: `select not exists (select 1 from pg_trigger
             where tgname like '%portal_auth_epoch%' and tgrelid in ('agents'::regclass, 'agent_operators'::regclass)) as done`,
  },
  {
    file: '0045_citus_distribution.sql',
    done: `select exists (select 1 from pg_dist_partition where logicalrelid = 'users'::regclass) as done`,
  },
  {
    file: '0050_citus_agent_shard_function.sql',
    done: `select to_regprocedure('sapi_on_agent_shard(bigint,text,text[])') is not null as done`,
  },
  {
    file: '0053_citus_agent_shard_reads.sql',
    done: `select to_regprocedure('sapi_agent_read(bigint,text,text[])') is not null as done`,
  },
] as const;

/**
 * On a Citus coordinator, after the migrations: the Citus steps of those a database ran before it was
 * on Citus — a plain PostgreSQL database restored into a coordinator has them marked done, its ledger
 * still local — run now, so it ends in the schema an empty Citus database migrates to (docs/scaling.md
 * §4, moving a populated database). Each file is one statement, run in a transaction of its own.
 * Answers the files it ran.
 */
export const catchUpCitus = async (pool: pg.Pool, migrationsFolder: string): Promise<string[]> => {
  const ran: string[] = [];
  for (const step of CITUS_STEPS) {
    const { rows } = await pool.query<{ done: boolean }>(step.done);
    if (rows[0]?.done) continue;
    await pool.query(readFileSync(join(migrationsFolder, step.file), 'utf8'));
    ran.push(step.file);
  }
  return ran;
};
