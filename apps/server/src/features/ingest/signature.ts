import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Status } from '@sapi/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assertAllowedIp } from '../../core/allow-list.ts';
import { AppError } from '../../core/errors.ts';
import { agents } from '../../db/schema/index.ts';

/** Signed requests older or newer than this are refused (DESIGN §9). */
export const MAX_SKEW_MS = 300_000;

export const signBody = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

const refuse = (message: string) => new AppError(Status.UNAUTHENTICATED, message);
const header = (headers: IncomingHttpHeaders, name: string) => {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * Identify the agent by X-Api-Key and check X-Signature over X-Timestamp and the raw body, then the
 * agent's address allow-list: a refusal there means valid credentials used from elsewhere, which is
 * what operations need to see counted (unsigned noise is refused before and not counted).
 */
export const verifySignedRequest = async (
  ctx: AppContext,
  headers: IncomingHttpHeaders,
  rawBody: string,
  ip: string,
) => {
  const apiKey = header(headers, 'x-api-key');
  const timestamp = header(headers, 'x-timestamp');
  const signature = header(headers, 'x-signature');
  if (!apiKey || !timestamp || !signature)
    throw refuse('X-Api-Key, X-Timestamp and X-Signature are required');
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(ctx.now().getTime() - Number(timestamp)) > MAX_SKEW_MS) {
    throw refuse('X-Timestamp is missing or outside ±300 s of server time');
  }
  const [agent] = await ctx.db.select().from(agents).where(eq(agents.apiKey, apiKey)).limit(1);
  const expected = Buffer.from(signBody(agent?.secret ?? 'no-such-agent', timestamp, rawBody), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
  const valid = given.length === expected.length && timingSafeEqual(given, expected);
  if (!agent || !valid) throw refuse('Invalid API key or signature');
  await assertAllowedIp(ctx.db, 'agent', agent, ip, ctx.now());
  if (agent.locked) throw new AppError(Status.LOCKED, 'Agent is locked');
  return agent;
};
