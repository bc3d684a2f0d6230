import { api, type Transaction } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { agentRecord, transactionRecord } from '../../../test/records';
import { renderScreen } from '../../../test/render';
import { TransactionPage } from './transaction-page';

const agent = agentRecord({ _id: '7', username: 'alpha', prefix: 'al' });
const rows = (from: number, count: number): Transaction[] =>
  Array.from({ length: count }, (_, i) =>
    transactionRecord({ _id: String(from + i), betId: `B${from + i}`, username: `p${from + i}` }),
  );

/**
 * 25 bets keyset-paged as the server does: a page after cursor `c<n>` starts at row n; a full page
 * names the cursor of the next.
 */
const keysetServer = (body: Record<string, unknown>) => {
  const limit = Number(body.limit);
  const start =
    typeof body.cursor === 'string' ? Number(body.cursor.slice(1)) : (Number(body.page) - 1) * limit;
  const records = rows(start + 1, Math.max(0, Math.min(limit, 25 - start)));
  return {
    records,
    page: body.page,
    limit,
    nextCursor: records.length === limit ? `c${start + limit}` : null,
  };
};

const open = (url = '/transaction/7') => renderScreen(<TransactionPage />, { url, path: '/transaction/:id' });

/** The requests of the table (the read-ahead of the next page is one too). */
const listBodies = (bodies: Record<string, unknown>[]) =>
  bodies.map(({ page, limit, cursor }) => ({ page, limit, cursor }));

afterEach(() => vi.unstubAllGlobals());

describe('the agent transaction list (keyset mode of the list mechanism)', () => {
  it('sends the URL filters, pages by cursor with First/Previous/Next, reading the next page ahead', async () => {
    const stub = stubApi([
      [api.agentGet, () => agent],
      [api.transactionList, keysetServer],
    ]);
    const { user, router } = await open(
      '/transaction/7?username=p&gameBrand=JILI&betType=SETTLE&startDate=2024-05-01T08:00',
    );
    await screen.findByText('B1');
    expect(stub.bodiesOf(api.transactionList)[0]).toEqual({
      user: '',
      username: 'p',
      betId: '',
      betType: 'SETTLE',
      gameBrand: 'JILI',
      gameCode: '',
      startDate: '2024-05-01T01:00:00.000Z',
      endDate: '',
      page: 1,
      limit: 10,
    });
    // Page 2 is read ahead while page 1 is shown.
    await waitFor(() =>
      expect(listBodies(stub.bodiesOf(api.transactionList))).toContainEqual({
        page: 2,
        limit: 10,
        cursor: 'c10',
      }),
    );
    const asked = stub.bodiesOf(api.transactionList).length;
    await user.click(screen.getByRole('button', { name: 'ถัดไป' }));
    await screen.findByText('B11');
    expect(router.state.location.search).toContain('cursor=c10');
    expect(router.state.location.search).toContain('page=2');
    // Shown from the read-ahead: page 2 was not asked again (page 3 is read ahead instead).
    await waitFor(() =>
      expect(listBodies(stub.bodiesOf(api.transactionList).slice(asked))).toEqual([
        { page: 3, limit: 10, cursor: 'c20' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'ถัดไป' }));
    await screen.findByText('B21');
    // A short last page: no Next.
    expect(screen.queryByRole('button', { name: 'ถัดไป' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'ก่อนหน้า' }));
    await screen.findByText('B11');
    expect(router.state.location.search).toContain('cursor=c10');
    await user.click(screen.getByRole('button', { name: 'หน้าแรก' }));
    await screen.findByText('B1');
    expect(router.state.location.search).not.toContain('cursor');
    // The filters stayed through every page change.
    expect(new URLSearchParams(router.state.location.search).get('gameBrand')).toBe('JILI');
  });

  it('Search with unchanged filters asks the server again; a page size outlives a search; Clear keeps it', async () => {
    const stub = stubApi([
      [api.agentGet, () => agent],
      [api.transactionList, keysetServer],
    ]);
    const { user, router } = await open('/transaction/7?username=p&limit=50');
    await screen.findByText('B25');
    const first = stub.bodiesOf(api.transactionList).length;
    expect(stub.bodiesOf(api.transactionList)[0]).toMatchObject({ username: 'p', limit: 50, page: 1 });
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.transactionList).length).toBe(first + 1));
    await user.type(screen.getByRole('textbox', { name: 'รหัสเดิมพัน' }), 'B3');
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.transactionList).at(-1)).toMatchObject({ betId: 'B3', limit: 50 }),
    );
    expect(router.state.location.search).toBe('?username=p&betId=B3&limit=50');
    await user.click(screen.getByRole('button', { name: 'ล้างตัวกรอง' }));
    await waitFor(() => expect(router.state.location.search).toBe('?limit=50'));
    await waitFor(() =>
      expect(stub.bodiesOf(api.transactionList).at(-1)).toMatchObject({ username: '', betId: '', limit: 50 }),
    );
  });

  it('an unknown agent says so once', async () => {
    const { Failure } = await import('../../../test/api-stub');
    stubApi([
      [api.agentGet, () => new Failure(2004, 'not found', 404)],
      [api.transactionList, () => new Failure(2004, 'not found', 404)],
    ]);
    await open('/transaction/99');
    expect(await screen.findByTestId('agent-missing')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the bet dialog', () => {
  it('names the agent with its prefix, as the pickers do', async () => {
    stubApi([
      [api.agentGet, () => agent],
      [api.transactionList, keysetServer],
      [api.transactionGet, () => ({ ...rows(1, 1)[0], history: [] })],
    ]);
    const { user } = await open();
    await user.click(await screen.findByText('B1'));
    const dialog = await screen.findByRole('dialog', { name: 'รายละเอียดธุรกรรม' });
    expect(within(dialog).getByLabelText('เอเจนต์')).toHaveProperty('value', 'alpha (al)');
  });
});
