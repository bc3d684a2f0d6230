import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { type AgentWithSecret, api, type BodyOf } from '@sapi/contract';
import { apiCall, uniqueName } from './support';

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
      prefix: `e${tag}`.slice(0, 6).toLowerCase(),
      code: `E2E-${tag}`,
      agentType: 'AGENT',
      ...over,
    },
  });
};

/** Send a signed ingest batch (DESIGN §9) as the agent's game integration would. */
export const ingest = async (
  request: APIRequestContext,
  agent: Pick<AgentWithSecret, 'apiKey' | 'secret'>,
  transactions: Record<string, unknown>[],
) => {
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
