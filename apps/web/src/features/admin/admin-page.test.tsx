import { api } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { adminRecord, bangkokTime } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { expectPlainHeader, expectSortableHeader } from '../../../test/sorting';
import { AdminPage } from './admin-page';

const open = (url: string) => renderPage(AdminPage, url);

afterEach(() => vi.unstubAllGlobals());

describe('the admin list', () => {
  it('filters by username and a date-time range, 10 a page', async () => {
    const stub = stubApi([[api.adminList, () => page([adminRecord()], 1, 1, 10)]]);
    await open('/admin/list?username=op&startDate=2024-05-01%2008:00:00&endDate=2024-05-02');
    await screen.findByText('op_one');
    expect(stub.bodiesOf(api.adminList)).toEqual([
      {
        username: 'op',
        startDate: bangkokTime(2024, 4, 1, 8, 0, 0, 0).toISOString(),
        endDate: bangkokTime(2024, 4, 2, 23, 59, 59, 999).toISOString(),
        page: 1,
        limit: 10,
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'วันที่เริ่มต้น' })).toHaveProperty('value', '01/05/2024 08:00');
  });

  it('Search with the filters unchanged asks again; Clear drops them', async () => {
    const stub = stubApi([[api.adminList, () => page([adminRecord()], 1, 1, 10)]]);
    const { user, router } = await open('/admin/list?username=op');
    await screen.findByText('op_one');
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.adminList)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'ล้างตัวกรอง' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(stub.bodiesOf(api.adminList).at(-1)).toMatchObject({ username: '' }));
    expect(screen.getByRole('textbox', { name: 'ชื่อผู้ใช้' })).toHaveProperty('value', '');
  });
});

describe('sorting the admin list', () => {
  it('sorts by username and by creation on the server; the type column is a plain heading', async () => {
    const stub = stubApi([[api.adminList, () => page([adminRecord()], 1, 1, 10)]]);
    const { user, router } = await open('/admin/list?username=ad');
    await screen.findByText(adminRecord().username);
    expectPlainHeader('ประเภท');
    await expectSortableHeader({
      user,
      stub,
      route: api.adminList,
      header: 'ชื่อผู้ใช้',
      field: 'username',
      first: 'asc',
    });
    expect(router.state.location.search).toBe('?username=ad&sort=username&order=desc');
    await expectSortableHeader({
      user,
      stub,
      route: api.adminList,
      header: 'วันที่สร้าง',
      field: 'createdAt',
      first: 'desc',
    });
  });
});
