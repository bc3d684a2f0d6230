import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { readKeyFile } from '../lib/key-file.ts';

export const TOTP_KEY_FILE = 'totp.key';

type KeyConfig = Pick<Config, 'TOTP_KEY' | 'DATA_DIR'>;
const keys = new WeakMap<KeyConfig, Buffer>();

/**
 * The key that encrypts TOTP secrets: SHA-256 of `TOTP_KEY`, else `DATA_DIR/totp.key`, made on first
 * use (32 random bytes, mode 0600). Written aside and linked, so processes starting together agree.
 */
export const totpKey = (config: KeyConfig): Buffer => {
  const known = keys.get(config);
  if (known) return known;
  let key: Buffer;
  if (config.TOTP_KEY) key = createHash('sha256').update(config.TOTP_KEY, 'utf8').digest();
  else {
    const file = resolve(config.DATA_DIR, TOTP_KEY_FILE);
    key = readKeyFile(file, { create: true });
    if (key.length !== 32) throw new Error(`${file} must hold 32 bytes in hex`);
  }
  keys.set(config, key);
  return key;
};

const VERSION = 'v1';

/**
 * AES-256-GCM: `v1.<iv|tag|ciphertext base64url>`. `context` (the account id) is authenticated too, so
 * a secret copied onto another account's row does not open.
 */
export const seal = (key: Buffer, plaintext: string, context: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
};

export const open = (key: Buffer, sealed: string, context: string): string => {
  const [version, data = ''] = sealed.split('.');
  if (version !== VERSION) throw new Error('unknown sealed-secret version');
  const raw = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};
