import {
  api,
  type BodyOf,
  type DataOf,
  lastServedPage,
  MAX_LIMIT,
  type ParamsOf,
  type RouteDef,
  type RouteName,
} from '@sapi/contract';
import {
  type QueryClient,
  queryOptions,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from './api-client';

/**
 * The entity a route reads or changes, from its path: the first segment (`/agent/list` → `agent`,
 * `/agent-sharing/…` → `agent-sharing`), or the second under `/admin/` (`/admin/admin/list` →
 * `admin`). Every query of a route is cached under its resource, so one invalidation reaches every
 * screen that shows that entity, whichever feature asked for it.
 */
export const resourceOf = (route: RouteDef): string => {
  const [first = '', second = ''] = route.path.split('/').filter(Boolean);
  return first === 'admin' ? second : first;
};

const routeNames = new Map<RouteDef, RouteName>(
  (Object.entries(api) as [RouteName, RouteDef][]).map(([name, def]) => [def, name]),
);
/** The route's name in the contract's catalogue (`agentList`); routes built outside it by method and path. */
const routeNameOf = (route: RouteDef): string => routeNames.get(route) ?? `${route.method} ${route.path}`;

/** What a route is called with: its body and its path parameters. */
export interface RouteInput<R extends RouteDef> {
  body?: BodyOf<R>;
  params?: ParamsOf<R>;
}

/**
 * The one cache key of a route called with this input: `[resource, routeName, input]`. Two screens
 * asking the same route the same thing share one entry; `variant` names a different shape of the same
 * call (e.g. every page of a list) so it never shares an entry with the plain answer.
 */
export const queryKeyOf = <R extends RouteDef>(route: R, input: RouteInput<R> = {}, variant?: string) =>
  variant === undefined
    ? ([resourceOf(route), routeNameOf(route), input] as const)
    : ([resourceOf(route), routeNameOf(route), input, variant] as const);

/**
 * Query options of a contract route: its key and the call. Screens narrow or reshape the answer with
 * `select`, never with a queryFn of their own, so every entry under one key holds the same data.
 */
export const routeQuery = <R extends RouteDef>(route: R, input: RouteInput<R> = {}) =>
  queryOptions<DataOf<R>>({
    queryKey: queryKeyOf(route, input),
    queryFn: ({ signal }) => call(route, { ...input, signal }),
  });

interface ListData<T> {
  records: T[];
  total?: number | undefined;
}
type RecordOfList<R extends RouteDef> = DataOf<R> extends ListData<infer T> ? T : never;

/**
 * Every record of a list route that matches `body`, page by page at the largest page size, up to the
 * deepest page the contract serves.
 */
export const fetchAllRecords = async <R extends RouteDef>(
  route: R,
  body: BodyOf<R>,
  signal?: AbortSignal,
): Promise<RecordOfList<R>[]> => {
  const records: RecordOfList<R>[] = [];
  for (let page = 1; page <= lastServedPage(MAX_LIMIT); page++) {
    // A list route's body is an object with paging fields, and its answer a list.
    const pageBody = { ...(body as object), page, limit: MAX_LIMIT } as BodyOf<R>;
    const data = (await call(route, { body: pageBody, signal })) as ListData<RecordOfList<R>>;
    records.push(...data.records);
    if (data.records.length < MAX_LIMIT || records.length >= (data.total ?? Number.POSITIVE_INFINITY)) break;
  }
  return records;
};

/** Every record of a list route that matches `body` (`fetchAllRecords`), under the route's resource. */
export const allRecordsQuery = <R extends RouteDef>(route: R, body: BodyOf<R>) =>
  queryOptions<RecordOfList<R>[]>({
    queryKey: queryKeyOf(route, { body }, 'all-records'),
    queryFn: ({ signal }) => fetchAllRecords(route, body, signal),
  });

/** Mark every cached answer about these routes' resources stale and fetch again the ones on screen. */
export const invalidateResources = (queryClient: QueryClient, ...routes: RouteDef[]): Promise<void> =>
  Promise.all(
    [...new Set(routes.map(resourceOf))].map((resource) =>
      queryClient.invalidateQueries({ queryKey: [resource] }),
    ),
  ).then(() => undefined);

/**
 * A change through `route`: on success every screen showing its resource loads again (lists,
 * pickers, headers of other screens), and the mutation stays pending until the ones on screen have.
 * `also` names further routes whose resources the change touches.
 */
export const useResourceMutation = <TVariables, TData>(
  route: RouteDef,
  mutationFn: (variables: TVariables) => Promise<TData>,
  also: RouteDef[] = [],
): UseMutationResult<TData, Error, TVariables> => {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    mutationFn,
    onSuccess: () => invalidateResources(queryClient, route, ...also),
  });
};

// Routes addressed by one record take `{ id }` as their path parameters.
const idParams = <R extends RouteDef>(id: string) => ({ id }) as ParamsOf<R>;

/** Create (or any change taking only a body) through `route`; `mutate(body)`. */
export const useBodyMutation = <R extends RouteDef>(route: R, also: RouteDef[] = []) =>
  useResourceMutation(route, (body: BodyOf<R>) => call(route, { body }), also);

/** Update one record through `route`; `mutate({ id, body })`. `also` as in `useResourceMutation`. */
export const useUpdateMutation = <R extends RouteDef>(route: R, also: RouteDef[] = []) =>
  useResourceMutation(
    route,
    ({ id, body }: { id: string; body: BodyOf<R> }) => call(route, { params: idParams<R>(id), body }),
    also,
  );

/** A change to one record that needs only its id (e.g. a soft delete); `mutate(id)`. */
export const useIdMutation = <R extends RouteDef>(route: R) =>
  useResourceMutation(route, (id: string) => call(route, { params: idParams<R>(id) }));

/**
 * A two-way switch of a record (lock/unlock, disable/enable): `mutate({ id, [flag]: true })` calls
 * `on`, false calls `off` (docs/spec.md §4: the soft delete and its revert).
 */
export const useSwitchMutation = <F extends string, On extends RouteDef, Off extends RouteDef>(
  flag: F,
  on: On,
  off: Off,
) =>
  useResourceMutation(on, (variables: { id: string } & Record<F, boolean>) =>
    variables[flag]
      ? call(on, { params: idParams<On>(variables.id) })
      : call(off, { params: idParams<Off>(variables.id) }),
  );
