import type { ipRefusalScopeSchema } from '@sapi/contract';
import { type AdminType, api } from '@sapi/contract';
import type { z } from 'zod';

type IpRefusalScope = z.infer<typeof ipRefusalScopeSchema>;

import { call } from '../../lib/api-client';
import { routeQuery, useResourceMutation } from '../../lib/query-keys';
import { defineList } from '../../lib/use-list-screen';

/** Which admin types must sign in with a second factor, and whether sharing changes need approval (SUPERADMIN). */
export const securitySettingsQuery = routeQuery(api.securitySettingsGet);

export const useUpdateSecuritySettings = () =>
  useResourceMutation(
    api.securitySettingsUpdate,
    (body: { totpRequiredTypes: AdminType[]; sharingChangeApproval: boolean }) =>
      call(api.securitySettingsUpdate, { body }),
  );

/** A scope the contract names, else '' (every scope): an edited URL is no filter. */
const scopeOf = (value: string): IpRefusalScope | '' => (value === 'agent' || value === 'admin' ? value : '');

/** Requests refused for their address, per agent or account and UTC day, the latest first (50 a page). */
export const ipRefusalList = defineList({
  route: api.ipRefusalList,
  filters: ['scope'],
  pageSize: 50,
  body: (filters) => ({ scope: scopeOf(filters.scope) }),
});
