import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Kernel clock ticks per second (utime/stime in /proc/<pid>/stat are counted in them). */
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU milliseconds (user + system) a process has used so far; 0 once it is gone. */
const processCpuMs = (pid: number | string): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
};

export interface CpuSplit {
  client: number;
  server: number;
  database: number;
}

/**
 * Where the CPU time of a scenario went, in milliseconds: this bench process, the server process
 * and the database's processes as `databasePids` lists them (none for PGlite, which runs inside
 * the server). A backend that exits during the scenario is not counted, so pools must stay open.
 */
export const cpuMeter = async (serverPid: number, databasePids: () => Promise<number[]>) => {
  const pgBefore = new Map((await databasePids()).map((pid) => [pid, processCpuMs(pid)]));
  const clientBefore = process.cpuUsage();
  const serverBefore = processCpuMs(serverPid);
  return async (): Promise<CpuSplit> => {
    const client = process.cpuUsage(clientBefore);
    let database = 0;
    for (const pid of await databasePids()) database += processCpuMs(pid) - (pgBefore.get(pid) ?? 0);
    return {
      client: (client.user + client.system) / 1000,
      server: processCpuMs(serverPid) - serverBefore,
      database,
    };
  };
};

/**
 * The PostgreSQL processes working for one database: its backends (the server's pool) and the
 * shared ones that write for every database (WAL writer, checkpointer, background writer).
 * Backends of other databases on the same server are left out.
 */
export const postgresPids = (url: string) => async (): Promise<number[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where (datname = current_database() and pid <> pg_backend_pid()) or backend_type <> 'client backend'`,
    );
    return res.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
};
