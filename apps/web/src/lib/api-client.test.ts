import { api, Status } from '@sapi/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// A browser-like window for the auth store (the unit project runs in Node).
const storage = new Map<string, string>();
vi.stubGlobal('window', {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  },
  addEventListener: () => undefined,
});

const { ApiError, call, request, DEFAULT_SUCCESS, UNABLE_TO_PROCESS } = await import('./api-client');
const { authStore, TOKEN_KEY } = await import('./auth-store');

const fetchMock = vi.fn<typeof fetch>();
const sent = (index: number) => {
  const args = fetchMock.mock.calls[index];
  if (!args) throw new Error(`no fetch call #${index}`);
  const init = args[1] ?? {};
  return { url: args[0], init, headers: (init.headers ?? {}) as Record<string, string> };
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const admin = {
  _id: '2',
  username: 'op_one',
  type: 'OPERATOR',
  locked: false,
  activeLoginIP: null,
  createdBy: 'admin',
  createdAt: '2024-05-01T03:04:05.000Z',
  updatedAt: '2024-05-01T03:04:05.000Z',
};

beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('call', () => {
  it('sends the bearer token and body, fills path params, returns the parsed data', async () => {
    authStore.setToken('tok-1');
    fetchMock.mockResolvedValueOnce(json({ status: 1000, error: null, data: admin }));
    const data = await call(api.adminUpdate, { params: { id: '2' }, body: { type: 'OPERATOR' } });
    expect(data).toEqual(admin);
    const { url, init, headers } = sent(0);
    expect(url).toBe('/api/v1/admin/admin/update/2');
    expect(init.method).toBe('PUT');
    expect(headers.authorization).toBe('Bearer tok-1');
    expect(init.body).toBe(JSON.stringify({ type: 'OPERATOR' }));
  });

  it('keeps the token off public routes and sends no body on GET', async () => {
    authStore.setToken('tok-1');
    fetchMock.mockResolvedValueOnce(json({ status: 1000, error: null, data: { token: 'new' } }));
    await call(api.login, { body: { username: 'a', password: 'b' } });
    expect(sent(0).headers.authorization).toBeUndefined();

    fetchMock.mockResolvedValueOnce(json({ status: 1000, error: null, data: { username: 'admin' } }));
    await call(api.selfCheck);
    expect(sent(1).init.method).toBe('GET');
    expect(sent(1).init.body).toBeUndefined();
  });

  it('sends the input of a GET route as its query string', async () => {
    const balance = {
      holdBalance: -10,
      settleBalance: 5,
      voidBalance: 0,
      cancelBalance: 0,
      depositBalance: 0,
      withdrawBalance: 0,
      promotionBalance: 0,
      promotionRefundBalance: 0,
      promotionAffiliateBalance: 0,
      transactionCount: 2,
    };
    fetchMock.mockResolvedValueOnce(json({ status: 1000, error: null, data: balance }));
    await call(api.agentReportMonthly, { params: { agentId: '7' }, body: { date: '2025-03-01' } });
    expect(sent(0).url).toBe('/api/v1/agent-report/7/monthly?date=2025-03-01');
    expect(sent(0).init.body).toBeUndefined();
  });

  it('success message defaults to "Success"', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 1000, error: null, data: { ok: true } }));
    const result = await request(api.logout);
    expect(result).toEqual({ status: 1000, message: DEFAULT_SUCCESS, data: { ok: true } });
  });

  it('a server error body gives its status, text and issues', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          status: Status.VALIDATION,
          error: 'username: must be 3 to 32 characters',
          data: { issues: [{ path: 'username', message: 'must be 3 to 32 characters' }] },
        },
        400,
      ),
    );
    const error = await call(api.adminCreate, {
      body: { username: 'x', password: 'long-enough', type: 'REPORTER' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: Status.VALIDATION,
      message: 'username: must be 3 to 32 characters',
      issues: [{ path: 'username', message: 'must be 3 to 32 characters' }],
    });
  });

  it('a response without a readable body is 5000 "Unable to process request"', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call(api.adminList, { body: {} })).rejects.toMatchObject({
      status: Status.NO_BODY,
      message: UNABLE_TO_PROCESS,
    });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    await expect(call(api.adminList, { body: {} })).rejects.toMatchObject({ status: Status.NO_BODY });
  });

  it('no response at all is 4000 "Unable to process request"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(call(api.adminList, { body: {} })).rejects.toMatchObject({
      status: Status.NO_RESPONSE,
      message: UNABLE_TO_PROCESS,
    });
  });

  it('3001 on a protected call clears the token and announces the expiry', async () => {
    authStore.setToken('tok-old');
    const expired = vi.fn();
    const off = authStore.onSessionExpired(expired);
    fetchMock.mockResolvedValueOnce(
      json({ status: Status.UNAUTHENTICATED, error: 'Not signed in', data: null }, 401),
    );
    await expect(call(api.self)).rejects.toMatchObject({ status: Status.UNAUTHENTICATED });
    expect(storage.has(TOKEN_KEY)).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
    off();
  });

  it('wrong credentials on login (3002) leave any token alone', async () => {
    authStore.setToken('tok-keep');
    fetchMock.mockResolvedValueOnce(
      json({ status: Status.BAD_CREDENTIALS, error: 'Invalid username or password', data: null }, 401),
    );
    await expect(call(api.login, { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({
      status: Status.BAD_CREDENTIALS,
      message: 'Invalid username or password',
    });
    expect(storage.get(TOKEN_KEY)).toBe('tok-keep');
  });

  it('stores the token under the partner prefix', () => {
    expect(TOKEN_KEY).toBe('sapi_token');
  });
});
