import type { AdminType } from '@sapi/contract';
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

/** The signed-in staff member behind a request. */
export interface Actor {
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

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
