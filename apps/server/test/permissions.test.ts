import { type AdminType, adminTypes, allows, api, type RouteDef, reportExports } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * docs/design.md §5 as a table: every route of the contract × {anonymous, each admin type}.
 * Allowed callers get past the guard (whatever the body then earns); others get 401 or 403.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const callers: (AdminType | 'anonymous')[] = ['anonymous', ...adminTypes];
const routes = [
  ...Object.entries(api),
  ...Object.entries(reportExports).map(([n, d]) => [`${n}Export`, d]),
] as [string, RouteDef][];
const params = { id: '999999', agentId: '999999', listId: '999999', gameBrand: 'PG' };

describe.each(routes)('%s', (_name, def) => {
  it.each(callers)('as %s', async (caller) => {
    // A fresh session per call: logout and lock must not spoil the next case. Made in the database:
    // signing in 365 times would spend most of this file on Argon2 (sign-in has its own tests).
    // A sensitive change also needs a fresh password re-check (3005 without; tested in admin.test.ts).
    const token =
      caller === 'anonymous'
        ? undefined
        : await t.sessionFor(caller, { verified: def.reauth === true && allows(def, caller) });
    const res = await t.api(def, { params, body: {}, token });
    expect(res.error ?? '').not.toMatch(/^Unknown API path/);
    if (def.access === 'agent-signed') {
      // A staff session is no signature: only the agent's HMAC opens these.
      expect(res.statusCode).toBe(401);
      expect(res.status).toBe(3001);
    } else if (def.access === 'public') {
      expect([401, 403]).not.toContain(res.statusCode === 401 && res.status === 3002 ? 0 : res.statusCode);
    } else if (caller === 'anonymous') {
      expect(res.statusCode).toBe(401);
      expect(res.status).toBe(3001);
    } else if (allows(def, caller)) {
      expect([401, 403]).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.status).toBe(3004);
    }
  });
});
