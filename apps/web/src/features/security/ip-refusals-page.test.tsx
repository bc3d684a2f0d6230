import { api } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { renderPage } from '../../../test/render-page';
import { formatDateTime } from '../../lib/format';
import { IpRefusalsPage } from './ip-refusals-page';

const agentRefusal = {
  scope: 'agent' as const,
  subjectId: '11',
  subject: 'senior_one',
  day: '2026-11-24',
  count: 1234,
  lastIp: '198.51.100.23',
  lastAt: '2026-11-24T03:00:00.000Z',
};
const adminRefusal = {
  ...agentRefusal,
  scope: 'admin' as const,
  subjectId: '3',
  subject: 'op_one',
  count: 2,
};

describe('refused addresses', () => {
  it('lists the counts per agent or account and day, 50 a page, filtered by kind', async () => {
    const stub = stubApi([
      [
        api.ipRefusalList,
        (body) => {
          const rows = [agentRefusal, adminRefusal].filter((r) => !body.scope || r.scope === body.scope);
          return page(rows, rows.length, 1, 50);
        },
      ],
    ]);
    const { user, router } = await renderPage(IpRefusalsPage, '/security/ip-refusals');
    const row = await screen.findByTestId('refusal-senior_one');
    expect(within(row).getByText('API นำเข้าข้อมูล (เอเจนต์)')).toBeTruthy();
    expect(within(row).getByText('24/11/2026')).toBeTruthy();
    expect(within(row).getByText('1,234')).toBeTruthy();
    expect(within(row).getByText('198.51.100.23')).toBeTruthy();
    expect(within(row).getByText(formatDateTime(agentRefusal.lastAt))).toBeTruthy();
    expect(within(screen.getByTestId('refusal-op_one')).getByText('บัญชีผู้ดูแลระบบ')).toBeTruthy();
    expect(stub.bodiesOf(api.ipRefusalList)[0]).toEqual({ scope: '', page: 1, limit: 50 });

    await user.click(screen.getByRole('combobox', { name: 'ประเภท' }));
    await user.click(await screen.findByRole('option', { name: 'บัญชีผู้ดูแลระบบ', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(screen.queryByTestId('refusal-senior_one')).toBeNull());
    expect(stub.bodiesOf(api.ipRefusalList).at(-1)).toEqual({ scope: 'admin', page: 1, limit: 50 });
    expect(router.state.location.search).toContain('scope=admin');
  });

  it('takes a kind from an edited URL it does not know as no filter', async () => {
    const stub = stubApi([[api.ipRefusalList, () => page([], 0, 1, 50)]]);
    await renderPage(IpRefusalsPage, '/security/ip-refusals?scope=everyone');
    await screen.findByText('ไม่มีคำขอที่ถูกปฏิเสธ');
    expect(stub.bodiesOf(api.ipRefusalList)[0]).toEqual({ scope: '', page: 1, limit: 50 });
  });
});
