import { createHmac } from 'node:crypto';
import { expect } from './fixtures';

/** Authenticator-app codes for the e2e journeys that enrol a second factor (RFC 6238). */

const STEP_MS = 30_000;

/** RFC 4648 base32 → bytes. */
const base32 = (text: string): Buffer => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
};

/** RFC 6238 (SHA-1, 6 digits, 30 s) code of one time step, computed here as an authenticator app does. */
const totpAt = (secret: string, step: number): string => {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
};

const stepNow = () => Math.floor(Date.now() / STEP_MS);

/**
 * A code the server has not accepted yet: a time step's code is accepted once, so each use takes a
 * later step than the last. The server allows one step of drift, so the next step's code works at
 * once; beyond that, wait until the clock reaches it (a condition, not a fixed sleep).
 */
export const freshCode = async (secret: string, used: { step: number }) => {
  const step = Math.max(stepNow(), used.step + 1);
  await expect.poll(stepNow, { timeout: 2 * STEP_MS, intervals: [1000] }).toBeGreaterThanOrEqual(step - 1);
  used.step = step;
  return totpAt(secret, step);
};
