import type { api, DataOf } from '@sapi/contract';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type AdapterPage = DataOf<typeof api.adapterList>;
const calls: { page: number; limit: number }[] = [];
let total = 0;

// The adapter list as the server pages it: `total` providers, newest first.
vi.mock('../lib/api-client', () => ({
  call: async (_route: unknown, options: { body: { page: number; limit: number } }) => {
    const { page, limit } = options.body;
    calls.push({ page, limit });
    const from = (page - 1) * limit;
    const records = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => {
      const n = total - (from + i);
      return {
        _id: String(n),
        name: `Provider ${n}`,
        codename: `P${String(n).padStart(4, '0')}`,
        endpoint: 'https://games.example.com',
        type: 'SLOT' as const,
        logo: 'https://cdn.example.com/logo.png',
        isDisable: n % 7 === 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      };
    });
    return { records, page, limit, total } satisfies AdapterPage;
  },
}));

const { allBrandsQuery } = await import('./brand-picker');

const fetchAll = () => new QueryClient().fetchQuery(allBrandsQuery);

describe('the brand picker offers every game provider', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('reads every page of the adapter list, not the first 100', async () => {
    total = 250;
    const brands = await fetchAll();
    expect(calls.map((c) => c.page).sort()).toEqual([1, 2, 3]);
    expect(calls.every((c) => c.limit === 100)).toBe(true);
    expect(brands).toHaveLength(250);
    // The oldest provider too, which a first page of 100 (newest first) would leave out.
    expect(brands[0]).toEqual({ codename: 'P0001', name: 'Provider 1', disabled: false });
    expect(brands.find((b) => b.codename === 'P0007')?.disabled).toBe(true);
    expect(brands.map((b) => b.codename)).toEqual([...brands.map((b) => b.codename)].sort());
  });

  it('asks once when one page holds them all', async () => {
    total = 12;
    expect(await fetchAll()).toHaveLength(12);
    expect(calls).toEqual([{ page: 1, limit: 100 }]);
  });
});
