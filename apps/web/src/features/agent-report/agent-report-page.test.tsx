import { api } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { agentRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { expectSortableHeader } from '../../../test/sorting';
import { AgentReportPage } from './agent-report-page';

const agent = agentRecord({ _id: '7', username: 'alpha', prefix: 'al' });
const zero = {
  holdBalance: 0,
  settleBalance: 0,
  voidBalance: 0,
  cancelBalance: 0,
  depositBalance: 0,
  withdrawBalance: 0,
  promotionBalance: 0,
  promotionRefundBalance: 0,
  promotionAffiliateBalance: 0,
  transactionCount: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe('the agent report filters', () => {
  it('lists unlocked agents by username and prefix, widgets of the chosen month in one batch', async () => {
    const stub = stubApi([
      [api.agentList, () => page([agent])],
      [api.agentReportMonthlyBatch, () => [{ agent: '7', ...zero }]],
    ]);
    const { user } = await renderPage(AgentReportPage, '/agent/report?username=al&startDate=2024-05-09');
    await screen.findByText('alpha');
    expect(stub.bodiesOf(api.agentList)).toEqual([
      { username: 'al', prefix: '', locked: 0, page: 1, limit: 50 },
    ]);
    await waitFor(() =>
      expect(stub.bodiesOf(api.agentReportMonthlyBatch)).toEqual([{ agentIds: ['7'], date: '2024-05-01' }]),
    );
    await user.type(screen.getByRole('textbox', { name: 'คำนำหน้า' }), 'a');
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.agentList).at(-1)).toMatchObject({ prefix: 'a', locked: 0 }),
    );
  });
});

describe('sorting the agent report', () => {
  it('sorts the agents by username on the server, still only unlocked ones', async () => {
    const stub = stubApi([
      [api.agentList, () => page([agent])],
      [api.agentReportMonthlyBatch, () => [{ agent: '7', ...zero }]],
    ]);
    const { user } = await renderPage(AgentReportPage, '/agent/report');
    await screen.findByText('alpha');
    await expectSortableHeader({
      user,
      stub,
      route: api.agentList,
      header: 'ชื่อผู้ใช้',
      field: 'username',
      first: 'asc',
    });
    expect(stub.bodiesOf(api.agentList).at(-1)).toMatchObject({ locked: 0 });
  });
});
