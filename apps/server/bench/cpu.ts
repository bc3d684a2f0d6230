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

/** Jiffies of the whole machine by state, from the first line of /proc/stat. */
const machineTicks = () => {
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const at = (i: number) => ticks[i] ?? 0;
  // Columns: user nice system idle iowait irq softirq steal.
  return { busy: at(0) + at(1) + at(2) + at(5) + at(6), idle: at(3), iowait: at(4), steal: at(7) };
};

/** Shares (%) of all the machine's CPU time during a scenario: idle, waiting for the disk, taken by the host. */
export interface MachineShares {
  idle: number;
  iowait: number;
  steal: number;
}

export interface CpuSplit {
  client: number;
  server: number;
  database: number;
  machine: MachineShares;
}

/**
 * Where the CPU time of a scenario went, in milliseconds (and how much of the machine sat idle or
 * waited for its disk, which tells a slow disk from a slow program): this bench process, the server process
 * and the database's processes as `databasePids` lists them (none for PGlite, which runs inside
 * the server). A backend that exits during the scenario is not counted, so pools must stay open.
 */
export const cpuMeter = async (serverPid: number, databasePids: () => Promise<number[]>) => {
  const pgBefore = new Map((await databasePids()).map((pid) => [pid, processCpuMs(pid)]));
  const machineBefore = machineTicks();
  const clientBefore = process.cpuUsage();
  const serverBefore = processCpuMs(serverPid);
  return async (): Promise<CpuSplit> => {
    const client = process.cpuUsage(clientBefore);
    const m = machineTicks();
    const delta = {
      busy: m.busy - machineBefore.busy,
      idle: m.idle - machineBefore.idle,
      iowait: m.iowait - machineBefore.iowait,
      steal: m.steal - machineBefore.steal,
    };
    const all = Math.max(1, delta.busy + delta.idle + delta.iowait + delta.steal);
    const share = (ticks: number) => Math.round((ticks * 100) / all);
    let database = 0;
    for (const pid of await databasePids()) database += processCpuMs(pid) - (pgBefore.get(pid) ?? 0);
    return {
      client: (client.user + client.system) / 1000,
      server: processCpuMs(serverPid) - serverBefore,
      database,
      machine: { idle: share(delta.idle), iowait: share(delta.iowait), steal: share(delta.steal) },
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

/** The PostgreSQL processes of every node of a data set (the Citus coordinator and its workers). */
export const clusterPids = (urls: string[]) => async (): Promise<number[]> =>
  (await Promise.all(urls.map((url) => postgresPids(url)()))).flat();
