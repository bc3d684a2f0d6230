import { api } from '@sapi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertOwnAgent } from '../../core/entities.ts';
import { revokePortalSession } from '../../core/portal-sessions.ts';
import { revokeSession } from '../../core/session-store.ts';
import { defineRoute } from '../../http/route.ts';
import { changeOwnPassword, resetPassword } from './password.ts';
import { changePortalPassword, selfOf, verifyPortalPassword } from './portal.ts';
import {
  endOtherPortalSessions,
  endOwnPortalSession,
  listOwnPortalSessions,
} from './portal-session-management.ts';
import {
  confirmPortalEnrolment,
  disablePortalTotp,
  portalSignInSettings,
  portalTotpStatus,
  renewPortalRecoveryCodes,
  resetAgentTotp,
  startPortalEnrolment,
  updatePortalSignInSettings,
} from './portal-two-factor.ts';
import { login, loginWithCode, verifyOwnPassword } from './service.ts';
import { endSession, endSessionsOf, listAllSessions, listOwnSessions } from './session-management.ts';
import {
  adminSecurity,
  confirmEnrolment,
  disableTotp,
  renewRecoveryCodes,
  resetTotp,
  securitySettings,
  startEnrolment,
  totpStatus,
  updateSecuritySettings,
} from './two-factor-management.ts';

const userAgentOf = (req: FastifyRequest): string | undefined => {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' ? ua : undefined;
};

export const authRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.login, async ({ body, ctx, ip, req }) =>
    login(ctx, body.username, body.password, { ip, userAgent: userAgentOf(req) }),
  );

  defineRoute(app, api.loginTotp, async ({ body, ctx, ip, req }) =>
    loginWithCode(ctx, body.challenge, body.code, { ip, userAgent: userAgentOf(req) }),
  );

  defineRoute(app, api.selfCheck, async ({ actor }) => ({ username: actor.username }));

  // The web keeps its business days on the answer's clock (docs/design.md §6) instead of one of its own.
  defineRoute(app, api.self, async ({ actor, ctx }) => selfOf(ctx, actor));

  defineRoute(app, api.logout, async ({ actor, ctx, audit }) => {
    await ctx.db.transaction(async (tx) => {
      if (actor.kind === 'staff') await revokeSession(tx, actor.sessionId, ctx.now());
      else await revokePortalSession(tx, actor.sessionId, ctx.now());
      await audit(tx, { action: 'logout', entity: 'session', entityId: actor.id.toString() });
    });
    return { ok: true as const };
  });

  defineRoute(app, api.verify, async ({ actor, body, ctx, audit }) => {
    if (actor.kind === 'staff') await verifyOwnPassword(ctx, actor, body.password, audit);
    else await verifyPortalPassword(ctx, actor, body.password, audit);
    return { verified: true as const };
  });

  defineRoute(app, api.passwordChange, async ({ actor, body, ctx, audit }) =>
    actor.kind === 'staff'
      ? changeOwnPassword(ctx, actor, body.currentPassword, body.newPassword, audit)
      : changePortalPassword(ctx, actor, body.currentPassword, body.newPassword, audit),
  );
  defineRoute(app, api.passwordReset, async ({ actor, params, ctx, audit }) =>
    resetPassword(ctx, actor, params.id, audit),
  );

  defineRoute(app, api.sessionList, async ({ actor, body, ctx }) =>
    actor.kind === 'staff' ? listOwnSessions(ctx, actor, body) : listOwnPortalSessions(ctx, actor, body),
  );
  defineRoute(app, api.sessionEnd, async ({ actor, params, ctx, audit }) => {
    if (actor.kind === 'staff') await endSession(ctx, params.id, actor.id, audit);
    else await endOwnPortalSession(ctx, actor, params.id, audit);
    return { ok: true as const };
  });
  defineRoute(app, api.sessionEndOthers, async ({ actor, ctx, audit }) =>
    actor.kind === 'staff'
      ? endSessionsOf(ctx, actor.id, actor.sessionId, audit)
      : endOtherPortalSessions(ctx, actor, audit),
  );
  defineRoute(app, api.sessionListAll, async ({ actor, body, ctx }) => listAllSessions(ctx, actor, body));
  defineRoute(app, api.sessionEndAny, async ({ params, ctx, audit }) => {
    await endSession(ctx, params.id, null, audit);
    return { ok: true as const };
  });
  defineRoute(app, api.sessionEndAccount, async ({ params, ctx, audit }) =>
    endSessionsOf(ctx, params.id, null, audit),
  );

  defineRoute(app, api.totpStatus, async ({ actor, ctx }) =>
    actor.kind === 'staff' ? totpStatus(ctx, actor) : portalTotpStatus(ctx, actor),
  );
  defineRoute(app, api.totpEnrol, async ({ actor, ctx, audit }) =>
    actor.kind === 'staff' ? startEnrolment(ctx, actor, audit) : startPortalEnrolment(ctx, actor, audit),
  );
  defineRoute(app, api.totpConfirm, async ({ actor, body, ctx, audit }) =>
    actor.kind === 'staff'
      ? confirmEnrolment(ctx, actor, body.code, audit)
      : confirmPortalEnrolment(ctx, actor, body.code, audit),
  );
  defineRoute(app, api.totpDisable, async ({ actor, body, ctx, audit }) =>
    actor.kind === 'staff'
      ? disableTotp(ctx, actor, body.code, audit)
      : disablePortalTotp(ctx, actor, body.code, audit),
  );
  defineRoute(app, api.totpRecoveryCodes, async ({ actor, body, ctx, audit }) =>
    actor.kind === 'staff'
      ? renewRecoveryCodes(ctx, actor, body.code, audit)
      : renewPortalRecoveryCodes(ctx, actor, body.code, audit),
  );
  defineRoute(app, api.agentTotpReset, async ({ params, ctx, audit }) =>
    resetAgentTotp(ctx, params.id, audit),
  );
  // An agent's owners (its own account, SUPERMANAGERs) and staff; another agent's answers 404.
  defineRoute(app, api.agentSignInSettingsGet, async ({ actor, params, ctx }) => {
    assertOwnAgent(actor, params.id);
    return portalSignInSettings(ctx, params.id);
  });
  defineRoute(app, api.agentSignInSettingsUpdate, async ({ actor, params, body, ctx, audit, ip }) => {
    assertOwnAgent(actor, params.id);
    return updatePortalSignInSettings(ctx, params.id, body, audit, actor.kind === 'staff' ? null : ip);
  });
  defineRoute(app, api.totpReset, async ({ actor, params, ctx, audit }) =>
    resetTotp(ctx, actor, params.id, audit),
  );
  defineRoute(app, api.adminSecurity, async ({ actor, params, ctx }) => adminSecurity(ctx, actor, params.id));
  defineRoute(app, api.securitySettingsGet, async ({ ctx }) => securitySettings(ctx));
  defineRoute(app, api.securitySettingsUpdate, async ({ body, ctx, audit }) =>
    updateSecuritySettings(ctx, body.totpRequiredTypes, body.sharingChangeApproval, audit),
  );
};
