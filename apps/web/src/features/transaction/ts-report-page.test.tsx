import { api } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { agentRecord, transactionRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { TsReportPage } from './ts-report-page';

afterEach(() => vi.unstubAllGlobals());

describe('Transaction From Report filters', () => {
  it('asks nothing until an agent is chosen; then its bets of the brand and period, 10 a page by cursor', async () => {
    const empty = stubApi([
      [api.summaryTransactionList, () => ({ records: [], page: 1, limit: 10, nextCursor: null })],
    ]);
    await renderPage(TsReportPage, '/summary/tsreport?gameBrand=PG');
    expect(await screen.findByText('เลือกเอเจนต์')).toBeTruthy();
    expect(empty.bodiesOf(api.summaryTransactionList)).toEqual([]);
    vi.unstubAllGlobals();

    const stub = stubApi([
      [api.agentGet, () => agentRecord({ _id: '7', username: 'alpha' })],
      [
        api.summaryTransactionList,
        () => ({ records: [transactionRecord()], page: 1, limit: 10, nextCursor: null }),
      ],
    ]);
    const { user } = await renderPage(
      TsReportPage,
      '/summary/tsreport?agent=7&gameBrand=PG&startDate=2024-05-01&endDate=2024-05-01',
    );
    await screen.findByText('B1');
    expect(stub.calls.filter((c) => c.route === api.summaryTransactionList)).toEqual([
      {
        route: api.summaryTransactionList,
        params: { agentId: '7' },
        body: {
          user: '',
          username: '',
          betId: '',
          betType: '',
          gameBrand: 'PG',
          gameCode: '',
          startDate: '2024-04-30T17:00:00.000Z',
          endDate: '2024-05-01T16:59:59.999Z',
          page: 1,
          limit: 10,
        },
      },
    ]);
    // Search with nothing changed asks again (the first screen of this test is still mounted).
    await user.click(screen.getAllByRole('button', { name: 'ค้นหา' }).at(-1) as HTMLElement);
    await waitFor(() => expect(stub.bodiesOf(api.summaryTransactionList)).toHaveLength(2));
  });
});

describe('on the report time zone the server names (REPORT_TIMEZONE)', () => {
  it('sends the edges of New York days and shows the rows on its clock', async () => {
    const stub = stubApi(
      [
        [api.agentGet, () => agentRecord({ _id: '7', username: 'alpha' })],
        [
          api.summaryTransactionList,
          () => ({
            records: [transactionRecord({ startDate: '2024-07-01T04:00:00.000Z' })],
            page: 1,
            limit: 10,
            nextCursor: null,
          }),
        ],
      ],
      { self: { username: 'admin', type: 'SUPERADMIN', id: '1', timeZone: 'America/New_York' } },
    );
    await renderPage(
      TsReportPage,
      '/summary/tsreport?agent=7&gameBrand=PG&startDate=2024-07-01&endDate=2024-07-01',
    );
    await screen.findByText('B1');
    // 1 July in New York (EDT, UTC−4), not in Bangkok (which would be 2024-06-30T17:00Z).
    expect(stub.bodiesOf(api.summaryTransactionList)).toMatchObject([
      { startDate: '2024-07-01T04:00:00.000Z', endDate: '2024-07-02T03:59:59.999Z' },
    ]);
    // The bet's start, 04:00 UTC, on the New York clock (Bangkok would show 11:00:00).
    expect(screen.getByText(/01\/07\/2024\s+00:00:00/)).toBeTruthy();
  });
});

const totals = {
  transactionCount: 1234,
  turnover: 5000,
  payout: 4200.5,
  cancel: 0,
  void: 0,
  winLose: -799.5,
  deposit: 0,
  withdraw: 0,
  profit: 0,
  promotion: 0,
  promotionRefund: 0,
  promotionAffiliate: 0,
};

describe('the drill-down carries its count and sums (issue 41, Deliver 5)', () => {
  it('whole days of a brand: the count and sums of the game report over the same days', async () => {
    const stub = stubApi([
      [api.agentGet, () => agentRecord({ _id: '7', username: 'alpha' })],
      [
        api.summaryTransactionList,
        () => ({ records: [transactionRecord()], page: 1, limit: 10, nextCursor: null }),
      ],
      [api.summaryGameDailyByGame, () => ({ rows: [], totals })],
    ]);
    await renderPage(
      TsReportPage,
      '/summary/tsreport?agent=7&gameBrand=PG&startDate=2024-05-01T00:00&endDate=2024-05-02T23:59',
    );
    const panel = await screen.findByTestId('drill-totals');
    expect(panel.textContent).toContain('ยอดรวมตามตัวกรอง');
    expect(screen.getByTestId('drill-count').textContent).toBe('1,234 รายการ');
    expect(panel.textContent).toContain('5,000.00');
    expect(panel.textContent).toContain('4,200.50');
    expect(screen.getByTestId('drill-win-lose').textContent).toContain('-799.50');
    expect(stub.calls.filter((c) => c.route === api.summaryGameDailyByGame)).toEqual([
      {
        route: api.summaryGameDailyByGame,
        params: { agentId: '7', gameBrand: 'PG' },
        body: { from: '2024-04-30T17:00:00.000Z', to: '2024-05-02T16:59:59.999Z' },
      },
    ]);
  });

  it('a period that is not whole days says when totals are shown, and asks no report', async () => {
    const stub = stubApi([
      [api.agentGet, () => agentRecord({ _id: '7', username: 'alpha' })],
      [
        api.summaryTransactionList,
        () => ({ records: [transactionRecord()], page: 1, limit: 10, nextCursor: null }),
      ],
    ]);
    await renderPage(
      TsReportPage,
      '/summary/tsreport?agent=7&gameBrand=PG&startDate=2024-05-01T08:00&endDate=2024-05-01T23:59',
    );
    const note = await screen.findByTestId('drill-totals-note');
    expect(note.textContent).toContain('วันเต็ม');
    expect(screen.queryByTestId('drill-totals')).toBeNull();
    expect(stub.calls.filter((c) => c.route === api.summaryGameDailyByGame)).toEqual([]);
  });

  it('a whole month of every brand: the agent report of that month', async () => {
    const stub = stubApi([
      [api.agentGet, () => agentRecord({ _id: '7', username: 'alpha' })],
      [
        api.summaryTransactionList,
        () => ({ records: [transactionRecord()], page: 1, limit: 10, nextCursor: null }),
      ],
      [api.summaryAgentDaily, () => ({ rows: [], totals })],
    ]);
    await renderPage(
      TsReportPage,
      '/summary/tsreport?agent=7&startDate=2024-02-01T00:00&endDate=2024-02-29T23:59',
    );
    await screen.findByTestId('drill-totals');
    expect(screen.getByTestId('drill-count').textContent).toBe('1,234 รายการ');
    expect(stub.bodiesOf(api.summaryAgentDaily)).toEqual([{ year: '2024', month: '2', day: '' }]);
  });
});
