import type { TestApp } from './harness.ts';

let n = 0;
const next = () => ++n;

/** Create a game provider through the API; answers its record. */
export const makeAdapter = async (t: TestApp, token: string, over: Record<string, unknown> = {}) => {
  const i = next();
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/adapter/create',
    token,
    payload: {
      name: `Provider ${i}`,
      codename: `PROV_${i}`,
      endpoint: `https://games.example.com/p${i}`,
      type: 'SLOT',
      logo: `https://cdn.example.com/p${i}.png`,
      ...over,
    },
  });
  if (res.body.status !== 1000) throw new Error(`adapter create failed: ${res.body.error}`);
  return res.body.data;
};

/** A game provider for a bet brand, as both harnesses register it. */
export const brandProvider = (codename: string) => ({
  name: `Provider ${codename}`,
  codename,
  endpoint: `https://games.example.com/${codename.toLowerCase()}`,
  type: 'SLOT',
  logo: `https://cdn.example.com/${codename.toLowerCase()}.png`,
});

/**
 * Register game providers by codename (ingest refuses a bet whose brand is none), skipping any that
 * exists; `token` must be allowed to create adapters (ADMIN or SUPERADMIN).
 */
export const registerBrands = async (t: TestApp, token: string, codenames: readonly string[]) => {
  for (const codename of codenames) {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/adapter/create',
      token,
      payload: brandProvider(codename),
    });
    if (res.body.status !== 1000 && res.body.status !== 2009) {
      throw new Error(`adapter create failed: ${res.body.error}`);
    }
  }
};

/** Register an agent through the API; answers its record (with credentials). */
export const makeAgent = async (t: TestApp, token: string, over: Record<string, unknown> = {}) => {
  const i = next();
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/agent/register',
    token,
    payload: {
      username: `agent_${i}`,
      password: 'agent-password-1',
      endpoint: `https://agent${i}.example.com/callback`,
      games: [],
      // Six characters each, so the generated prefixes are prefix-free among themselves.
      prefix: `q${i.toString(36).padStart(5, '0')}`,
      code: `AG-${i}`,
      agentType: 'AGENT',
      ...over,
    },
  });
  if (res.body.status !== 1000) throw new Error(`agent register failed: ${res.body.error}`);
  return res.body.data;
};

/** Audit records of one entity instance, newest first. */
export const auditOf = async (t: TestApp, token: string, entity: string, entityId: string) => {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/audit/list',
    token,
    payload: { entity, limit: 100 },
  });
  return (
    res.body.data.records as { entityId: string; action: string; before: unknown; after: unknown }[]
  ).filter((r) => r.entityId === entityId);
};

/** Parse a CSV export body (BOM, CRLF, quoted cells). */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
};

/** Send a signed ingest batch as a game integration would (DESIGN §9). */
export const ingest = async (
  t: TestApp,
  agent: { apiKey: string; secret: string },
  transactions: unknown[],
  opts: { timestamp?: number; secret?: string; body?: string } = {},
) => {
  const { signBody } = await import('../src/features/ingest/signature.ts');
  const body = opts.body ?? JSON.stringify({ transactions });
  const timestamp = String(opts.timestamp ?? t.clock.now().getTime());
  return t.call({
    method: 'POST',
    url: '/api/v1/ingest/transactions',
    headers: {
      'content-type': 'application/json',
      'x-api-key': agent.apiKey,
      'x-timestamp': timestamp,
      'x-signature': signBody(opts.secret ?? agent.secret, timestamp, body),
    },
    payload: body,
  });
};

let betSeq = 0;
/** A plausible bet row; override what the test cares about. */
export const bet = (over: Record<string, unknown> = {}) => ({
  betId: `B${++betSeq}`,
  betType: 'HOLD',
  betTypeFromGame: 'bet',
  gameBrand: 'PG',
  gameCode: 'mahjong-ways',
  username: 'player01',
  amount: -10,
  startDate: '2026-11-01T05:00:00.000Z',
  ...over,
});
