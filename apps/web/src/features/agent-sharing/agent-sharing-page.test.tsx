import { api } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { agentRecord, sharingRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { expectSortableHeader } from '../../../test/sorting';
import { AgentSharingPage } from './agent-sharing-page';

afterEach(() => vi.unstubAllGlobals());

describe('the agent sharing list', () => {
  it('filters by parent agent chosen in the picker, 10 a page', async () => {
    const senior = agentRecord();
    const stub = stubApi([
      [api.agentSharingList, () => page([sharingRecord()], 1, 1, 10)],
      [api.agentPick, () => [{ _id: senior._id, username: senior.username, prefix: senior.prefix }]],
    ]);
    const { user, router } = await renderPage(AgentSharingPage, '/agentsharing');
    await screen.findByText('child_one');
    const parent = screen.getByRole('combobox', { name: 'เอเจนต์แม่' });
    await user.type(parent, 's1');
    const options = document.getElementById(parent.getAttribute('aria-controls') ?? '');
    if (!options) throw new Error('the picker has no options list');
    // Without layout the dropdown is never placed, so it stays display: none.
    await user.click(await within(options).findByRole('option', { name: 'senior_one (s1)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(router.state.location.search).toBe('?parentAgent=11'));
    await waitFor(() =>
      expect(stub.bodiesOf(api.agentSharingList).at(-1)).toEqual({
        agent: '',
        parentAgent: '11',
        page: 1,
        limit: 10,
      }),
    );
  });

  it('disables from a chosen day, saying which day in the dialog', async () => {
    const stub = stubApi([
      [api.agentSharingList, () => page([sharingRecord()], 1, 1, 10)],
      [api.agentSharingDisable, () => sharingRecord({ isDisable: true })],
    ]);
    const { user } = await renderPage(AgentSharingPage, '/agentsharing');
    await screen.findByText('child_one', {}, { timeout: 5000 });
    // The switch is on while the arrangement is in force; turning it off asks from which day.
    const toggle = screen.getByRole('switch', {
      name: 'การแบ่งรายได้ child_one (c1) → senior_one (s1) ใช้งานอยู่',
    });
    expect(toggle).toHaveProperty('checked', true);
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'ยืนยันการเปิด/ปิดใช้งาน' });
    expect(dialog.textContent).not.toContain('ตั้งแต่นี้');
    const day = within(dialog).getByRole('textbox', { name: 'มีผลตั้งแต่วันที่' });
    await user.clear(day);
    await user.type(day, '01/12/2030');
    expect(within(dialog).getByTestId('switch-from').textContent).toBe(
      'เอเจนต์แม่ senior_one (s1) จะไม่ได้รับส่วนแบ่งตั้งแต่วันที่ 01/12/2030',
    );
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันปิดใช้งาน' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.agentSharingDisable)).toEqual([{ effectiveFrom: '2030-12-01' }]),
    );
  });

  it('shows the day a row took effect, a pending change, and the history of an arrangement', async () => {
    stubApi([
      [
        api.agentSharingList,
        () =>
          page(
            [
              sharingRecord({
                effectiveFrom: '2025-03-15',
                pendingChange: { approvalId: '81', parentPercentage: 50, effectiveFrom: '2025-04-01' },
              }),
            ],
            1,
            1,
            10,
          ),
      ],
      [
        api.agentSharingHistory,
        () => [
          {
            _id: '1',
            from: '2024-05-01',
            to: '2025-03-14',
            parentAgent: '11',
            parentAgentUsername: 'senior_one',
            parentPercentage: 12.5,
            createdAt: '2024-05-01T03:04:05.000Z',
            createdByUsername: null,
          },
          {
            _id: '2',
            from: '2025-03-15',
            to: null,
            parentAgent: '11',
            parentAgentUsername: 'senior_one',
            parentPercentage: 35,
            createdAt: '2025-03-15T03:04:05.000Z',
            createdByUsername: 'admin',
          },
        ],
      ],
    ]);
    const { user } = await renderPage(AgentSharingPage, '/agentsharing');
    await screen.findByText('child_one', {}, { timeout: 5000 });
    expect(screen.getByText('มีผลตั้งแต่ 15/03/2025')).toBeTruthy();
    expect(screen.getByTestId('pending-change').textContent).toBe('รออนุมัติ: 50.00 % มีผลตั้งแต่ 01/04/2025');
    await user.click(
      screen.getByRole('button', { name: 'ประวัติการแบ่งรายได้ child_one (c1) → senior_one (s1)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'ประวัติการแบ่งรายได้ child_one (c1)' });
    await within(dialog).findByText('12.50 %');
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[1]).toContain('01/05/2024');
    expect(rows[1]).toContain('14/03/2025');
    expect(rows[2]).toContain('ปัจจุบัน');
  });
});

describe('sorting the sharing list', () => {
  it('sorts by the agent’s name on the server', async () => {
    const stub = stubApi([[api.agentSharingList, () => page([sharingRecord()], 1, 1, 10)]]);
    const { user } = await renderPage(AgentSharingPage, '/agentsharing');
    await screen.findByText(sharingRecord().agentUsername);
    await expectSortableHeader({
      user,
      stub,
      route: api.agentSharingList,
      header: 'เอเจนต์',
      field: 'agentUsername',
      first: 'asc',
    });
  });
});
