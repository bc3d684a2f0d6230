import { isIP } from 'node:net';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const isAddressOrCidr = (entry: string): boolean => {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/** TRUST_PROXY as Fastify's `trustProxy` takes it: false, a hop count or a list of trusted proxies. */
const parseTrustProxy = (value: string, ctx: z.RefinementCtx): false | number | string[] => {
  const v = value.trim();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be a hop count (e.g. 1) or a comma list of trusted proxy addresses/CIDRs: true would trust the leftmost X-Forwarded-For entry, which the client writes',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) return Number(v) <= 16 ? Number(v) : invalidProxy(ctx);
  const entries = v.split(',').map((e) => e.trim());
  if (entries.every(isAddressOrCidr)) return entries;
  return invalidProxy(ctx);
};

const invalidProxy = (ctx: z.RefinementCtx): never => {
  ctx.addIssue({
    code: 'custom',
    message: 'must be false, a hop count from 0 to 16, or a comma list of proxy addresses/CIDRs',
  });
  return z.NEVER;
};

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

export const configSchema = z.object({
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  DATABASE_URL: z.preprocess(blankToUndefined, postgresUrl.optional()),
  /**
   * PostgreSQL only: a role that owns the tables. Migrations and the ledger partitions (at start and
   * hourly) run through a short-lived pool on it, and everything served on DATABASE_URL, a role that
   * owns nothing and so cannot switch the audit log's append-only trigger off (docs/design.md §7).
   * Unset = DATABASE_URL does all.
   */
  DATABASE_OWNER_URL: z.preprocess(blankToUndefined, postgresUrl.optional()),
  /**
   * PostgreSQL only: a streaming replica of DATABASE_URL's database. Reports, transaction lists and
   * exports read there, except what the reading session itself wrote and the replica has not
   * replayed yet; a replica down or behind DATABASE_READ_MAX_LAG_MS leaves them on the primary.
   */
  DATABASE_READ_URL: z.preprocess(blankToUndefined, postgresUrl.optional()),
  /** How far behind the primary the replica may be (ms) before its reads go to the primary instead. */
  DATABASE_READ_MAX_LAG_MS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(100).max(600_000).default(5_000),
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  ADMIN_USERNAME: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-zA-Z0-9_]{3,32}$/, 'must be 3 to 32 letters, digits or _')
      .default('admin'),
  ),
  ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z.string().min(8, 'must be 8 to 128 characters').max(128, 'must be 8 to 128 characters').optional(),
  ),
  REPORT_TIMEZONE: z.preprocess(
    blankToUndefined,
    z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Bangkok').default('Asia/Bangkok'),
  ),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(logLevels).default('info')),
  /** Folder of the built web app to serve; unset = apps/web/dist beside the server. */
  WEB_DIST: z.preprocess(blankToUndefined, z.string().optional()),
  /**
   * Which X-Forwarded-For entries to believe (docs/design.md §7): unset/false/0 = none (the socket address),
   * a hop count, or a comma list of trusted proxy addresses/CIDRs. Never `true`: that takes the
   * leftmost entry, which the client writes itself.
   */
  TRUST_PROXY: z.preprocess(blankToUndefined, z.string().default('false').transform(parseTrustProxy)),
  /** How long in-flight requests may run after SIGTERM before they are cut off (docs/design.md §7). */
  SHUTDOWN_GRACE_MS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0).max(600_000).default(10_000),
  ),
  /**
   * A request (headers and body, up to the 1 MiB limit) must arrive within this many ms, else the
   * socket is closed with 408 (docs/design.md §7; http/connection-limits.ts). Headers: at most 10 s of it.
   */
  REQUEST_TIMEOUT_MS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(500).max(300_000).default(20_000),
  ),
  /** How long an idle keep-alive connection stays open (ms); above a load balancer's idle timeout. */
  KEEP_ALIVE_TIMEOUT_MS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(500).max(600_000).default(72_000),
  ),
  /** Open connections one client address (an IPv6 /64) may hold; more are closed at once. 0 = no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0).max(1_000_000).default(64),
  ),
  /** Open connections in all; unset = the process's file limit less 512 (for the database and logs), at most 10,000. */
  MAX_CONNECTIONS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),
  /** Signs the audit chain's checkpoints; unset = a key file generated in DATA_DIR (audit.key). */
  AUDIT_KEY: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Encrypts two-factor (TOTP) secrets at rest (docs/design.md §13); unset = a key file generated in DATA_DIR
   * (totp.key). Losing it means every account enrols its authenticator again.
   */
  TOTP_KEY: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * `off` stops writing the ingest log (docs/design.md §9). For the benchmark only, which measures ingest
   * with and without it in one run; a server in service always keeps its log.
   */
  INGEST_LOG: z.preprocess(blankToUndefined, z.enum(['on', 'off']).default('on')),
  /**
   * `on`: every answer is also parsed by its zod schema, and must serialise to the same text the
   * schema-built serializer writes (http/serializer.ts), else the request fails 500. For the test
   * suites (which set it); a server in service writes each answer once.
   */
  CHECK_ANSWERS: z.preprocess(blankToUndefined, z.enum(['on', 'off']).default('off')),
  /**
   * Live sessions one account may hold; a sign-in past it ends the least recently used (docs/design.md §7).
   * The end-to-end suite raises it: its workers keep their sessions open while it signs the same
   * account in some fifty times.
   */
  MAX_SESSIONS_PER_ACCOUNT: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(1000).default(10),
  ),
  /**
   * `on`: a sign-in counts as the session's password re-check for its first 5 minutes, so a sensitive
   * change right after it asks for no second prompt (docs/design.md §7). `off` (the end-to-end suite, whose
   * workers' sessions are fresh throughout and which shows the prompt): only `verify` and setup steps do.
   */
  SIGN_IN_VERIFIES: z.preprocess(blankToUndefined, z.enum(['on', 'off']).default('on')),
  /** Where the signed checkpoints are appended; unset = DATA_DIR/audit-checkpoints.log. */
  AUDIT_CHECKPOINT_FILE: z.preprocess(blankToUndefined, z.string().optional()),
});

export type Config = z.infer<typeof configSchema>;

/** What one variable cannot say alone. */
const checkedConfig = configSchema.superRefine((c, ctx) => {
  if (c.DATABASE_OWNER_URL && !c.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_OWNER_URL'],
      message: 'needs DATABASE_URL too (the app role, on the same PostgreSQL database)',
    });
  if (c.DATABASE_READ_URL && !c.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_READ_URL'],
      message:
        'needs DATABASE_URL: read replicas are PostgreSQL streaming replicas, and the embedded PGlite (DATABASE_URL unset) has none',
    });
});

export class ConfigError extends Error {}

/** A value as it may be shown: a URL's password (`//user:…@`, `password=…`) masked. */
const withoutPassword = (value: string) =>
  value.replace(/^([a-z]+:\/\/[^:@/]*:).*@/i, '$1***@').replace(/(password=)[^&]*/gi, '$1***');

/** Parse the environment; a bad value becomes one line naming the variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = checkedConfig.safeParse(env);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const name = first?.path.join('.') ?? 'environment';
  const value = env[name];
  const shown =
    name === 'ADMIN_PASSWORD' || name === 'AUDIT_KEY' || name === 'TOTP_KEY' || value === undefined
      ? ''
      : ` (got "${withoutPassword(value)}")`;
  throw new ConfigError(`Configuration error: ${name} ${first?.message ?? 'is invalid'}${shown}`);
};
