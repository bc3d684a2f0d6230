import { api } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { portalSelf } from '../../../test/portal-self';
import { sharingRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { notifySuccess } from '../../lib/notify';
import { AgentSharingPage } from './agent-sharing-page';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

/*
 * docs/design.md §16: the sharing screen as the agent's own account sees it. It asks for a percentage
 * change of its own direct sub-agents only (the agents and the settlement option fixed, no what-if, no
 * history); the request waits for staff; create, disable and enable are not offered.
 */

// A direct sub-agent of agent 11, and one below it (its parent is 12, not the caller's agent).
const own = sharingRecord();
const deeper = sharingRecord({
  _id: '62',
  agent: '13',
  agentUsername: 'grand_one',
  agentPrefix: 'g1',
  parentAgent: '12',
  parentAgentUsername: 'child_one',
  parentAgentPrefix: 'c1',
});

describe('the sharing screen on the agent side', () => {
  it('asks for a percentage change of its own sub-agent; the change waits for approval', async () => {
    const stub = stubApi(
      [
        [api.agentSharingList, () => page([own, deeper])],
        [
          api.agentSharingUpdate,
          () => ({
            ...own,
            pendingChange: { approvalId: '90', parentPercentage: 40, effectiveFrom: '2030-12-01' },
            pendingApproval: '90',
          }),
        ],
      ],
      { self: portalSelf('AGENT') },
    );
    const { user } = await renderPage(AgentSharingPage, '/agentsharing');
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'เพิ่มการแบ่งรายได้' })).toBeNull();
    expect(screen.queryByRole('button', { name: /ประวัติการแบ่งรายได้/ })).toBeNull();
    expect(
      screen.queryByRole('button', { name: 'แก้ไขการแบ่งรายได้ grand_one (g1) → child_one (c1)' }),
    ).toBeNull();
    for (const toggle of screen.getAllByRole('switch'))
      expect((toggle as HTMLInputElement).disabled).toBe(true);
    await user.click(
      screen.getByRole('button', { name: 'แก้ไขการแบ่งรายได้ child_one (c1) → senior_one (s1)' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('approval-note').textContent).toContain('ผู้ดูแลระบบอนุมัติ');
    for (const name of ['เอเจนต์', 'เอเจนต์แม่']) {
      expect((within(dialog).getByRole('combobox', { name }) as HTMLInputElement).disabled).toBe(true);
    }
    const percent = within(dialog).getByRole('textbox', { name: /เปอร์เซ็นต์/ });
    await user.clear(percent);
    await user.type(percent, '40');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.agentSharingUpdate)).toEqual([
        expect.objectContaining({
          agent: '12',
          parentAgent: '11',
          parentPercentage: 40,
          settleEachPeriod: false,
        }),
      ]),
    );
    await vi.waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith(
        'ส่งคำขอเปลี่ยนสัดส่วนของ child_one (c1) เป็น 40.00 % แล้ว รอผู้ดูแลระบบอนุมัติ',
      ),
    );
    // No what-if: a staff read.
    expect(stub.calls.filter((call) => call.route === api.agentSharingWhatIf)).toEqual([]);
  });
});
