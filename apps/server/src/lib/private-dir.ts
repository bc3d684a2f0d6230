import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The process's umask: what it creates is its user's only (folders 0700, files 0600), whatever it was started with. */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

export interface Tightened {
  files: number;
  folders: number;
}

const isGone = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Make `dir` 0700 and every file under it 0600, every folder 0700 (symbolic links are left alone and
 * not followed); a missing `dir` is nothing to do. Counts what had other bits, so the caller can say
 * what was tightened. A file removed meanwhile (the database's own temporary files) is skipped.
 */
export const tightenDir = (dir: string): Tightened => {
  const tightened: Tightened = { files: 0, folders: 0 };
  const visit = (path: string) => {
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(path);
    } catch (err) {
      if (isGone(err)) return;
      throw err;
    }
    if (stat.isSymbolicLink()) return;
    const folder = stat.isDirectory();
    const mode = folder ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== mode) {
      try {
        chmodSync(path, mode);
      } catch (err) {
        if (isGone(err)) return;
        throw err;
      }
      if (folder) tightened.folders++;
      else tightened.files++;
    }
    if (!folder) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch (err) {
      if (isGone(err)) return;
      throw err;
    }
    for (const name of names) visit(join(path, name));
  };
  visit(dir);
  return tightened;
};

/** The start-up line for what `tightenDir` changed, or undefined when nothing was open to others. */
export const tightenedLine = (dir: string, t: Tightened): string | undefined =>
  t.files + t.folders === 0
    ? undefined
    : `DATA_DIR ${dir}: made ${t.files} file(s) 0600 and ${t.folders} folder(s) 0700 that other local users could open`;
