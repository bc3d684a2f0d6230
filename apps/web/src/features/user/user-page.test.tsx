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

  it('sorts on the server by a column header: name A→Z, then Z→A; dates newest first; kept in the URL', async () => {
    const stub = stubApi([[api.userList, () => page([bob])]]);
    const { user, router } = await open('/user/list?username=bo&page=2');
    await screen.findByText('bob');
    const table = screen.getByRole('table');
    const nameHeader = within(table).getByRole('columnheader', { name: 'ชื่อผู้ใช้' });
    const dateHeader = within(table).getByRole('columnheader', { name: 'วันที่ลงทะเบียน' });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    // A column the server cannot sort cheaply has no button.
    expect(
      within(within(table).getByRole('columnheader', { name: 'เอเจนต์' })).queryByRole('button'),
    ).toBeNull();

    await user.click(within(nameHeader).getByRole('button', { name: 'ชื่อผู้ใช้' }));
    // The filters shown stay; the sorted list starts at page 1.
    await waitFor(() =>
      expect(stub.bodiesOf(api.userList).at(-1)).toEqual({
        username: 'bo',
        agent: '',
        startDate: '',
        endDate: '',
        sort: 'username',
        order: 'asc',
        page: 1,
        limit: 50,
      }),
    );
    await waitFor(() => expect(nameHeader.getAttribute('aria-sort')).toBe('ascending'));
    expect(router.state.location.search).toBe('?username=bo&sort=username&order=asc');

    await user.click(within(nameHeader).getByRole('button', { name: 'ชื่อผู้ใช้' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.userList).at(-1)).toMatchObject({ sort: 'username', order: 'desc' }),
    );
    await waitFor(() => expect(nameHeader.getAttribute('aria-sort')).toBe('descending'));

    // Another column starts at its own first order: the newest registrations first.
    await user.click(within(dateHeader).getByRole('button', { name: 'วันที่ลงทะเบียน' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.userList).at(-1)).toMatchObject({ sort: 'createdAt', order: 'desc' }),
    );
    await waitFor(() => expect(dateHeader.getAttribute('aria-sort')).toBe('descending'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
  });

  it('a start date picked in the calendar is sent from that day’s first minute', async () => {
    const stub = stubApi([[api.userList, () => page([bob])]]);
    const { user, router } = await open();
    await screen.findByText('bob');
    await user.click(screen.getByRole('button', { name: 'เลือกวันที่เริ่มต้นจากปฏิทิน' }));
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
    const now = new Date();
    const expected = bangkokTime(now.getFullYear(), now.getMonth(), 15, 0, 0, 0, 0);
    const mm = String(expected.getMonth() + 1).padStart(2, '0');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'วันที่เริ่มต้น' })).toHaveProperty(
        'value',
        `15/${mm}/${expected.getFullYear()} 00:00`,
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

  it('a player is one click from their bets, and the agent name from the agent’s (issue 41, Deliver 4)', async () => {
    stubApi([[api.userList, () => page([bob])]]);
    await open();
    const bets = await screen.findByRole('link', { name: 'ดูการเดิมพันของ bob' });
    expect(bets.getAttribute('href')).toBe('/transaction/11?user=21');
    const agent = screen.getByRole('link', { name: 'senior_one' });
    expect(agent.getAttribute('href')).toBe('/transaction/11');
    // Deliver 6: a player who may bet has the switch on.
    expect(screen.getByRole('switch', { name: 'bob เดิมพันได้' })).toHaveProperty('checked', true);
  });
});

describe('filters remembered per screen (issue 41, Deliver 5)', () => {
  it('coming back from the sidebar without filters puts the last ones back, in the URL too', async () => {
    const stub = stubApi([[api.userList, () => page([bob])]]);
    const first = await open('/user/list?username=bo&agent=11');
    await screen.findByText('bob');
    first.unmount();
    const { router } = await open('/user/list');
    await waitFor(() => expect(router.state.location.search).toBe('?username=bo&agent=11'));
    await waitFor(() =>
      expect(stub.bodiesOf(api.userList).at(-1)).toMatchObject({ username: 'bo', agent: '11' }),
    );
    // Every request carried the filters: none went out without them.
    expect(stub.bodiesOf(api.userList).every((body) => body.username === 'bo')).toBe(true);
  });
});
