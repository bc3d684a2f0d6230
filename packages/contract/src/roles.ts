import { z } from 'zod';

export const adminTypes = ['SUPERADMIN', 'ADMIN', 'OPERATOR', 'REPORTER'] as const;
export const adminTypeSchema = z.enum(adminTypes);
export type AdminType = z.infer<typeof adminTypeSchema>;

/** Role sets of the docs/design.md §5 matrix, named by what they may do. */
export const roles = {
  everyone: adminTypes,
  writers: ['SUPERADMIN', 'ADMIN', 'OPERATOR'],
  managers: ['SUPERADMIN', 'ADMIN'],
  superadmin: ['SUPERADMIN'],
} as const satisfies Record<string, readonly AdminType[]>;

/** Admin types each role may create, re-type or lock (docs/design.md §5). */
export const manageableTypes: Record<AdminType, readonly AdminType[]> = {
  SUPERADMIN: adminTypes,
  ADMIN: ['OPERATOR', 'REPORTER'],
  OPERATOR: [],
  REPORTER: [],
};

/**
 * The agent side's rights (docs/design.md §16): the agent's own account (`AGENT`) and its operators by
 * type. Named apart from the admin types (an operator's type OPERATOR is not the staff OPERATOR), so
 * one role names one set of rights whichever kind of account holds it.
 */
export const portalRoles = [
  'AGENT',
  'AGENT_SUPERMANAGER',
  'AGENT_MANAGER',
  'AGENT_OPERATOR',
  'AGENT_REPORTER',
] as const;
export const portalRoleSchema = z.enum(portalRoles);
export type PortalRole = z.infer<typeof portalRoleSchema>;

/** Role sets of the agent side (docs/design.md §16), named by what they may do within the scope. */
export const portal = {
  /** Read players, bets, reports, statements, the dashboard, the ingest log. */
  everyone: portalRoles,
  /** Players: create, edit the bet limit, lock. */
  players: ['AGENT', 'AGENT_SUPERMANAGER', 'AGENT_MANAGER', 'AGENT_OPERATOR'],
  /** Sub-agents: register, edit, lock; the audit records of the scope. */
  managers: ['AGENT', 'AGENT_SUPERMANAGER', 'AGENT_MANAGER'],
  /** The agent's own key, secret, allow-list, operators, sharing of its sub-agents. */
  owners: ['AGENT', 'AGENT_SUPERMANAGER'],
} as const satisfies Record<string, readonly PortalRole[]>;

/** Whose rights a role is: every staff and agent-side role, one name space. */
export type AccountRole = AdminType | PortalRole;
export const accountRoleSchema = z.union([adminTypeSchema, portalRoleSchema]);

/** The kinds of account that sign in (docs/design.md §16). */
export const accountKinds = ['staff', 'agent', 'operator'] as const;
export const accountKindSchema = z.enum(accountKinds);
export type AccountKind = z.infer<typeof accountKindSchema>;

/** The role of an agent operator of this type. */
export const portalRoleOfOperator = (
  type: 'SUPERMANAGER' | 'MANAGER' | 'OPERATOR' | 'REPORTER',
): PortalRole => `AGENT_${type}`;

export const isPortalRole = (role: AccountRole): role is PortalRole =>
  (portalRoles as readonly string[]).includes(role);
