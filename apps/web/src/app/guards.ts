import { allows, idSchema, type RouteDef, type SelfData, Status } from '@sapi/contract';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError } from '../lib/api-client';
import { authStore } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';
import { selfQuery, sessionCheckQuery } from '../lib/session';

/**
 * Startup token check (spec §4): GET self with the stored token, then POST self for type and id.
 * No token, or a failed check: back to the login screen.
 */
export const requireSession = async (): Promise<SelfData> => {
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

export const sessionLoader = async () => {
  await requireSession();
  return null;
};

/** Routes a role cannot use answer 403 (the same rule the menu hides them by). */
export const accessLoader = (def: RouteDef) => async () => {
  const self = await requireSession();
  if (!allows(def, self.type)) throw data(null, { status: 403, statusText: 'Forbidden' });
  return null;
};

/** `:id` must be a record id, or the URL is a bad request. */
export const idParamLoader = async ({ params }: LoaderFunctionArgs) => {
  if (!idSchema.safeParse(params.id).success) throw data(null, { status: 400, statusText: 'Bad Request' });
  await requireSession();
  return null;
};
