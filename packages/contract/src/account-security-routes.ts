import { z } from 'zod';
import {
  adminSecuritySchema,
  allowedIpsDataSchema,
  allowedIpsSchema,
  ipRefusalListQuerySchema,
  ipRefusalSchema,
  loginResultSchema,
  loginTotpBodySchema,
  ownSessionListQuerySchema,
  passwordChangeBodySchema,
  passwordResetDataSchema,
  recoveryCodesDataSchema,
  securitySettingsBodySchema,
  securitySettingsSchema,
  sessionListQuerySchema,
  sessionSchema,
  sessionsEndedDataSchema,
  totpCodeBodySchema,
  totpConfirmBodySchema,
  totpEnrolDataSchema,
  totpStatusSchema,
} from './account-security.ts';
import { emptyBodySchema, idParamsSchema, listDataSchema, refuseUnstorableText } from './common.ts';
import { type AdminType, roles } from './roles.ts';

/**
 * The shape of routes.ts's RouteDef, restated: routes.ts spreads these into `api` (where `satisfies
 * RouteDef` checks them), so importing it back, even as a type, would be an import cycle.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Access = 'public' | 'agent-signed' | readonly AdminType[];
interface Def<B extends z.ZodType, P extends z.ZodType, D extends z.ZodType> {
  method: Method;
  path: string;
  access: Access;
  body: B;
  params: P;
  data: D;
  reauth?: true;
  duringSetup?: true;
}

const noParams = z.object({});

/** The same shape as routes.ts builds: every input refuses text PostgreSQL cannot store. */
const def = <B extends z.ZodType, P extends z.ZodType, D extends z.ZodType>(
  method: Method,
  path: string,
  access: Access,
  shapes: { body?: B; params?: P; data: D; reauth?: true; duringSetup?: true },
): Def<B, P, D> => ({
  method,
  path,
  access,
  body: (shapes.body ?? emptyBodySchema).superRefine(refuseUnstorableText) as unknown as B,
  params: (shapes.params ?? noParams).superRefine(refuseUnstorableText) as unknown as P,
  data: shapes.data,
  ...(shapes.reauth ? { reauth: true as const } : {}),
  ...(shapes.duringSetup ? { duringSetup: true as const } : {}),
});

const okData = z.object({ ok: z.literal(true) });

/** Routes of DESIGN §13; `duringSetup` ones work while the account must still change its password or enrol. */
export const accountSecurityApi = {
  /** Sign-in step 2: the challenge of a 3006 answer and an authenticator or recovery code. */
  loginTotp: def('POST', '/admin/authorization/login/totp', 'public', {
    body: loginTotpBodySchema,
    data: loginResultSchema,
  }),

  // Re-authenticated twice over: a `verify` in this session within 5 minutes (DESIGN §7) and the
  // current password in the body, checked and throttled like a sign-in. A session opened with a
  // temporary password counts as verified at sign-in, so the forced change needs no extra prompt.
  passwordChange: def('POST', '/account/password/change', roles.everyone, {
    body: passwordChangeBodySchema,
    data: sessionsEndedDataSchema,
    reauth: true,
    duringSetup: true,
  }),
  passwordReset: def('POST', '/admin/admin/reset-password/:id', roles.managers, {
    params: idParamsSchema,
    data: passwordResetDataSchema,
    reauth: true,
  }),

  sessionList: def('POST', '/account/sessions/list', roles.everyone, {
    body: ownSessionListQuerySchema,
    data: listDataSchema(sessionSchema),
  }),
  sessionEnd: def('DELETE', '/account/sessions/end/:id', roles.everyone, {
    params: idParamsSchema,
    data: okData,
  }),
  sessionEndOthers: def('POST', '/account/sessions/end-others', roles.everyone, {
    data: sessionsEndedDataSchema,
  }),
  sessionListAll: def('POST', '/admin/sessions/list', roles.superadmin, {
    body: sessionListQuerySchema,
    data: listDataSchema(sessionSchema),
  }),
  sessionEndAny: def('DELETE', '/admin/sessions/end/:id', roles.superadmin, {
    params: idParamsSchema,
    data: okData,
  }),
  /** End every session of one account (a lost laptop). */
  sessionEndAccount: def('POST', '/admin/sessions/end-account/:id', roles.superadmin, {
    params: idParamsSchema,
    data: sessionsEndedDataSchema,
  }),

  totpStatus: def('POST', '/account/totp/status', roles.everyone, {
    data: totpStatusSchema,
    duringSetup: true,
  }),
  // Adding a factor is sensitive too: a borrowed session could otherwise tie the account to a stranger's phone.
  totpEnrol: def('POST', '/account/totp/enrol', roles.everyone, {
    data: totpEnrolDataSchema,
    reauth: true,
    duringSetup: true,
  }),
  totpConfirm: def('POST', '/account/totp/confirm', roles.everyone, {
    body: totpConfirmBodySchema,
    data: recoveryCodesDataSchema,
    reauth: true,
    duringSetup: true,
  }),
  totpDisable: def('POST', '/account/totp/disable', roles.everyone, {
    body: totpCodeBodySchema,
    data: okData,
    reauth: true,
  }),
  totpRecoveryCodes: def('POST', '/account/totp/recovery-codes', roles.everyone, {
    body: totpCodeBodySchema,
    data: recoveryCodesDataSchema,
    reauth: true,
  }),
  /** An administrator removes another account's second factor (lost phone and codes); it enrols again. */
  totpReset: def('POST', '/admin/admin/totp-reset/:id', roles.managers, {
    params: idParamsSchema,
    data: okData,
    reauth: true,
  }),

  adminSecurity: def('POST', '/admin/admin/security/:id', roles.managers, {
    params: idParamsSchema,
    data: adminSecuritySchema,
  }),

  securitySettingsGet: def('POST', '/admin/security/settings/get', roles.superadmin, {
    data: securitySettingsSchema,
  }),
  securitySettingsUpdate: def('PUT', '/admin/security/settings/update', roles.superadmin, {
    body: securitySettingsBodySchema,
    data: securitySettingsSchema,
    reauth: true,
  }),

  adminAllowedIpsGet: def('POST', '/admin/admin/allowed-ips/get/:id', roles.managers, {
    params: idParamsSchema,
    data: allowedIpsDataSchema,
  }),
  adminAllowedIpsUpdate: def('PUT', '/admin/admin/allowed-ips/update/:id', roles.managers, {
    params: idParamsSchema,
    body: allowedIpsSchema,
    data: allowedIpsDataSchema,
    reauth: true,
  }),
  agentAllowedIpsGet: def('POST', '/agent/allowed-ips/get/:id', roles.everyone, {
    params: idParamsSchema,
    data: allowedIpsDataSchema,
  }),
  agentAllowedIpsUpdate: def('PUT', '/agent/allowed-ips/update/:id', roles.writers, {
    params: idParamsSchema,
    body: allowedIpsSchema,
    data: allowedIpsDataSchema,
  }),
  ipRefusalList: def('POST', '/security/ip-refusals/list', roles.everyone, {
    body: ipRefusalListQuerySchema,
    data: listDataSchema(ipRefusalSchema),
  }),
} as const;
