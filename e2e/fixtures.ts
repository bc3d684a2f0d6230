import { createHmac } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContextOptions,
  test as base,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { type AgentWithSecret, api, type BodyOf } from '@sapi/contract';
import { BASE_URL } from './env';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  apiCall,
  apiToken,
  TOKEN_KEY,
  uniqueName,
  workerTag,
} from './support';

export { expect } from '@playwright/test';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** A context with nothing stored: the login screen, for tests of signing in and out. */
export const signedOut: StorageState = { cookies: [], origins: [] };

/** What the web app keeps of a session: the bearer token in localStorage under the partner prefix. */
const storageOf = (token: string): StorageState => ({
  cookies: [],
  origins: [{ origin: BASE_URL, localStorage: [{ name: TOKEN_KEY, value: token }] }],
});

/** Sign the default admin in through the API, as the login screen does (no password re-check). */
const adminSession = async (playwright: PlaywrightWorkerArgs['playwright']) => {
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  try {
    const { token } = await apiCall(request, api.login, {
      body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    return storageOf(token);
  } finally {
    await request.dispose();
  }
};

/**
 * Every test's browser context starts signed in as the default admin, in one session per worker:
 * signing in through the login screen is tested where it is the behaviour under test (auth.spec,
 * role accounts), not before every test. `ownSession` gives a test a session of its own, for a
 * story that needs a fresh one (re-authentication) or ends it; `storageState: signedOut` none.
 */
export const test = base.extend<{ ownSession: boolean }, { workerSession: StorageState }>({
  ownSession: [false, { option: true }],
  workerSession: [async ({ playwright }, use) => use(await adminSession(playwright)), { scope: 'worker' }],
  storageState: async ({ ownSession, workerSession, playwright }, use) =>
    use(ownSession ? await adminSession(playwright) : workerSession),
});

/** Data set-up through the API, as a client of the contract would do it. */

export const makeAdapter = (
  request: APIRequestContext,
  token: string,
  over: Partial<Record<string, string>> = {},
) => {
  const code = uniqueName('G')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_')
    .slice(0, 20);
  return apiCall(request, api.adapterCreate, {
    token,
    body: {
      name: `Provider ${code}`,
      codename: code,
      endpoint: 'https://games.example.com/api',
      type: 'SLOT',
      logo: 'https://cdn.example.com/logo.png',
      ...over,
    },
  });
};

let agentSeq = 0;
export const makeAgent = (
  request: APIRequestContext,
  token: string,
  over: Partial<BodyOf<typeof api.agentRegister>> = {},
) => {
  // Unique in the run (each run has a fresh database): this worker's tag and its own count.
  // Always six characters: prefixes must be prefix-free ("e1a1" would start "e1a10").
  const tag = `${workerTag(3)}${(++agentSeq % 1296).toString(36).padStart(2, '0')}`;
  return apiCall(request, api.agentRegister, {
    token,
    body: {
      username: uniqueName('agent'),
      password: 'agent-password-1',
      endpoint: 'https://partner.example.com/callback',
      games: [],
      prefix: `e${tag}`,
      code: `E2E-${tag}`,
      agentType: 'AGENT',
      ...over,
    },
  });
};

/** Brands this worker has made sure of: ingest refuses a bet whose brand is no registered provider. */
const knownBrands = new Set<string>();
const ensureBrands = async (request: APIRequestContext, brands: string[]) => {
  const missing = [...new Set(brands)].filter((b) => !knownBrands.has(b));
  if (missing.length === 0) return;
  const token = await apiToken(request);
  for (const codename of missing) {
    const response = await request.post('/api/v1/adapter/create', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `Provider ${codename}`,
        codename,
        endpoint: 'https://games.example.com/api',
        type: 'SLOT',
        logo: 'https://cdn.example.com/logo.png',
      },
    });
    const { status } = (await response.json()) as { status: number };
    // 2009: another worker (or an earlier test) registered it already.
    if (status !== 1000 && status !== 2009) throw new Error(`adapter ${codename} answered ${status}`);
    knownBrands.add(codename);
  }
};

/** POST a ready body to the ingest API signed with `secret` under `apiKey`; the raw answer, whatever it says. */
export const postSigned = (request: APIRequestContext, apiKey: string, secret: string, body: string) => {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return request.post('/api/v1/ingest/transactions', {
    headers: {
      'content-type': 'application/json',
      'x-api-key': apiKey,
      'x-timestamp': timestamp,
      'x-signature': signature,
    },
    data: body,
  });
};

/**
 * Send a signed ingest batch (docs/design.md §9) as the agent's game integration would; the batch's game
 * brands are registered as providers first when this worker has not seen them.
 */
export const ingest = async (
  request: APIRequestContext,
  agent: Pick<AgentWithSecret, 'apiKey' | 'secret'>,
  transactions: Record<string, unknown>[],
) => {
  await ensureBrands(
    request,
    transactions.map((t) => String(t.gameBrand)),
  );
  const response = await postSigned(
    request,
    agent.apiKey,
    agent.secret ?? '',
    JSON.stringify({ transactions }),
  );
  const envelope = (await response.json()) as { status: number; error: string | null; data: unknown };
  if (envelope.status !== 1000) throw new Error(`ingest answered ${envelope.status}: ${envelope.error}`);
  return envelope.data as { accepted: number; duplicates: number };
};
