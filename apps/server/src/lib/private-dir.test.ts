import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';
import { tightenDir, tightenedLine } from './private-dir.ts';

/**
 * DATA_DIR is the server's user's only (docs/design.md §7, issue 38 point 1): a DATA_DIR that does not
 * exist yet is created 0700, every folder on the way too, whatever the umask; one an earlier run left
 * open is tightened. The running server under umask 022 is test/reliability/private-files.test.ts.
 */
let root: string;
let previousUmask: number;
beforeAll(() => {
  previousUmask = process.umask(0o022);
  root = mkdtempSync(join(tmpdir(), 'sapi-private-'));
});
afterAll(() => {
  process.umask(previousUmask);
  rmSync(root, { recursive: true, force: true });
});

const modeOf = (path: string) => lstatSync(path).mode & 0o777;

describe('a DATA_DIR made or tightened under umask 022', () => {
  it('a missing DATA_DIR (two folders deep) is created 0700 at each level, its lock file 0600', () => {
    const dataDir = join(root, 'new', 'data');
    const unlock = lockDataDir(dataDir);
    try {
      expect(modeOf(join(root, 'new')).toString(8)).toBe('700');
      expect(modeOf(dataDir).toString(8)).toBe('700');
      expect(modeOf(join(dataDir, 'server.lock')).toString(8)).toBe('600');
      // Nothing was open to others: no line at start.
      expect(tightenedLine(dataDir, tightenDir(dataDir))).toBeUndefined();
    } finally {
      unlock();
    }
  });

  it('tightens what is open to others, counts it for one line, and leaves symbolic links unfollowed', () => {
    const dataDir = join(root, 'old');
    mkdirSync(join(dataDir, 'base', '1'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'base', '1', 'table'), 'x', { mode: 0o666 });
    writeFileSync(join(dataDir, 'audit.key'), 'k', { mode: 0o600 });
    const outside = join(root, 'outside');
    writeFileSync(outside, 'o', { mode: 0o644 });
    symlinkSync(outside, join(dataDir, 'link'));
    chmodSync(dataDir, 0o755);

    const tightened = tightenDir(dataDir);
    expect(tightened).toEqual({ files: 1, folders: 3 });
    expect(tightenedLine(dataDir, tightened)).toBe(
      `DATA_DIR ${dataDir}: made 1 file(s) 0600 and 3 folder(s) 0700 that other local users could open`,
    );
    for (const folder of [dataDir, join(dataDir, 'base'), join(dataDir, 'base', '1')]) {
      expect(modeOf(folder).toString(8), folder).toBe('700');
    }
    expect(modeOf(join(dataDir, 'base', '1', 'table')).toString(8)).toBe('600');
    expect(modeOf(join(dataDir, 'audit.key')).toString(8)).toBe('600');
    // The link's target is not DATA_DIR's to change.
    expect(modeOf(outside).toString(8)).toBe('644');
    // A second pass finds nothing left to do; a missing folder is nothing to do.
    expect(tightenDir(dataDir)).toEqual({ files: 0, folders: 0 });
    expect(tightenDir(join(root, 'missing'))).toEqual({ files: 0, folders: 0 });
  });
});
