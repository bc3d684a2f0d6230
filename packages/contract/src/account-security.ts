import { z } from 'zod';
import { operatorTypeSchema, operatorTypes } from './agent-operator.ts';
import { eachOnce, idFilter, isoTimestamp, pageFields, passwordSchema, sortFields } from './common.ts';
import { adminTypeSchema, adminTypes } from './roles.ts';

/**
 * Account security (docs/design.md §13): own password change and an administrator's reset, two-factor sign-in
 * (TOTP), sessions, and address allow-lists.
 */

/** What the web does after a sign-in that succeeded but left the account something to set up first. */
export const loginNextSchema = z.enum(['change-password', 'enrol-totp']);
export type LoginNext = z.infer<typeof loginNextSchema>;
/** The token, and when the account may not work yet (3007/3009 on other calls) what it must do first. */
export const loginResultSchema = z.object({ token: z.string(), next: loginNextSchema.optional() });
export type LoginResult = z.infer<typeof loginResultSchema>;
/** Carried by a 3006 answer of the password step: the code step sends it back with the code. */
export const loginChallengeSchema = z.object({ challenge: z.string(), expiresAt: isoTimestamp });

/** A 6-digit authenticator code, or a recovery code (`xxxx-xxxx-xxxx-xxxx`, dashes and case optional). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(6, 'required')
  .max(32)
  .refine((v) => /^(\d{6}|[a-zA-Z2-7]{4}(-?[a-zA-Z2-7]{4}){3})$/.test(v), {
    message: 'must be a 6-digit code or a recovery code',
    params: { code: 'second_factor_code' },
  });
export const loginTotpBodySchema = z.object({
  challenge: z.string().min(1, 'required').max(128),
  code: secondFactorCodeSchema,
});

export const passwordChangeBodySchema = z.object({
  currentPassword: z.string().min(1, 'required').max(1024),
  newPassword: passwordSchema,
});

/**
 * The change-password form: the body and the new password typed again. Only the web checks the
 * repetition; it sends the body's two fields.
 */
export const passwordChangeFormSchema = passwordChangeBodySchema
  .extend({ repeatPassword: z.string() })
  .refine((v) => v.repeatPassword === v.newPassword, {
    path: ['repeatPassword'],
    message: 'must repeat the new password',
    params: { code: 'password_mismatch' },
  });

export const passwordResetDataSchema = z.object({
  /** Shown once to the administrator who reset it; the account must replace it at its next sign-in. */
  temporaryPassword: z.string(),
});

export const sessionSchema = z.object({
  _id: z.string(),
  /** The account's id: a staff account's, or on the agent side the agent's or the operator's. */
  adminId: z.string(),
  username: z.string(),
  createdAt: isoTimestamp,
  lastSeenAt: isoTimestamp,
  ip: z.string().nullable(),
  /** Browser and system read from the user agent, e.g. "Chrome 131 on Windows"; null when unknown. */
  browser: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session that made this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
/** The caller's own live sessions, this one first, then the most recently used (paged like every list). */
export const ownSessionListQuerySchema = z.object({
  ...sortFields(['createdAt', 'lastSeenAt']),
  ...pageFields(20),
});
export const sessionListQuerySchema = z.object({
  adminId: idFilter,
  ...sortFields(['username', 'createdAt', 'lastSeenAt']),
  ...pageFields(50),
});
export const sessionsEndedDataSchema = z.object({ ended: z.number() });

export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  /** A SUPERADMIN requires two-factor sign-in for this account's type. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export const totpEnrolDataSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The same URI as a QR code: an SVG `data:` URL an <img> can show. */
  qrDataUrl: z.string(),
});
export const totpCodeBodySchema = z.object({ code: secondFactorCodeSchema });
export const totpConfirmBodySchema = z.object({
  code: z
    .string()
    .trim()
    .refine((v) => /^\d{6}$/.test(v), { message: 'must be 6 digits', params: { code: 'totp_code' } }),
});
export const recoveryCodesDataSchema = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});

export const securitySettingsSchema = z.object({
  /** Admin types that must sign in with a second factor (a member without one is led to enrol). */
  totpRequiredTypes: z.array(adminTypeSchema),
  /** A percentage change of a sharing arrangement waits for a second manager's approval (docs/design.md §15). */
  sharingChangeApproval: z.boolean(),
});
export const securitySettingsBodySchema = z.object({
  totpRequiredTypes: z
    .array(adminTypeSchema)
    .max(adminTypes.length)
    .superRefine(eachOnce('type_repeated', 'type')),
  /** Absent: unchanged. */
  sharingChangeApproval: z.boolean().optional(),
});

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
const cidrv4 = z.cidrv4();
const cidrv6 = z.cidrv6();

/**
 * The eight 16-bit words of an IPv6 address (`::`, an IPv4 tail and a zone allowed), or null if it is
 * not one. Plain code, as the browser checks lists with the same schema.
 */
export const ipv6Words = (address: string): number[] | null => {
  let text = address.split('%')[0] ?? '';
  const tail = /(?:^|:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((x) => x > 255)) return null;
    const start = tail.index + (tail[0].startsWith(':') ? 1 : 0);
    text = `${text.slice(0, start)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const words = (part: string | undefined) => (part ? part.split(':') : []);
  const head = words(halves[0]);
  const rest = words(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...rest];
  if (!all.every((w) => /^[0-9a-f]{1,4}$/i.test(w))) return null;
  return all.map((w) => Number.parseInt(w, 16));
};

/** ::ffff:0:0/96, where a dual-stack socket shows every IPv4 client. */
const IPV4_MAPPED = [0, 0, 0, 0, 0, 0xffff, 0, 0];
export const IPV4_MAPPED_PREFIX = 96;

/** Does the IPv6 range `words`/`prefix` hold all of ::ffff:0:0/96, i.e. every IPv4 client? */
export const ipv6RangeCoversIpv4 = (words: readonly number[], prefix: number): boolean => {
  if (prefix > IPV4_MAPPED_PREFIX) return false;
  for (let bit = 0; bit < prefix; bit++) {
    const mask = 0x8000 >> (bit % 16);
    const w = Math.floor(bit / 16);
    if (((words[w] ?? 0) & mask) !== ((IPV4_MAPPED[w] ?? 0) & mask)) return false;
  }
  return true;
};

/**
 * One IPv4/IPv6 address or CIDR range. An IPv6 range holding all of ::ffff:0:0/96 (`::/0`, `::/64`,
 * `::ffff:0:0/96` …) is refused: it would admit every IPv4 client, which its writer rarely means.
 * A range inside it (`::ffff:10.0.0.0/104`) is an IPv4 range written the IPv6 way, and kept.
 */
export const ipEntrySchema = z
  .string()
  .trim()
  .max(64)
  .superRefine((v, ctx) => {
    if (![ipv4, ipv6, cidrv4, cidrv6].some((s) => s.safeParse(v).success)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an IPv4 or IPv6 address or CIDR range',
        params: { code: 'ip_or_cidr' },
      });
      return;
    }
    const [address = '', bits] = v.split('/');
    const words = bits === undefined ? null : ipv6Words(address);
    if (words && ipv6RangeCoversIpv4(words, Number(bits))) {
      ctx.addIssue({
        code: 'custom',
        message:
          'an IPv6 range holding ::ffff:0:0/96 would admit every IPv4 client; list IPv4 ranges as IPv4',
        params: { code: 'ipv6_range_covers_ipv4' },
      });
    }
  });
export const MAX_ALLOWED_IPS = 100;
/** An address allow-list; empty = every address may call (no restriction). */
export const allowedIpsSchema = z.object({
  allowedIps: z.array(ipEntrySchema).max(MAX_ALLOWED_IPS),
});
/** An agent's sign-in settings, set by its owners (docs/design.md §16). */
export const agentSignInSettingsSchema = z.object({
  /** Operator types of this agent that must sign in with a second factor (one without is led to enrol). */
  operatorTotpTypes: z.array(operatorTypeSchema),
  /** Addresses and CIDR ranges the agent's accounts may sign in from; empty = any. */
  signInIps: z.array(z.string()),
});
export const agentSignInSettingsBodySchema = z.object({
  operatorTotpTypes: z
    .array(operatorTypeSchema)
    .max(operatorTypes.length)
    .superRefine(eachOnce('type_repeated', 'type')),
  signInIps: z.array(ipEntrySchema).max(MAX_ALLOWED_IPS),
});
export const allowedIpsDataSchema = z.object({ allowedIps: z.array(z.string()) });

export const ipRefusalScopeSchema = z.enum(['agent', 'admin']);
export const ipRefusalSchema = z.object({
  scope: ipRefusalScopeSchema,
  subjectId: z.string(),
  /** The agent's or account's username. */
  subject: z.string().nullable(),
  /** Business-neutral UTC day of the refusals. */
  day: z.string(),
  count: z.number(),
  lastIp: z.string(),
  lastAt: isoTimestamp,
});
export const ipRefusalListQuerySchema = z.object({
  scope: z.union([ipRefusalScopeSchema, z.literal('')]).optional(),
  ...pageFields(50),
});

/** An account's security state as its administrators see it (the admin screen's badges). */
export const adminSecuritySchema = z.object({
  totpEnabled: z.boolean(),
  /** Signed in (or will) with a temporary password that it has not replaced yet. */
  mustChangePassword: z.boolean(),
  allowedIps: z.array(z.string()),
  liveSessions: z.number(),
});
