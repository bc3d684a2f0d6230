import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A 32-byte key kept in hex in `file`, made once when missing. Written aside and linked into place,
 * so processes starting together agree on one key (the loser of the link reads the winner's) and
 * none reads a half-written file.
 */
export const readKeyFile = (file: string, { create }: { create: boolean }): Buffer => {
  if (!existsSync(file)) {
    if (!create) throw new Error(`${file} is missing`);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(aside, { force: true });
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
};
