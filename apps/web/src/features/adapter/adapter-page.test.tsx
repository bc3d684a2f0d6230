import { api } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { adapterRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { expectSortableHeader } from '../../../test/sorting';
import { AdapterPage } from './adapter-page';

const golden = adapterRecord();
const retired = adapterRecord({ _id: '42', name: 'Retired Provider', codename: 'RETIRED', isDisable: true });

afterEach(() => vi.unstubAllGlobals());

describe('the game provider list', () => {
  it('filters by name and status, in the URL', async () => {
    const stub = stubApi([
      [api.adapterList, (body) => page(body.isDisable === '1' ? [retired] : [golden, retired])],
    ]);
    const { user, router } = await renderPage(AdapterPage, '/adapter/list');
    await screen.findByTestId('adapter-row-GOLDEN');
    await user.type(screen.getByRole('textbox', { name: 'ชื่อค่ายเกม' }), 'Re');
    await user.click(screen.getByRole('combobox', { name: 'สถานะ' }));
    // Without layout the dropdown is never placed, so it stays display: none.
    await user.click(await screen.findByRole('option', { name: 'ปิดใช้งาน', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(router.state.location.search).toBe('?name=Re&isDisable=1'));
    await waitFor(() => expect(screen.queryByTestId('adapter-row-GOLDEN')).toBeNull());
    expect(stub.bodiesOf(api.adapterList).at(-1)).toEqual({ name: 'Re', isDisable: '1', page: 1, limit: 50 });
  });
});

describe('sorting the provider list', () => {
  it('sorts by name on the server', async () => {
    const stub = stubApi([[api.adapterList, () => page([adapterRecord()])]]);
    const { user } = await renderPage(AdapterPage, '/adapter/list');
    await screen.findByText(adapterRecord().name);
    await expectSortableHeader({
      user,
      stub,
      route: api.adapterList,
      header: 'ชื่อ',
      field: 'name',
      first: 'asc',
    });
  });
});
