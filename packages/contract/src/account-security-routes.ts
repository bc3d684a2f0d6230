import {
  adminSecuritySchema,
  agentSignInSettingsBodySchema,
  agentSignInSettingsSchema,
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
import { okDataSchema } from './auth.ts';
import { idParamsSchema, listDataSchema } from './common.ts';
import { portal, roles } from './roles.ts';
import { forPortal, idRoute, route } from './route-builder.ts';

/** Routes of docs/design.md §13; `duringSetup` ones work while the account must still change its password or enrol. */
export const accountSecurityApi = {
  /** Sign-in step 2: the challenge of a 3006 answer and an authenticator or recovery code. */
  loginTotp: route('POST', '/admin/authorization/login/totp', 'public', {
    body: loginTotpBodySchema,
    data: loginResultSchema,
  }),

  // Re-authenticated by the current password in the body, checked and throttled like a sign-in: one
  // password prompt for the action, never a separate `verify` before it.
  passwordChange: forPortal(
    route('POST', '/account/password/change', roles.everyone, {
      body: passwordChangeBodySchema,
      data: sessionsEndedDataSchema,
      duringSetup: true,
    }),
    portal.everyone,
  ),
  passwordReset: route('POST', '/admin/admin/reset-password/:id', roles.managers, {
    params: idParamsSchema,
    data: passwordResetDataSchema,
    reauth: true,
  }),

  // Every account's own sessions, the agent side's too (docs/design.md §16).
  sessionList: forPortal(
    route('POST', '/account/sessions/list', roles.everyone, {
      body: ownSessionListQuerySchema,
      data: listDataSchema(sessionSchema),
    }),
    portal.everyone,
  ),
  sessionEnd: forPortal(
    idRoute('DELETE', '/account/sessions/end/:id', roles.everyone, okDataSchema),
    portal.everyone,
  ),
  sessionEndOthers: forPortal(
    route('POST', '/account/sessions/end-others', roles.everyone, {
      data: sessionsEndedDataSchema,
    }),
    portal.everyone,
  ),
  sessionListAll: route('POST', '/admin/sessions/list', roles.superadmin, {
    body: sessionListQuerySchema,
    data: listDataSchema(sessionSchema),
  }),
  sessionEndAny: idRoute('DELETE', '/admin/sessions/end/:id', roles.superadmin, okDataSchema),
  /** End every session of one account (a lost laptop). */
  sessionEndAccount: idRoute(
    'POST',
    '/admin/sessions/end-account/:id',
    roles.superadmin,
    sessionsEndedDataSchema,
  ),

  // Every account's own second factor, the agent side's too (docs/design.md §16).
  totpStatus: forPortal(
    route('POST', '/account/totp/status', roles.everyone, {
      data: totpStatusSchema,
      duringSetup: true,
    }),
    portal.everyone,
  ),
  // Adding a factor is sensitive too: a borrowed session could otherwise tie the account to a stranger's phone.
  totpEnrol: forPortal(
    route('POST', '/account/totp/enrol', roles.everyone, {
      data: totpEnrolDataSchema,
      reauth: true,
      duringSetup: true,
    }),
    portal.everyone,
  ),
  totpConfirm: forPortal(
    route('POST', '/account/totp/confirm', roles.everyone, {
      body: totpConfirmBodySchema,
      data: recoveryCodesDataSchema,
      reauth: true,
      duringSetup: true,
    }),
    portal.everyone,
  ),
  totpDisable: forPortal(
    route('POST', '/account/totp/disable', roles.everyone, {
      body: totpCodeBodySchema,
      data: okDataSchema,
      reauth: true,
    }),
    portal.everyone,
  ),
  totpRecoveryCodes: forPortal(
    route('POST', '/account/totp/recovery-codes', roles.everyone, {
      body: totpCodeBodySchema,
      data: recoveryCodesDataSchema,
      reauth: true,
    }),
    portal.everyone,
  ),
  /** An administrator removes another account's second factor (lost phone and codes); it enrols again. */
  totpReset: route('POST', '/admin/admin/totp-reset/:id', roles.managers, {
    params: idParamsSchema,
    data: okDataSchema,
    reauth: true,
  }),

  adminSecurity: idRoute('POST', '/admin/admin/security/:id', roles.managers, adminSecuritySchema),

  securitySettingsGet: route('POST', '/admin/security/settings/get', roles.superadmin, {
    data: securitySettingsSchema,
  }),
  securitySettingsUpdate: route('PUT', '/admin/security/settings/update', roles.superadmin, {
    body: securitySettingsBodySchema,
    data: securitySettingsSchema,
    reauth: true,
  }),

  adminAllowedIpsGet: idRoute(
    'POST',
    '/admin/admin/allowed-ips/get/:id',
    roles.managers,
    allowedIpsDataSchema,
  ),
  adminAllowedIpsUpdate: route('PUT', '/admin/admin/allowed-ips/update/:id', roles.managers, {
    params: idParamsSchema,
    body: allowedIpsSchema,
    data: allowedIpsDataSchema,
    reauth: true,
  }),
  // The agent side's owners read and set their own agent's list only (docs/design.md §16).
  agentAllowedIpsGet: forPortal(
    idRoute('POST', '/agent/allowed-ips/get/:id', roles.everyone, allowedIpsDataSchema),
    portal.owners,
  ),
  // The agent side's sign-in settings: operator types that must use two-factor, sign-in addresses.
  agentSignInSettingsGet: forPortal(
    idRoute('POST', '/agent/sign-in-settings/get/:id', roles.everyone, agentSignInSettingsSchema),
    portal.owners,
  ),
  agentSignInSettingsUpdate: forPortal(
    route('PUT', '/agent/sign-in-settings/update/:id', roles.writers, {
      params: idParamsSchema,
      body: agentSignInSettingsBodySchema,
      data: agentSignInSettingsSchema,
      reauth: true,
    }),
    portal.owners,
  ),
  agentAllowedIpsUpdate: forPortal(
    route('PUT', '/agent/allowed-ips/update/:id', roles.writers, {
      params: idParamsSchema,
      body: allowedIpsSchema,
      data: allowedIpsDataSchema,
    }),
    portal.owners,
  ),
  ipRefusalList: route('POST', '/security/ip-refusals/list', roles.everyone, {
    body: ipRefusalListQuerySchema,
    data: listDataSchema(ipRefusalSchema),
  }),
} as const;
