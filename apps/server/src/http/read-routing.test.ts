import { api, reportExports } from '@sapi/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAdapter, makeAgent, type SignedAgent } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import type { ReadRouting } from '../db/replica.ts';

/**
 * Which requests the route layer sends to the read routing (DATABASE_READ_URL, db/replica.ts), and
 * which writes it reports for read-your-writes. A stand-in routing records the calls and answers the
 * test's own database; the real replica is in test/reliability/replica.postgres.test.ts.
 */
let t: TestApp;
let reporter: string;
let admin: string;
let agent: SignedAgent;
const reads: (bigint | null)[] = [];
const writes: bigint[] = [];
let failWrites = false;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  reporter = await t.tokenFor('REPORTER');
  agent = await makeAgent(t, await t.tokenFor('OPERATOR'), { prefix: 'rr' });
  const routing: ReadRouting<Db> = {
    dbFor: async (sessionId) => {
      reads.push(sessionId);
      return t.ctx.db;
    },
    wrote: async (sessionId) => {
      if (failWrites) throw new Error('primary gone');
      writes.push(sessionId);
    },
    state: () => ({ serving: 'replica', reason: 'test', lagMs: 0 }),
    close: async () => undefined,
  };
  t.ctx.reads = routing;
});
afterAll(() => t.close());
beforeEach(() => {
  reads.length = 0;
  writes.length = 0;
  failWrites = false;
});

const params = () => ({ agentId: agent._id });
const nov = { month: '11', year: '2026' } as const;

describe('read routing in the route layer', () => {
  it('sends reports, their CSV, transaction lists and every export through it, with the session', async () => {
    await t.ok(api.transactionList, { token: reporter, params: params(), body: {} });
    await t.ok(api.summaryAgentDaily, { token: reporter, params: params(), body: nov });
    await t.ok(reportExports.summaryAgentDaily, { token: reporter, params: params(), body: nov });
    await t.ok(api.dashboard, { token: reporter, body: nov });
    await t.ok(api.agentExport, { token: admin, body: {} });
    expect(reads).toHaveLength(5);
    for (const session of reads) expect(typeof session).toBe('bigint');
    expect(new Set(reads.slice(0, 4)).size).toBe(1);
    expect(reads[4]).not.toBe(reads[0]);
  });

  it('leaves sign-in, the catalogue lists and every write on the primary', async () => {
    await t.ok(api.agentList, { token: admin, body: {} });
    await t.ok(api.self, { token: reporter });
    await makeAdapter(t, admin);
    await t.login((await t.ok(api.self, { token: admin })).username);
    expect(reads).toEqual([]);
  });

  it('reports each committed staff write of a session, and no read', async () => {
    await t.ok(api.agentList, { token: admin, body: {} });
    expect(writes).toEqual([]);
    await makeAdapter(t, admin);
    expect(writes).toHaveLength(1);
    // The write's session is the one whose next reads must see it.
    await t.ok(api.transactionList, { token: admin, params: params(), body: {} });
    expect(reads).toEqual(writes);
    // Refused before anything is written: nothing to wait for.
    const refused = await t.api(api.adapterCreate, {
      token: reporter,
      body: {
        name: 'x',
        codename: 'NOPE',
        endpoint: 'https://x.example.com',
        type: 'SLOT',
        logo: 'https://x.example.com/l.png',
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(writes).toHaveLength(1);
  });

  it('answers a committed write even when its position cannot be recorded', async () => {
    failWrites = true;
    const adapter = await makeAdapter(t, admin);
    expect(adapter.codename).toMatch(/^PROV_/);
  });
});
