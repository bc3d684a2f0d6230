import { z } from 'zod';
import { eachOnce, idFilter, isoTimestamp, pageFields, passwordSchema } from './common.ts';
import { adminTypeSchema, adminTypes } from './roles.ts';

/**
 * Account security (DESIGN §13): own password change and an administrator's reset, two-factor sign-in
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
export const sessionsDataSchema = z.object({ records: z.array(sessionSchema) });
export const sessionListQuerySchema = z.object({ adminId: idFilter, ...pageFields(50) });
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
});
export const securitySettingsBodySchema = z.object({
  totpRequiredTypes: z
    .array(adminTypeSchema)
    .max(adminTypes.length)
    .superRefine(eachOnce('type_repeated', 'type')),
});

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
const cidrv4 = z.cidrv4();
const cidrv6 = z.cidrv6();
/** One IPv4/IPv6 address or CIDR range. */
export const ipEntrySchema = z
  .string()
  .trim()
  .max(64)
  .refine((v) => [ipv4, ipv6, cidrv4, cidrv6].some((s) => s.safeParse(v).success), {
    message: 'must be an IPv4 or IPv6 address or CIDR range',
    params: { code: 'ip_or_cidr' },
  });
export const MAX_ALLOWED_IPS = 100;
/** An address allow-list; empty = every address may call (no restriction). */
export const allowedIpsSchema = z.object({
  allowedIps: z.array(ipEntrySchema).max(MAX_ALLOWED_IPS),
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
