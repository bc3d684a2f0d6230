import { api } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { agentRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { currentMonthKey } from './api';
import { RegisterReportPage } from './register-report-page';

const days = [
  { date: '2024-05-01', count: 2 },
  { date: '2024-05-02', count: 0 },
];

afterEach(() => vi.unstubAllGlobals());

describe('the registration report filters', () => {
  it('asks for the whole platform this Thai month until an agent is chosen, then that agent’s month of the URL', async () => {
    const stub = stubApi([[api.registerCount, () => days]]);
    await renderPage(RegisterReportPage, '/report');
    expect((await screen.findByTestId('register-summary')).textContent).toMatch(
      /^ทั้งแพลตฟอร์ม \(ทุกเอเจนต์\) · /,
    );
    expect(stub.calls.filter((c) => c.route === api.registerCount)).toEqual([
      { route: api.registerCount, params: { agentId: 'all' }, body: { date: `${currentMonthKey()}-01` } },
    ]);
    vi.unstubAllGlobals();
    const second = stubApi([
      [api.registerCount, () => days],
      [api.agentGet, () => agentRecord({ _id: '7', username: 'alpha' })],
    ]);
    const { user } = await renderPage(RegisterReportPage, '/report?agent=7&month=2024-05');
    // The first screen is still mounted (its total shows already): wait for the second one's request.
    await waitFor(() =>
      expect(second.calls.filter((c) => c.route === api.registerCount)).toEqual([
        { route: api.registerCount, params: { agentId: '7' }, body: { date: '2024-05-01' } },
      ]),
    );
    await screen.findAllByTestId('register-total');
    // Search with nothing changed asks again (a user refreshing).
    await user.click(screen.getAllByRole('button', { name: 'ค้นหา' }).at(-1) as HTMLElement);
    await waitFor(() => expect(second.bodiesOf(api.registerCount)).toHaveLength(2));
    expect(currentMonthKey()).toMatch(/^\d{4}-\d{2}$/);
  });
});
