import type { AdminType } from '@sapi/contract';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

/** What every feature gets from the app: the database, the configuration and a clock tests can move. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
}

/** The signed-in staff member behind a request. */
export interface Actor {
  id: bigint;
  username: string;
  type: AdminType;
  sessionId: bigint;
  /** When this session last re-checked its password (`verify`), for sensitive changes. */
  verifiedAt: Date | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
