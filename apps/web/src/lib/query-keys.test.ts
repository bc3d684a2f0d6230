import { api, reportExports } from '@sapi/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateResources, queryKeyOf, resourceOf } from './query-keys';

describe('query keys from the contract', () => {
  it('a route belongs to the resource its path names', () => {
    expect(resourceOf(api.agentList)).toBe('agent');
    expect(resourceOf(api.agentPick)).toBe('agent');
    expect(resourceOf(api.agentLock)).toBe('agent');
    expect(resourceOf(api.agentSharingList)).toBe('agent-sharing');
    expect(resourceOf(api.agentOperatorList)).toBe('agent-operator');
    expect(resourceOf(api.adminList)).toBe('admin');
    expect(resourceOf(api.self)).toBe('authorization');
    expect(resourceOf(api.adapterDisable)).toBe('adapter');
  });

  it('one agent has one key, whoever asks for it', () => {
    expect(queryKeyOf(api.agentGet, { params: { id: '7' } })).toEqual([
      'agent',
      'agentGet',
      { params: { id: '7' } },
    ]);
    expect(queryKeyOf(api.agentList, { body: { page: 1 } }, 'all-records')).toEqual([
      'agent',
      'agentList',
      { body: { page: 1 } },
      'all-records',
    ]);
    // A route made outside the catalogue is named by its method and path.
    expect(queryKeyOf(reportExports.summaryAgentDaily)[1]).toBe('POST /summary/:agentId/agent/daily/export');
  });

  it('a change invalidates every entry of its resource and no other', async () => {
    const client = new QueryClient();
    const agentKeys = [
      queryKeyOf(api.agentGet, { params: { id: '7' } }),
      queryKeyOf(api.agentList, { body: { locked: '1' } }),
      queryKeyOf(api.agentPick, { body: { q: '' } }),
    ];
    const userKey = queryKeyOf(api.userList, { body: {} });
    for (const key of [...agentKeys, userKey]) client.setQueryData(key, {});
    await invalidateResources(client, api.agentLock);
    for (const key of agentKeys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(userKey)?.isInvalidated).toBe(false);
  });

  it('reports, transactions, audit and dashboard are cached by their routes, under their resources', async () => {
    expect(resourceOf(api.registerCount)).toBe('report');
    expect(resourceOf(api.transactionList)).toBe('transaction');
    expect(resourceOf(api.summaryTransactionList)).toBe('summary');
    expect(resourceOf(api.summaryAgentDaily)).toBe('summary');
    expect(resourceOf(api.auditList)).toBe('audit');
    expect(resourceOf(api.dashboard)).toBe('dashboard');
    // A new player (user create also names the registration count) refreshes the registration report.
    const client = new QueryClient();
    const count = queryKeyOf(api.registerCount, { body: { date: '2024-05-01' }, params: { agentId: '7' } });
    client.setQueryData(count, []);
    await invalidateResources(client, api.userCreate, api.registerCount);
    expect(client.getQueryState(count)?.isInvalidated).toBe(true);
  });
});
