import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { type AgentWithSecret, api, type BodyOf } from '@sapi/contract';
import { apiCall, apiToken, uniqueName } from './support';

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
  const tag = `${Date.now().toString(36).slice(-3)}${++agentSeq}`;
  return apiCall(request, api.agentRegister, {
    token,
    body: {
      username: uniqueName('agent'),
      password: 'agent-password-1',
      endpoint: 'https://partner.example.com/callback',
      games: [],
      // Always six characters: prefixes must be prefix-free ("e1a1" would start "e1a10").
      prefix: `e${Date.now().toString(36).slice(-3)}${(agentSeq % 1296).toString(36).padStart(2, '0')}`,
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

/**
 * Send a signed ingest batch (DESIGN §9) as the agent's game integration would; the batch's game
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
  const body = JSON.stringify({ transactions });
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', agent.secret ?? '')
    .update(`${timestamp}.${body}`)
    .digest('hex');
  const response = await request.post('/api/v1/ingest/transactions', {
    headers: {
      'content-type': 'application/json',
      'x-api-key': agent.apiKey,
      'x-timestamp': timestamp,
      'x-signature': signature,
    },
    data: body,
  });
  const envelope = (await response.json()) as { status: number; error: string | null; data: unknown };
  if (envelope.status !== 1000) throw new Error(`ingest answered ${envelope.status}: ${envelope.error}`);
  return envelope.data as { accepted: number; duplicates: number };
};
