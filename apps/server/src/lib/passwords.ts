import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the OWASP parameters of docs/design.md §7. */
// `algorithm: 2` is Algorithm.Argon2id, a const enum that isolated modules cannot import.
const params = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, params);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;
/** Spend the same time as a real check when there is no account, so timing does not tell. */
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
};
