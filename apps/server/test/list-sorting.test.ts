import { api, type BodyOf, type RouteDef } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, ipRefusals } from '../src/db/schema/index.ts';
import { offContract } from './calls.ts';
import { makeAdapter, makeAgent } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Sorting of the lists beside the player and agent lists (contract `sortFields`, server `sortOf`): each
 * list sorts on the server by the columns it offers, both ways, ties by id so that walking the pages
 * shows every row once; a sort or order that is none of them is refused with 2001 on its field.
 */
let t: TestApp;
let op: string;
let sa: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await t.tokenFor('OPERATOR');
  sa = await t.verify(await t.tokenFor('SUPERADMIN'));
});
afterAll(() => t.close());

type ListRoute = RouteDef & { body: { parse: (v: unknown) => unknown } };

/** Every page of `limit` rows of a list in the order asked, the names `pick` reads from each row. */
const walk = async <R extends ListRoute>(
  route: R,
  token: string,
  body: Record<string, unknown>,
  pick: (row: Record<string, unknown>) => string,
  limit = 2,
) => {
  const out: string[] = [];
  for (let page = 1; page <= 20; page++) {
    const res = await t.api(route, { token, body: offContract({ ...body, limit, page }) });
    expect(res.statusCode, JSON.stringify(res.issues)).toBe(200);
    const data = res.data as { records: Record<string, unknown>[]; total: number };
    out.push(...data.records.map(pick));
    if (page * limit >= data.total) break;
  }
  return out;
};

/** A hostile or unknown sort or order: 2001 on that field, never a 500. */
const hostile = (valid: string): [Record<string, unknown>, string][] => [
  [{ sort: 'betLimit' }, 'sort'],
  [{ sort: 'username\u0000' }, 'sort'],
  [{ sort: '\ud800' }, 'sort'],
  [{ sort: 'x'.repeat(200_000) }, 'sort'],
  [{ sort: 'id; drop table admins' }, 'sort'],
  [{ sort: 2 ** 63 }, 'sort'],
  [{ sort: -0 }, 'sort'],
  [{ sort: ['createdAt'] }, 'sort'],
  [{ sort: { field: 'createdAt' } }, 'sort'],
  [{ sort: valid, order: 'up' }, 'order'],
  [{ sort: valid, order: 'DESC' }, 'order'],
  [{ sort: valid, order: 1e308 }, 'order'],
  [{ sort: valid, order: '\u0000' }, 'order'],
];

const refusesHostile = async (route: ListRoute, token: string, valid = 'createdAt') => {
  for (const [body, path] of hostile(valid)) {
    const res = await t.api(route, { token, body: offContract(body) });
    expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(res.status).toBe(2001);
    expect(res.issues[0]?.path).toBe(path);
  }
};

/** Every row once, in the order expected, both ways: `asc` is the expected ascending order. */
const sortsBothWays = async (
  route: ListRoute,
  token: string,
  filter: Record<string, unknown>,
  sort: string,
  asc: string[],
  pick: (row: Record<string, unknown>) => string,
) => {
  expect(await walk(route, token, { ...filter, sort, order: 'asc' }, pick)).toEqual(asc);
  expect(await walk(route, token, { ...filter, sort, order: 'desc' }, pick)).toEqual([...asc].reverse());
};

const str = (key: string) => (row: Record<string, unknown>) => String(row[key]);

describe('the admin list', () => {
  it('sorts by name (case aside) and by creation, equal creation times in id order over the pages', async () => {
    // Created in this order within one instant of the test clock: creation ties, broken by id.
    const made = ['srt_mango', 'srt_Apple', 'srt_kiwi', 'srt_banana', 'srt_cherry'];
    for (const name of made) await t.addAdmin(name, 'ADMIN');
    const filter = { username: 'srt_' };
    await sortsBothWays(
      api.adminList,
      sa,
      filter,
      'username',
      ['srt_Apple', 'srt_banana', 'srt_cherry', 'srt_kiwi', 'srt_mango'],
      str('username'),
    );
    await sortsBothWays(api.adminList, sa, filter, 'createdAt', made, str('username'));
    // '' is the list's own order: newest first.
    expect(await walk(api.adminList, sa, { ...filter, sort: '', order: '' }, str('username'))).toEqual(
      [...made].reverse(),
    );
    await refusesHostile(api.adminList, sa);
  });
});

describe('the agent operator list', () => {
  it('sorts by name and by creation, stable over the pages', async () => {
    const agent = await makeAgent(t, op);
    const made = ['mango', 'Apple', 'kiwi', 'banana', 'cherry'];
    for (const username of made) {
      await t.ok(api.agentOperatorRegister, {
        token: op,
        body: { agent: agent._id, username, password: 'operator-pass-1', type: 'OPERATOR' },
      });
    }
    const filter = { agent: agent._id };
    await sortsBothWays(
      api.agentOperatorList,
      op,
      filter,
      'username',
      ['Apple', 'banana', 'cherry', 'kiwi', 'mango'],
      str('username'),
    );
    await sortsBothWays(api.agentOperatorList, op, filter, 'createdAt', made, str('username'));
    await refusesHostile(api.agentOperatorList, op);
  });
});

describe('the provider list', () => {
  it('sorts by name and by creation; providers of one name keep their id order over the pages', async () => {
    const names = ['SrtZeta', 'srtalpha', 'SrtSame', 'SrtSame', 'SrtSame'];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const res = await makeAdapter(t, sa, { name, codename: `SRT_${i}` });
      ids.push(res._id);
    }
    const filter = { name: 'srt' };
    const label = (row: Record<string, unknown>) => `${String(row.name)}#${String(row._id)}`;
    const byId = names.map((name, i) => `${name}#${ids[i]}`);
    await sortsBothWays(
      api.adapterList,
      sa,
      filter,
      'name',
      // Case aside: srtalpha, the three SrtSame in id order, SrtZeta.
      [byId[1], byId[2], byId[3], byId[4], byId[0]].map(String),
      label,
    );
    await sortsBothWays(api.adapterList, sa, filter, 'createdAt', byId, label);
    await refusesHostile(api.adapterList, sa);
  });
});

describe('the agent sharing list', () => {
  it('sorts by the agent’s name and by creation, stable over the pages', async () => {
    const parent = await makeAgent(t, op, { username: 'srtparent' });
    const made = ['srtmango', 'srtApple', 'srtkiwi'];
    for (const username of made) {
      const child = await makeAgent(t, op, { username });
      await t.ok(api.agentSharingCreate, {
        token: op,
        body: { agent: child._id, parentAgent: parent._id, parentPercentage: 10 },
      });
    }
    const filter = { parentAgent: parent._id };
    await sortsBothWays(
      api.agentSharingList,
      op,
      filter,
      'agentUsername',
      ['srtApple', 'srtkiwi', 'srtmango'],
      str('agentUsername'),
    );
    await sortsBothWays(api.agentSharingList, op, filter, 'createdAt', made, str('agentUsername'));
    await refusesHostile(api.agentSharingList, op);
  });
});

describe('the audit log', () => {
  it('sorts by time both ways, records of one instant in the order written', async () => {
    // Three records of one instant of the test clock: their time ties, broken by id.
    const ours: string[] = [];
    for (const i of [1, 2, 3]) {
      const res = await makeAdapter(t, sa, { name: `Audited${i}`, codename: `AUDSRT_${i}` });
      ours.push(res._id);
    }
    const filter = { entity: 'adapter' };
    const id = str('entityId');
    const asc = (await walk(api.auditList, sa, { ...filter, sort: 'at', order: 'asc' }, id)).filter((x) =>
      ours.includes(x),
    );
    expect(asc).toEqual(ours);
    const desc = (await walk(api.auditList, sa, { ...filter, sort: 'at', order: 'desc' }, id)).filter((x) =>
      ours.includes(x),
    );
    expect(desc).toEqual([...ours].reverse());
    await refusesHostile(api.auditList, sa, 'at');
  });
});

describe('the session lists', () => {
  it('sort by account, sign-in and last use; one’s own too', async () => {
    for (const name of ['srt_s_mango', 'srt_s_Apple', 'srt_s_kiwi']) {
      await t.addAdmin(name, 'ADMIN');
      await t.login(name);
    }
    const mine = await t.login('srt_s_kiwi');
    const names = await walk(api.sessionListAll, sa, { sort: 'username', order: 'asc' }, str('username'), 3);
    const ours = names.filter((n) => n.startsWith('srt_s_'));
    expect(ours).toEqual(['srt_s_Apple', 'srt_s_kiwi', 'srt_s_kiwi', 'srt_s_mango']);
    const back = await walk(api.sessionListAll, sa, { sort: 'username', order: 'desc' }, str('_id'), 3);
    const fwd = await walk(api.sessionListAll, sa, { sort: 'username', order: 'asc' }, str('_id'), 3);
    expect(new Set(fwd).size).toBe(fwd.length);
    expect(back.length).toBe(fwd.length);
    // One's own: by sign-in, ties by id, both ways.
    const own = await walk(api.sessionList, mine, { sort: 'createdAt', order: 'asc' }, str('_id'), 1);
    expect(own.length).toBe(2);
    expect(await walk(api.sessionList, mine, { sort: 'createdAt', order: 'desc' }, str('_id'), 1)).toEqual(
      [...own].reverse(),
    );
    await refusesHostile(api.sessionListAll, sa);
    await refusesHostile(api.sessionList, mine);
  });

  it('the own list unsorted still starts with this session', async () => {
    await t.addAdmin('srt_s_self', 'ADMIN');
    await t.login('srt_s_self');
    const mine = await t.login('srt_s_self');
    const first = await t.ok(api.sessionList, {
      token: mine,
      body: { sort: '', order: '' } as BodyOf<typeof api.sessionList>,
    });
    expect(first.records[0]?.current).toBe(true);
  });
});

describe('the approvals list', () => {
  it('sorts by request time both ways, requests of one instant in id order over the pages', async () => {
    const by = BigInt(await t.addAdmin('srt_requester', 'ADMIN'));
    const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, s));
    // Written out of time order; two of one instant (ties broken by id).
    const times = [at(3), at(1), at(2), at(2), at(5)];
    const ids: string[] = [];
    for (const [i, requestedAt] of times.entries()) {
      const [row] = await t.ctx.db
        .insert(approvals)
        .values({
          kind: 'settlement-close',
          status: 'rejected',
          target: `srt-${i}`,
          requestedBy: by,
          requestedAt,
          payload: {},
          summary: { year: '2026', month: String(i + 1) },
        })
        .returning({ id: approvals.id });
      ids.push(String(row?.id));
    }
    const [a, b, c, d, e] = ids as [string, string, string, string, string];
    const ours = (xs: string[]) => xs.filter((x) => ids.includes(x));
    const id = str('_id');
    const asc = ours(await walk(api.approvalList, sa, { sort: 'requestedAt', order: 'asc' }, id));
    expect(asc).toEqual([b, c, d, a, e]);
    const desc = ours(await walk(api.approvalList, sa, { sort: 'requestedAt', order: 'desc' }, id));
    expect(desc).toEqual([e, a, d, c, b]);
    // '' is the list's own order: newest request first, the same as descending.
    expect(ours(await walk(api.approvalList, sa, { sort: '', order: '' }, id))).toEqual(desc);
    await refusesHostile(api.approvalList, sa, 'requestedAt');
  });
});

describe('the IP refusals list', () => {
  it('refusals of one last time keep one order over the pages: every row once', async () => {
    const lastAt = new Date(Date.UTC(2030, 0, 1));
    const rows = [1n, 2n, 3n].flatMap((subjectId) =>
      (['agent', 'admin'] as const).flatMap((scope) =>
        ['2029-12-30', '2029-12-31'].map((day) => ({
          scope,
          subjectId,
          day,
          count: 1,
          lastIp: '192.0.2.1',
          lastAt,
        })),
      ),
    );
    await t.ctx.db.insert(ipRefusals).values(rows);
    const key = (r: Record<string, unknown>) => `${r.scope}/${r.subjectId}/${r.day}`;
    const pages = await walk(api.ipRefusalList, sa, {}, key, 5);
    const tied = pages.slice(0, rows.length);
    expect(new Set(tied).size).toBe(rows.length);
    expect(tied).toEqual(
      [...rows]
        .sort(
          (x, y) =>
            x.scope.localeCompare(y.scope) || Number(y.subjectId - x.subjectId) || y.day.localeCompare(x.day),
        )
        .map((r) => `${r.scope}/${r.subjectId}/${r.day}`),
    );
    // Twice the same: no page of equal times answers its rows in another order.
    expect(await walk(api.ipRefusalList, sa, {}, key, 5)).toEqual(pages);
  });
});
