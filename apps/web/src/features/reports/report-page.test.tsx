import { api } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderPage } from '../../../test/render-page';
import { businessMonth } from '../../lib/business-time';
import { AgentDailyPage } from './agent-daily-page';
import { RevenueSharePage } from './revenue-share-page';

const totals = {
  transactionCount: 0,
  turnover: 0,
  payout: 0,
  cancel: 0,
  void: 0,
  winLose: 0,
  deposit: 0,
  withdraw: 0,
  profit: 0,
  promotion: 0,
  promotionRefund: 0,
  promotionAffiliate: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe('the summary report filters (list mechanism with defaults)', () => {
  it('opens on this Thai business month of the whole platform; Search unchanged asks again; a month from the URL', async () => {
    const stub = stubApi([[api.summaryAgentDaily, () => ({ rows: [], totals })]]);
    const { user } = await renderPage(AgentDailyPage, '/summary/agentdaily');
    const now = businessMonth();
    await waitFor(() =>
      expect(stub.calls.filter((c) => c.route === api.summaryAgentDaily)).toEqual([
        {
          route: api.summaryAgentDaily,
          params: { agentId: 'all' },
          body: { day: '', month: String(now.month), year: String(now.year) },
        },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.summaryAgentDaily)).toHaveLength(2));
    // Clear goes back to the defaults and asks again.
    await user.click(screen.getByRole('button', { name: 'ล้างตัวกรอง' }));
    await waitFor(() => expect(stub.bodiesOf(api.summaryAgentDaily)).toHaveLength(3));
  });

  it('a month and day of the URL are sent; an impossible month prompts instead of asking', async () => {
    const stub = stubApi([[api.summaryAgentDaily, () => ({ rows: [], totals })]]);
    await renderPage(AgentDailyPage, '/summary/agentdaily?agent=7&day=3&month=5&year=2024');
    await waitFor(() =>
      expect(stub.calls.find((c) => c.route === api.summaryAgentDaily)).toMatchObject({
        params: { agentId: '7' },
        body: { day: '3', month: '5', year: '2024' },
      }),
    );
    vi.unstubAllGlobals();
    const none = stubApi([[api.summaryAgentDaily, () => ({ rows: [], totals })]]);
    await renderPage(AgentDailyPage, '/summary/agentdaily?month=13&year=2024');
    expect((await screen.findAllByTestId('report-prompt')).length).toBeGreaterThan(0);
    expect(none.bodiesOf(api.summaryAgentDaily)).toEqual([]);
  });

  it('a new month keeps the chosen day, or its last day where it is shorter, and says so under the day', async () => {
    const stub = stubApi([[api.summaryAgentDaily, () => ({ rows: [], totals })]]);
    const { user } = await renderPage(AgentDailyPage, '/summary/agentdaily?day=31&month=1&year=2026');
    await waitFor(() => expect(stub.bodiesOf(api.summaryAgentDaily)).toHaveLength(1));
    const pick = async (field: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: option, hidden: true }));
    };
    const day = screen.getByRole('combobox', { name: 'วัน' }) as HTMLInputElement;
    await pick('เดือน', 'กุมภาพันธ์');
    expect(day.value).toBe('28');
    expect(screen.getByText('เดือนนี้ไม่มีวันที่ 31 จึงใช้วันที่ 28 แทน')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.summaryAgentDaily).at(-1)).toEqual({ day: '28', month: '2', year: '2026' }),
    );
    // A longer month keeps the 28th, and the notice goes: nothing was changed this time.
    await pick('เดือน', 'มีนาคม');
    expect(day.value).toBe('28');
    expect(screen.queryByText(/เดือนนี้ไม่มีวันที่/)).toBeNull();
  });

  it('says the same in English', async () => {
    stubApi([[api.summaryAgentDaily, () => ({ rows: [], totals })]]);
    const { user } = await renderPage(AgentDailyPage, '/summary/agentdaily?day=30&month=1&year=2024', 'en');
    await user.click(await screen.findByRole('combobox', { name: 'Month' }));
    await user.click(await screen.findByRole('option', { name: 'February', hidden: true }));
    expect((screen.getByRole('combobox', { name: 'Day' }) as HTMLInputElement).value).toBe('29');
    expect(screen.getByText('This month has no day 30: day 29 is used instead')).toBeTruthy();
  });

  it('revenue share: the month of the URL, Search unchanged asks again', async () => {
    const stub = stubApi([[api.revenueShare, () => ({ rows: [], parents: [], total: '0.00' })]]);
    const { user } = await renderPage(RevenueSharePage, '/summary/revenueshare?month=4&year=2024');
    await waitFor(() => expect(stub.bodiesOf(api.revenueShare)).toEqual([{ month: '4', year: '2024' }]));
    await user.click(await screen.findByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.revenueShare)).toHaveLength(2));
  });
});
