import { api } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { approvalRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { expectSortableHeader } from '../../../test/sorting';
import { ApprovalsPage } from './approvals-page';

describe('the approvals list', () => {
  it('filters by status and kind, and rejects with a reason', async () => {
    const stub = stubApi([
      [
        api.approvalList,
        () =>
          page(
            [
              approvalRecord(),
              approvalRecord({
                _id: '80',
                status: 'approved',
                summary: { year: '2025', month: '2' },
                decidedBy: '1',
                decidedByUsername: 'admin',
                decidedAt: '2025-03-02T03:00:00.000Z',
              }),
            ],
            2,
            1,
            20,
          ),
      ],
      [api.approvalReject, () => approvalRecord({ status: 'rejected', reason: 'ยอดยังไม่ครบ' })],
    ]);
    const { user, router } = await renderPage(ApprovalsPage, '/approval');
    const table = await screen.findByRole('table', { name: 'รายการอนุมัติ' });
    await within(table).findByText('ปิดงวด มีนาคม 2025');
    expect(within(table).getByText('อนุมัติแล้ว')).toBeTruthy();
    // A decided one has no actions.
    const decided = within(table).getByText('ปิดงวด กุมภาพันธ์ 2025').closest('tr') as HTMLElement;
    expect(within(decided).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'สถานะ' }));
    await user.click(await screen.findByRole('option', { name: 'รออนุมัติ', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    await waitFor(() =>
      expect(stub.bodiesOf(api.approvalList).at(-1)).toEqual({
        status: 'pending',
        kind: '',
        page: 1,
        limit: 20,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'ไม่อนุมัติ: ปิดงวด มีนาคม 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'ไม่อนุมัติคำขอ' });
    await user.type(within(dialog).getByRole('textbox', { name: 'เหตุผล (ไม่บังคับ)' }), 'ยอดยังไม่ครบ');
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันไม่อนุมัติ' }));
    await waitFor(() => expect(stub.bodiesOf(api.approvalReject)).toEqual([{ reason: 'ยอดยังไม่ครบ' }]));
    expect(stub.calls.find((c) => c.route === api.approvalReject)?.params).toEqual({ id: '81' });
  });
});

describe('sorting the approvals', () => {
  it('sorts by request time on the server, newest first on the first click', async () => {
    const stub = stubApi([[api.approvalList, () => page([approvalRecord()], 1, 1, 20)]]);
    const { user } = await renderPage(ApprovalsPage, '/approval');
    const table = await screen.findByRole('table', { name: 'รายการอนุมัติ' });
    await within(table).findByText('ปิดงวด มีนาคม 2025');
    expect(within(table).getByText(`ผู้ขอ ${approvalRecord().requestedByUsername}`)).toBeTruthy();
    await expectSortableHeader({
      user,
      stub,
      route: api.approvalList,
      header: 'ขอเมื่อ',
      field: 'requestedAt',
      first: 'desc',
    });
  });
});
