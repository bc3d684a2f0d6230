import { api, type SettlementPeriod, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Failure, page, stubApi } from '../../../test/api-stub';
import { approvalRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { notifySuccess } from '../../lib/notify';
import { SettlementHubPage } from './settlement-hub-page';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

// A past year: every month is before this one, whatever day the test runs.
const periods = (): { records: SettlementPeriod[] } => ({
  records: Array.from({ length: 12 }, (_, i) => ({
    year: '2025',
    month: String(i + 1),
    status: i < 2 ? 'closed' : 'open',
    // The server names the one month a close can be asked for: the month after the last closed one.
    closable: i === 2,
    ...(i < 2 ? { closedAt: '2025-05-01T03:00:00.000Z', closedByUsername: 'admin_two' } : {}),
  })),
});

const rowOf = (name: string) => {
  const row = screen.getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('the settlement hub', () => {
  it('lists the months with their status, offers the close request on the month after the last closed one, asks again for the password', async () => {
    let verified = false;
    const stub = stubApi([
      [api.settlementPeriods, () => periods()],
      [api.approvalList, () => page([])],
      [
        api.verify,
        () => {
          verified = true;
          return { verified: true };
        },
      ],
      [
        api.settlementClose,
        (body) =>
          verified
            ? {
                approval: approvalRecord({
                  requestedBy: '1',
                  requestedByUsername: 'admin',
                  summary: { year: String(body.year), month: String(body.month) },
                }),
              }
            : new Failure(Status.REAUTH_REQUIRED, 'Re-authentication required', 403),
      ],
    ]);
    const { user } = await renderPage(SettlementHubPage, '/settlement?year=2025');
    await screen.findByRole('link', { name: 'มกราคม 2025' });
    expect(within(rowOf('มกราคม 2025')).getByText('ปิดแล้ว')).toBeTruthy();
    expect(within(rowOf('มีนาคม 2025')).getByText('เปิด')).toBeTruthy();
    // One close button: March, the month after the last closed one.
    const closeButtons = screen.getAllByRole('button', { name: /^ขอปิดงวด/ });
    expect(closeButtons).toHaveLength(1);
    expect(closeButtons[0]?.getAttribute('aria-label')).toBe('ขอปิดงวด มีนาคม 2025');

    await user.click(closeButtons[0] as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'ยืนยันการขอปิดงวด' });
    expect(confirm.textContent).toContain('ผู้ดูแลระบบอีกคนอนุมัติ');
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันขอปิดงวด' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(stub.bodiesOf(api.settlementClose)).toHaveLength(2));
    expect(stub.bodiesOf(api.settlementClose)[1]).toEqual({ year: '2025', month: '3' });
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('ส่งคำขอปิดงวด มีนาคม 2025 แล้ว รอผู้ดูแลระบบอีกคนอนุมัติ'),
    );
  });

  it("shows pending approvals: another admin's can be approved, one's own cannot", async () => {
    const stub = stubApi([
      [api.settlementPeriods, () => periods()],
      [
        api.approvalList,
        () =>
          page([
            approvalRecord(),
            approvalRecord({
              _id: '82',
              kind: 'sharing-change',
              requestedBy: '1',
              requestedByUsername: 'admin',
              summary: {
                sharing: '61',
                agent: '12',
                agentUsername: 'child_one',
                parentAgent: '11',
                parentAgentUsername: 'senior_one',
                fromPercentage: 35,
                toPercentage: 50,
                effectiveFrom: '2025-04-01',
              },
            }),
          ]),
      ],
      [api.approvalApprove, () => approvalRecord({ status: 'approved' })],
    ]);
    const { user } = await renderPage(SettlementHubPage, '/settlement?year=2025');
    const panel = await screen.findByTestId('pending-approvals');
    const items = await within(panel).findAllByTestId('pending-approval');
    expect(items).toHaveLength(2);
    expect(items[1]?.textContent).toContain('child_one → senior_one: 35.00 % เป็น 50.00 % มีผลตั้งแต่ 01/04/2025');
    expect(items[1]?.textContent).toContain('คำขอของคุณ');
    expect(within(items[1] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'อนุมัติ: ปิดงวด มีนาคม 2025' }));
    const confirm = await screen.findByRole('dialog', { name: 'ยืนยันการอนุมัติ' });
    expect(confirm.textContent).toContain('admin_two');
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันอนุมัติ' }));
    await waitFor(() => expect(stub.calls.filter((c) => c.route === api.approvalApprove)).toHaveLength(1));
    expect(stub.calls.find((c) => c.route === api.approvalApprove)?.params).toEqual({ id: '81' });
  });

  it('a REPORTER reads the periods without the close request or the approvals', async () => {
    const stub = stubApi([[api.settlementPeriods, () => periods()]], {
      self: { username: 'rep', type: 'REPORTER', id: '5' },
    });
    await renderPage(SettlementHubPage, '/settlement?year=2025');
    await screen.findByRole('link', { name: 'มีนาคม 2025' });
    expect(screen.queryByRole('button', { name: /^ขอปิดงวด/ })).toBeNull();
    expect(screen.queryByTestId('pending-approvals')).toBeNull();
    expect(stub.bodiesOf(api.approvalList)).toHaveLength(0);
  });

  it('with nothing closed only the month the server names is offered; while one waits to close none is', async () => {
    // Settlement starts with the first month with an arrangement (September here): the server says so.
    let records: SettlementPeriod[] = periods().records.map((p) => ({
      year: p.year,
      month: p.month,
      status: 'open',
      closable: p.month === '9',
    }));
    stubApi([
      [api.settlementPeriods, () => ({ records })],
      [api.approvalList, () => page([])],
    ]);
    const first = await renderPage(SettlementHubPage, '/settlement?year=2025');
    await screen.findByRole('link', { name: 'มกราคม 2025' });
    const offered = screen.getAllByRole('button', { name: /^ขอปิดงวด/ });
    expect(offered.map((b) => b.getAttribute('aria-label'))).toEqual(['ขอปิดงวด กันยายน 2025']);
    expect(within(rowOf('สิงหาคม 2025')).queryByRole('button', { name: /^ขอปิดงวด/ })).toBeNull();
    first.unmount();
    records = records.map((p) =>
      p.month === '9' ? { ...p, status: 'closing', closable: false } : { ...p, closable: false },
    );
    await renderPage(SettlementHubPage, '/settlement?year=2025');
    await screen.findByText('รออนุมัติปิด');
    expect(screen.queryAllByRole('button', { name: /^ขอปิดงวด/ })).toHaveLength(0);
  });
});
