import type { AdminType, PortalRole } from '@sapi/contract';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { ReadRouting } from './db/replica.ts';

/** What every feature gets from the app: the database, the configuration and a clock tests can move. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
  /** PostgreSQL with DATABASE_READ_URL: where report, transaction-list and export reads go. */
  reads?: ReadRouting<Db>;
}

/**
 * Which agents a principal may see (docs/design.md §16): every agent (staff), or an agent and its
 * downline — every agent below it in the sharing tree in force today — for the agent side. The ledger
 * readers take one and cannot build a query without it (ledger/scope.ts).
 */
export type Scope =
  | { readonly kind: 'all' }
  | { readonly kind: 'agents'; readonly root: bigint; readonly agentIds: readonly bigint[] };

export const ALL_AGENTS: Scope = { kind: 'all' };

/** The signed-in staff member behind a request. */
export interface Actor {
  kind: 'staff';
  id: bigint;
  username: string;
  type: AdminType;
  sessionId: bigint;
  /** When this session last re-checked its password (`verify`), for sensitive changes. */
  verifiedAt: Date | null;
  /** Signed in with a temporary password: everything but the setup routes answers 3007. */
  mustChangePassword: boolean;
  /** Its type requires two-factor sign-in and it has not enrolled: everything but setup answers 3009. */
  mustEnrolTotp: boolean;
  /** Addresses this account may work from; empty = any. */
  allowedIps: string[];
}

/** An agent's own account or one of its operators, signed in (docs/design.md §16). */
export interface PortalActor {
  kind: 'agent' | 'operator';
  /** The agent's id (its own account) or the operator's. */
  id: bigint;
  /** The sign-in name: the agent's username, or `operator@prefix`. */
  username: string;
  role: PortalRole;
  /** The operator's type, or AGENT for the agent's own account. */
  type: 'AGENT' | 'SUPERMANAGER' | 'MANAGER' | 'OPERATOR' | 'REPORTER';
  agentId: bigint;
  agentUsername: string;
  prefix: string;
  operatorId: bigint | null;
  sessionId: bigint;
  verifiedAt: Date | null;
  mustChangePassword: boolean;
  /** An operator whose owners require two-factor sign-in of its type and that has not enrolled. */
  mustEnrolTotp: boolean;
  scope: Scope;
}

/** Whoever a signed-in request is from: staff, or the agent side. */
export type Principal = Actor | PortalActor;

/** The scope of a principal: staff see every agent. */
export const scopeOf = (p: Principal): Scope => (p.kind === 'staff' ? ALL_AGENTS : p.scope);

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
