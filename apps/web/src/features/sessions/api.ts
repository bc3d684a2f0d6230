import { api } from '@sapi/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { allRecordsQuery, useResourceMutation } from '../../lib/query-keys';
import { defineList, sortBody } from '../../lib/use-list-screen';

/**
 * The signed-in account's live sessions, 20 a page: this one first (`current`), then the newest use.
 * The server keeps at most 10 live per account, so a second page is rare but possible.
 */
export const mySessionsList = defineList({
  route: api.sessionList,
  filters: ['sort', 'order'],
  pageSize: 20,
  body: (filters) => sortBody(filters, ['createdAt', 'lastSeenAt'] as const),
});

/** Every account's live sessions (SUPERADMIN), 50 a page; `adminId` '' = every account. */
export const allSessionsList = defineList({
  route: api.sessionListAll,
  filters: ['adminId', 'sort', 'order'],
  pageSize: 50,
  body: (filters) => ({
    adminId: filters.adminId,
    ...sortBody(filters, ['username', 'createdAt', 'lastSeenAt'] as const),
  }),
});

/** The accounts a SUPERADMIN may filter the sessions by, as choices of a select (username → id). */
export const accountChoicesQuery = queryOptions({
  ...allRecordsQuery(api.adminList, {}),
  select: (admins) =>
    admins
      .map((admin) => ({ value: admin._id, label: admin.username }))
      .sort((a, b) => a.label.localeCompare(b.label)),
});

// Ending sessions changes both lists: one's own and everyone's.
const sessionLists = [api.sessionList, api.sessionListAll];

/** End one of the signed-in account's own sessions. */
export const useEndMySession = () =>
  useResourceMutation(api.sessionEnd, (id: string) => call(api.sessionEnd, { params: { id } }), sessionLists);

/** End every session of the signed-in account but this one. */
export const useEndOtherSessions = () =>
  useResourceMutation(api.sessionEndOthers, () => call(api.sessionEndOthers), sessionLists);

/** End any session (SUPERADMIN). */
export const useEndAnySession = () =>
  useResourceMutation(
    api.sessionEndAny,
    (id: string) => call(api.sessionEndAny, { params: { id } }),
    sessionLists,
  );

/** End every session of one account (SUPERADMIN: a lost laptop). */
export const useEndAccountSessions = () =>
  useResourceMutation(
    api.sessionEndAccount,
    (adminId: string) => call(api.sessionEndAccount, { params: { id: adminId } }),
    sessionLists,
  );
