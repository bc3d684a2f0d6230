import { createHash, randomBytes } from 'node:crypto';

/** 32 CSPRNG bytes, URL-safe; only the SHA-256 is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
