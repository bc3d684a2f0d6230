import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { type IngestLogReason, Status } from '@sapi/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assertAllowedIp } from '../../core/allow-list.ts';
import { AppError } from '../../core/errors.ts';
import { agents } from '../../db/schema/index.ts';

/** Signed requests older or newer than this are refused (docs/design.md §9). */
export const MAX_SKEW_MS = 300_000;

export const signBody = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

const refuse = (message: string) => new AppError(Status.UNAUTHENTICATED, message);
const header = (headers: IncomingHttpHeaders, name: string) => {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** What the signature check learnt about a request, for its ingest log row, whether it passed or not. */
export interface SignatureNote {
  /** The agent whose API key the request carried, once the key is found (signed or not). */
  agentId?: bigint;
  /** Why the request was refused, when it was. */
  reason?: IngestLogReason;
  /** The signature held: the body is the agent's own, and may be quoted in the log. */
  signed?: boolean;
}

/** The agent an API key belongs to, if any; a key longer than any issued one is nobody's. */
export const agentOfKey = async (ctx: AppContext, apiKey: string | undefined) => {
  if (!apiKey || apiKey.length > MAX_API_KEY_LENGTH) return undefined;
  const [agent] = await ctx.db.select().from(agents).where(eq(agents.apiKey, apiKey)).limit(1);
  return agent;
};
const MAX_API_KEY_LENGTH = 200;

/**
 * Identify the agent by X-Api-Key and check X-Signature over X-Timestamp and the raw body, then the
 * agent's address allow-list: a refusal there means valid credentials used from elsewhere, which is
 * what operations need to see counted. `note` records what was learnt, for the ingest log: the agent
 * as soon as its key is found, so a stale or badly signed request is still shown on its agent.
 */
export const verifySignedRequest = async (
  ctx: AppContext,
  headers: IncomingHttpHeaders,
  rawBody: string,
  ip: string,
  note: SignatureNote = {},
) => {
  const apiKey = header(headers, 'x-api-key');
  const timestamp = header(headers, 'x-timestamp');
  const signature = header(headers, 'x-signature');
  const agent = await agentOfKey(ctx, apiKey);
  if (agent) note.agentId = agent.id;
  const refused = (reason: IngestLogReason, message: string) => {
    note.reason = reason;
    return refuse(message);
  };
  if (!apiKey || !timestamp || !signature)
    throw refused('missing_credentials', 'X-Api-Key, X-Timestamp and X-Signature are required');
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(ctx.now().getTime() - Number(timestamp)) > MAX_SKEW_MS) {
    throw refused('stale_timestamp', 'X-Timestamp is missing or outside ±300 s of server time');
  }
  const expected = Buffer.from(signBody(agent?.secret ?? 'no-such-agent', timestamp, rawBody), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
  const valid = given.length === expected.length && timingSafeEqual(given, expected);
  if (!agent) throw refused('unknown_key', 'Invalid API key or signature');
  if (!valid) throw refused('bad_signature', 'Invalid API key or signature');
  note.signed = true;
  note.reason = 'address_not_allowed';
  await assertAllowedIp(ctx.db, 'agent', agent, ip, ctx.now());
  note.reason = undefined;
  if (agent.locked) {
    note.reason = 'agent_locked';
    throw new AppError(Status.LOCKED, 'Agent is locked');
  }
  return agent;
};
