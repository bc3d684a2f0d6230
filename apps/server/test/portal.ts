import { randomBytes } from 'node:crypto';
import {
  agentOperators,
  agentSharing,
  agentSharingVersions,
  agents,
  portalSessions,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { newToken, sha256Hex } from '../src/lib/tokens.ts';
import { TEST_PASSWORD, type TestApp } from './harness.ts';

/*
 * The agent side's accounts for tests (docs/design.md §16): agents in a sharing tree and their
 * operators, written straight to the database, and sessions for them without a sign-in (no Argon2).
 */

let hash: Promise<string> | undefined;
const passwordHashOf = (password: string) => {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  hash ??= hashPassword(TEST_PASSWORD);
  return hash;
};

export interface AgentOptions {
  /** The parent agent's id: the new agent joins its downline from 2026-01-01. */
  parent?: string;
  password?: string;
  locked?: boolean;
  /** Default false here (the product's default is true: staff set every registered password). */
  mustChangePassword?: boolean;
}

/** An agent named `username` with prefix `prefix`; answers its id. */
export const addAgent = async (t: TestApp, username: string, prefix: string, opts: AgentOptions = {}) => {
  const [row] = await t.ctx.db
    .insert(agents)
    .values({
      username,
      passwordHash: await passwordHashOf(opts.password ?? TEST_PASSWORD),
      endpoint: 'https://example.test',
      prefix,
      code: `code_${prefix}`,
      secret: randomBytes(16).toString('hex'),
      apiKey: `ak_${randomBytes(12).toString('hex')}`,
      agentType: 'AGENT',
      locked: opts.locked ?? false,
      mustChangePassword: opts.mustChangePassword ?? false,
    })
    .returning({ id: agents.id });
  if (!row) throw new Error('no agent');
  if (opts.parent) await linkToParent(t, row.id.toString(), opts.parent);
  return row.id.toString();
};

/** Put `child` under `parent` in the sharing tree from 2026-01-01 (one arrangement, one version). */
export const linkToParent = async (t: TestApp, child: string, parent: string) => {
  const agentId = BigInt(child);
  const parentAgentId = BigInt(parent);
  const [sharing] = await t.ctx.db
    .insert(agentSharing)
    .values({ agentId, parentAgentId, parentBp: 1000 })
    .returning({ id: agentSharing.id });
  if (!sharing) throw new Error('no sharing');
  await t.ctx.db.insert(agentSharingVersions).values({
    sharingId: sharing.id,
    agentId,
    parentAgentId,
    parentBp: 1000,
    effectiveFrom: '2026-01-01',
    effectiveTo: null,
  });
};

export type OperatorType = 'SUPERMANAGER' | 'MANAGER' | 'OPERATOR' | 'REPORTER';

/** An operator of an agent; answers its id. */
export const addOperator = async (
  t: TestApp,
  agentId: string,
  username: string,
  type: OperatorType,
  opts: { password?: string; locked?: boolean; mustChangePassword?: boolean } = {},
) => {
  const [row] = await t.ctx.db
    .insert(agentOperators)
    .values({
      agentId: BigInt(agentId),
      username,
      passwordHash: await passwordHashOf(opts.password ?? TEST_PASSWORD),
      type,
      locked: opts.locked ?? false,
      mustChangePassword: opts.mustChangePassword ?? false,
    })
    .returning({ id: agentOperators.id });
  if (!row) throw new Error('no operator');
  return row.id.toString();
};

/** A live session of an agent's own account (`operatorId` absent) or of an operator, without signing in. */
export const portalSessionFor = async (t: TestApp, agentId: string, operatorId?: string) => {
  const token = newToken();
  const now = t.clock.now();
  await t.ctx.db.insert(portalSessions).values({
    tokenHash: sha256Hex(token),
    agentId: BigInt(agentId),
    operatorId: operatorId === undefined ? null : BigInt(operatorId),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 60 * 60_000),
    verifiedAt: now,
  });
  return token;
};
