import { api } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { agentRecord, bangkokTime, userRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { UserPage } from './user-page';

const senior = agentRecord();
const bob = userRecord();

const open = (url = '/user/list') => renderPage(UserPage, url);

afterEach(() => vi.unstubAllGlobals());

describe('the player list', () => {
  it('filters by username and agent from the URL; the picker names the agent', async () => {
    const stub = stubApi([
      [api.userList, () => page([bob])],
      [api.agentGet, () => senior],
    ]);
    await open('/user/list?username=bo&agent=11');
    await screen.findByText('bob');
    expect(stub.bodiesOf(api.userList)).toEqual([
      { username: 'bo', agent: '11', startDate: '', endDate: '', page: 1, limit: 50 },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'เอเจนต์' })).toHaveProperty('value', 'senior_one (s1)'),
    );
  });

  it('a start date picked in the calendar is sent from that day’s first minute', async () => {
    const stub = stubApi([[api.userList, () => page([bob])]]);
    const { user, router } = await open();
    await screen.findByText('bob');
    await user.click(screen.getByRole('button', { name: 'วันที่เริ่มต้น' }));
    // The DOM without layout cannot place the popover, so Mantine keeps it display: none.
    const calendar = await waitFor(() => {
      const dropdown = document.querySelector<HTMLElement>('[role="dialog"][aria-label="วันที่เริ่มต้น"]');
      if (!dropdown) throw new Error('the calendar did not open');
      return dropdown;
    });
    const day15 = within(calendar)
      .getAllByRole('button', { hidden: true })
      .find((button) => button.textContent === '15');
    if (!day15) throw new Error('no day 15 in the calendar');
    await user.click(day15);
    await user.click(within(calendar).getByRole('button', { name: 'ตกลง', hidden: true }));
    const now = new Date();
    const expected = bangkokTime(now.getFullYear(), now.getMonth(), 15, 0, 0, 0, 0);
    const mm = String(expected.getMonth() + 1).padStart(2, '0');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'วันที่เริ่มต้น' }).textContent).toBe(
        `${mm}/15/${expected.getFullYear()} 12:00 AM`,
      ),
    );
    // Only Search sends it.
    expect(stub.bodiesOf(api.userList)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.userList)).toHaveLength(2));
    expect(stub.bodiesOf(api.userList)[1]).toMatchObject({ startDate: expected.toISOString(), endDate: '' });
    expect(router.state.location.search).toContain('startDate=');
  });

  it('Search with unchanged filters asks the server again', async () => {
    const stub = stubApi([[api.userList, () => page([bob])]]);
    const { user } = await open('/user/list?username=bob');
    await screen.findByText('bob');
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.userList)).toHaveLength(2));
    expect(stub.bodiesOf(api.userList)[1]).toEqual(stub.bodiesOf(api.userList)[0]);
  });
});
