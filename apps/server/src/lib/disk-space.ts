import { statfsSync } from 'node:fs';

/**
 * Free space the embedded database keeps in hand. PGlite cannot survive a full disk while it starts a
 * new 16 MiB WAL segment (PostgreSQL would PANIC and restart; PGlite's one process spins), so changes
 * are refused while less than this is free on DATA_DIR's file system: two segments and room for the
 * rows of requests already under way.
 */
export const DISK_RESERVE_BYTES = 64 * 1024 * 1024;
/** How long a free-space reading is reused: one `statfs` a second at most, whatever the traffic. */
const READING_MS = 1_000;
/** While the disk stays full, the log line is repeated this seldom (not once per refused request). */
export const DISK_FULL_LOG_EVERY_MS = 10 * 60 * 1000;

/** Bytes an unprivileged process may still write on the file system that holds `dir`. */
export const freeBytes = (dir: string): number => {
  const s = statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
};

export const mib = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/** Free space on `dir`'s file system, read at most once a second; true when below the reserve. */
export const spaceWatch = (dir: string, reserve = DISK_RESERVE_BYTES, now = () => Date.now()) => {
  let readAt = Number.NEGATIVE_INFINITY;
  let free = Number.POSITIVE_INFINITY;
  return {
    free: () => {
      if (now() - readAt >= READING_MS) {
        readAt = now();
        try {
          free = freeBytes(dir);
        } catch {
          // An unreadable reading refuses nothing: the database's own error still answers 503.
          free = Number.POSITIVE_INFINITY;
        }
      }
      return free;
    },
    low(): boolean {
      return this.free() < reserve;
    },
  };
};

type Warn = (details: Record<string, unknown>, message: string) => void;

/**
 * The one log line of a full disk: where (DATA_DIR, or the PostgreSQL database), said once when the
 * disk fills and then at most every 10 minutes while it stays full, however many requests are
 * refused; `recovered` says once that changes are accepted again.
 */
class DiskFullLog {
  private where = 'the database';
  private lastAt: number | undefined;

  /** Said by the server at start: which disk a full one is. */
  describe(where: string) {
    this.where = where;
  }

  report(warn: Warn, details: Record<string, unknown> = {}, where = this.where, now = Date.now()) {
    if (this.lastAt !== undefined && now - this.lastAt < DISK_FULL_LOG_EVERY_MS) return;
    this.lastAt = now;
    warn(
      { ...details, diskFull: true },
      `no space left on the disk of ${where}: changes are refused (503) until space is freed`,
    );
  }

  recovered(info: Warn) {
    if (this.lastAt === undefined) return;
    this.lastAt = undefined;
    info({ diskFull: false }, `space is free again on the disk of ${this.where}: changes are accepted`);
  }
}

export const diskFullLog = new DiskFullLog();
