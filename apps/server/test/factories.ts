import { type AuditEntity, api, type BodyOf, type DataOf, type ingestItemSchema } from '@sapi/contract';
import type { z } from 'zod';
import { signBody } from '../src/features/ingest/signature.ts';
import { OffContract, offContract } from './calls.ts';
import type { TestApp } from './harness.ts';

type AdapterBody = BodyOf<typeof api.adapterCreate>;

let n = 0;
const next = () => ++n;

/** Create a game provider through the API; answers its record. */
export const makeAdapter = (t: TestApp, token: string, over: Partial<AdapterBody> = {}) => {
  const i = next();
  return t.ok(api.adapterCreate, {
    token,
    body: {
      name: `Provider ${i}`,
      codename: `PROV_${i}`,
      endpoint: `https://games.example.com/p${i}`,
      type: 'SLOT',
      logo: `https://cdn.example.com/p${i}.png`,
      ...over,
    },
  });
};

/** A game provider for a bet brand, as both harnesses register it. */
export const brandProvider = (codename: string): AdapterBody => ({
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
    const res = await t.api(api.adapterCreate, { token, body: brandProvider(codename) });
    if (res.status !== 1000 && res.status !== 2009) {
      throw new Error(`adapter create failed: ${res.error}`);
    }
  }
};

/** A registered agent with the credentials its registration answers (and signed calls need). */
export type SignedAgent = DataOf<typeof api.agentRegister> & { secret: string; apiKeyEncoded: string };

/** Register an agent through the API; answers its record (with credentials). */
export const makeAgent = async (
  t: TestApp,
  token: string,
  over: Partial<BodyOf<typeof api.agentRegister>> = {},
): Promise<SignedAgent> => {
  const i = next();
  const agent = await t.ok(api.agentRegister, {
    token,
    body: {
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
  const { secret, apiKeyEncoded } = agent;
  if (secret === undefined || apiKeyEncoded === undefined) throw new Error('registration answered no secret');
  return { ...agent, secret, apiKeyEncoded };
};

/** Audit records of one entity instance, newest first. */
export const auditOf = async (t: TestApp, token: string, entity: AuditEntity, entityId: string) => {
  const { records } = await t.ok(api.auditList, { token, body: { entity, limit: 100 } });
  return records.filter((r) => r.entityId === entityId);
};

/** One field of an audit record's before- or after-image (each `unknown` in the contract). */
export const imageField = (image: unknown, field: string): unknown =>
  typeof image === 'object' && image !== null ? (image as Record<string, unknown>)[field] : undefined;

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

/** Headers of a signed ingest request over this exact body text (docs/design.md §9). */
export const signedHeaders = (
  agent: { apiKey: string; secret: string },
  payload: string,
  opts: { timestamp?: number; secret?: string; now: Date },
): Record<string, string> => {
  const timestamp = String(opts.timestamp ?? opts.now.getTime());
  return {
    'x-api-key': agent.apiKey,
    'x-timestamp': timestamp,
    'x-signature': signBody(opts.secret ?? agent.secret, timestamp, payload),
  };
};

/** One bet row as a game integration sends it. */
export type Bet = z.input<typeof ingestItemSchema>;

/**
 * Send a signed ingest batch as a game integration would (docs/design.md §9); `offContract([...])` sends rows
 * the contract refuses.
 */
export const ingest = (
  t: TestApp,
  agent: { apiKey: string; secret: string },
  transactions: readonly Bet[] | OffContract,
  opts: { timestamp?: number; secret?: string } = {},
) => {
  const body: BodyOf<typeof api.ingest> | OffContract =
    transactions instanceof OffContract
      ? offContract({ transactions: transactions.value })
      : { transactions: [...transactions] };
  return t.api(api.ingest, {
    body,
    sign: (payload) => signedHeaders(agent, payload, { ...opts, now: t.clock.now() }),
  });
};

let betSeq = 0;
/** A plausible bet row; override what the test cares about. */
export const bet = (over: Partial<Bet> = {}): Bet => ({
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
