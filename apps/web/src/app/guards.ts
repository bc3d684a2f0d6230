import {
  allows,
  api,
  idSchema,
  MAX_YEAR,
  MIN_YEAR,
  type RouteDef,
  type SelfData,
  Status,
} from '@sapi/contract';
import { data, type LoaderFunctionArgs, redirect, type ShouldRevalidateFunction } from 'react-router';
import { ApiError, call } from '../lib/api-client';
import { authStore } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';
import { selfQuery, sessionCheckQuery } from '../lib/session';

/** The token check without the set-up rule: the set-up screen itself uses it. */
const checkSession = async (): Promise<SelfData> => {
  const token = authStore.getToken();
  if (!token) throw redirect('/');
  try {
    await queryClient.ensureQueryData(sessionCheckQuery(token));
    return await queryClient.ensureQueryData(selfQuery);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === Status.UNAUTHENTICATED) authStore.clearToken();
      throw redirect('/');
    }
    throw error;
  }
};

/**
 * Startup token check (docs/spec.md §4): GET self with the stored token, then POST self for type and id.
 * No token, or a failed check: back to the login screen. An account that must first change its
 * password or enrol a second factor (docs/design.md §13) reaches no screen but the set-up one, whatever URL
 * it types.
 */
export const requireSession = async (): Promise<SelfData> => {
  const self = await checkSession();
  if (authStore.getSetup()) throw redirect('/setup');
  return self;
};

/** The set-up screen (/setup): only with a session that has something to set up; else the app. */
export const setupLoader = async () => {
  await checkSession();
  const next = authStore.getSetup();
  if (!next) throw redirect('/agent/list');
  return next;
};

export const sessionLoader = async () => {
  await requireSession();
  return null;
};

/**
 * Routes a role cannot use answer 403 (the same rule the menu hides them by). `elsewhere`: go there
 * instead — the landing page (the agent list) sends the agent side to its players.
 */
export const accessLoader = (def: RouteDef, elsewhere?: string) => async () => {
  const self = await requireSession();
  if (!allows(def, self.role)) {
    if (elsewhere) throw redirect(elsewhere);
    throw data(null, { status: 403, statusText: 'Forbidden' });
  }
  return null;
};

/**
 * `:year/:month` must be a settlement period (a year the contract serves, a month 1–12), and a
 * `:sharing` a record id; else the URL is a bad request.
 */
export const periodParamLoader = async ({ params }: LoaderFunctionArgs) => {
  const year = Number(params.year);
  const month = Number(params.month);
  const periodOk =
    /^\d{4}$/.test(params.year ?? '') &&
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    /^\d{1,2}$/.test(params.month ?? '') &&
    month >= 1 &&
    month <= 12;
  if (!periodOk || (params.sharing !== undefined && !idSchema.safeParse(params.sharing).success)) {
    throw data(null, { status: 400, statusText: 'Bad Request' });
  }
  await requireSession();
  return null;
};

/** `:id` must be a record id, or the URL is a bad request. */
export const idParamLoader = async ({ params }: LoaderFunctionArgs) => {
  if (!idSchema.safeParse(params.id).success) throw data(null, { status: 400, statusText: 'Bad Request' });
  await requireSession();
  return null;
};

/**
 * A screen's checks hold while only its query changes (a new page, filter or sort of a list): they
 * run again for another path, or after a form was submitted, not on every page change.
 */
export const revalidateOnNewPath: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  formMethod !== undefined || currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false;

/**
 * /logout signs out, and only by POST (the user menu's Sign out submits to it): it ends the session
 * on the server, drops the token and goes to the login screen.
 */
export const signOutAction = async () => {
  try {
    await call(api.logout);
  } catch {
    // The token is dropped either way.
  }
  authStore.clearToken();
  return redirect('/');
};

/**
 * Any other method — opening /logout as a page, a bookmark, a link — is not how one signs out: the
 * router's 405 Method Not Allowed page (docs/spec.md §2), inside the layout for a signed-in admin.
 */
export const onlyPostLoader = async () => {
  await requireSession();
  throw data(null, { status: 405, statusText: 'Method Not Allowed' });
};

/** Entering the login screen without a session: what the signed-out admin's screens cached goes. */
export const loginLoader = () => {
  if (authStore.getToken() === null) queryClient.clear();
  return null;
};
