import { api, type SelfData } from '@sapi/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { authStore } from './auth-store';
import { setBusinessTimeZone } from './business-time';

export const sessionKeys = {
  all: ['session'] as const,
  check: (token: string) => ['session', 'check', token] as const,
  self: ['session', 'self'] as const,
};

/** Startup token check: GET self (docs/spec.md §4). Keyed by token so a new sign-in checks again. */
export const sessionCheckQuery = (token: string) =>
  queryOptions({
    queryKey: sessionKeys.check(token),
    queryFn: ({ signal }) => call(api.selfCheck, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * POST self: username, type and id of the signed-in admin, and the report time zone, fetched again on
 * window focus. Every signed-in screen's loader awaits it, so the business clock (lib/business-time)
 * is on the server's zone before any screen computes a day.
 */
export const selfQuery = queryOptions({
  queryKey: sessionKeys.self,
  queryFn: async ({ signal }) => {
    const self = await call(api.self, { signal });
    setBusinessTimeZone(self.timeZone);
    return self;
  },
  staleTime: 5 * 60 * 1000,
  refetchOnWindowFocus: 'always',
  retry: false,
});

/** The signed-in admin. Only inside the protected layout, whose loader has fetched it. */
export const useSelf = (): SelfData => useSuspenseQuery(selfQuery).data;

export const hasToken = (): boolean => authStore.getToken() !== null;
