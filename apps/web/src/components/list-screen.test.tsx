import { api, type RouteDef } from '@sapi/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure, page, stubApi } from '../../test/api-stub';
import { adapterRecord } from '../../test/records';
import { renderScreen } from '../../test/render';
import { i18n } from '../lib/i18n';
import {
  defineList,
  flagFilter,
  type ListScreenConfig,
  type ListScreenState,
  type RecordOf,
  useListScreen,
} from '../lib/use-list-screen';
import type { Column } from './data-table';
import { SelectFilter, TextFilter } from './list-filters';
import { type ListExport, ListScreen } from './list-screen';

const adapters = defineList({
  route: api.adapterList,
  filters: ['name', 'isDisable'],
  pageSize: 2,
  body: (filters) => ({ name: filters.name, isDisable: flagFilter(filters.isDisable) }),
});

const adapter = (n: number) => adapterRecord({ _id: String(n), name: `Provider ${n}`, codename: `P${n}` });

/** A list screen of one definition, as a feature's page would write it. */
function Screen<R extends RouteDef, K extends string>({
  config,
  filters,
  columns,
  rowKey,
  exportCsv,
}: {
  config: ListScreenConfig<R, K>;
  filters: (list: ListScreenState<R, K>) => ReactNode;
  columns: Column<RecordOf<R>>[];
  rowKey: (row: RecordOf<R>) => string;
  exportCsv?: ListExport<R>;
}) {
  const list = useListScreen(config);
  return (
    <ListScreen
      list={list}
      title="รายการ"
      filters={filters(list)}
      columns={columns}
      rowKey={rowKey}
      {...(exportCsv ? { exportCsv } : {})}
    />
  );
}

const Providers = () => (
  <Screen
    config={adapters}
    exportCsv={{ route: api.adapterExport, filename: 'adapters.csv' }}
    filters={(list) => (
      <>
        <TextFilter list={list} name="name" label="ชื่อ" />
        <SelectFilter
          list={list}
          name="isDisable"
          label="สถานะ"
          data={[
            { value: '', label: 'ทั้งหมด' },
            { value: '1', label: 'ปิด' },
          ]}
        />
      </>
    )}
    columns={[{ key: 'name', header: 'ชื่อ', render: (row) => row.name }]}
    rowKey={(row) => row._id}
  />
);

/** Five providers, two a page, filtered by name. */
const serve = () =>
  stubApi([
    [
      api.adapterList,
      (body) => {
        const all = [1, 2, 3, 4, 5].map(adapter).filter((a) => a.name.includes(String(body.name ?? '')));
        const at = Number(body.page);
        return page(all.slice((at - 1) * 2, at * 2), all.length, at, 2);
      },
    ],
  ]);

const searchButton = () => screen.getByRole('button', { name: 'ค้นหา' });
const rows = () => screen.getAllByRole('row').slice(1);

/** A route that is not paged: an agent's registrations per day, an array for an answer. */
const counts = defineList({
  route: api.registerCount,
  filters: ['date'],
  params: { agentId: '11' },
  body: ({ date }) => ({ date: date || '2024-05-01' }),
});
const Counts = () => (
  <Screen
    config={counts}
    filters={(list) => <TextFilter list={list} name="date" label="วันที่" />}
    columns={[{ key: 'date', header: 'วันที่', render: (row) => `${row.date}: ${row.count}` }]}
    rowKey={(row) => row.date}
  />
);

afterEach(() => vi.unstubAllGlobals());

describe('a list screen', () => {
  it('loads once on opening, with the filters of the URL in the fields and the request', async () => {
    const stub = serve();
    await renderScreen(<Providers />, { url: '/adapters?name=3' });
    expect(await screen.findByText('Provider 3')).toBeTruthy();
    expect(screen.getByLabelText('ชื่อ')).toHaveProperty('value', '3');
    expect(stub.bodiesOf(api.adapterList)).toEqual([{ name: '3', isDisable: '', page: 1, limit: 2 }]);
  });

  it('Search loads again with unchanged filters, on page 1 and on a later page', async () => {
    const stub = serve();
    const { user, router } = await renderScreen(<Providers />, { url: '/adapters' });
    await screen.findByText('Provider 1');
    await user.click(searchButton());
    await waitFor(() => expect(stub.bodiesOf(api.adapterList)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'หน้า 2' }));
    await screen.findByText('Provider 3');
    expect(router.state.location.search).toBe('?page=2');
    await user.click(searchButton());
    await waitFor(() => expect(stub.bodiesOf(api.adapterList)).toHaveLength(4));
    // A refresh of the page shown, not a new search.
    expect(stub.bodiesOf(api.adapterList).at(-1)).toMatchObject({ page: 2 });
    expect(router.state.location.search).toBe('?page=2');
  });

  it('Search applies the typed filters: in the URL, at page 1, only when pressed', async () => {
    const stub = serve();
    const { user, router } = await renderScreen(<Providers />, { url: '/adapters?page=2' });
    await screen.findByText('Provider 3');
    await user.type(screen.getByLabelText('ชื่อ'), ' 5 ');
    // Typing alone sends nothing.
    expect(stub.bodiesOf(api.adapterList)).toHaveLength(1);
    await user.click(searchButton());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('Provider 5')).toBeTruthy();
    expect(router.state.location.search).toBe('?name=5');
    expect(stub.bodiesOf(api.adapterList).at(-1)).toEqual({ name: '5', isDisable: '', page: 1, limit: 2 });

    // Back in history shows the earlier filters again, in the fields too.
    await router.navigate(-1);
    await screen.findByText('Provider 3');
    await waitFor(() => expect(screen.getByLabelText('ชื่อ')).toHaveProperty('value', ''));
  });

  it('Enter in a field searches', async () => {
    const stub = serve();
    const { user, router } = await renderScreen(<Providers />, { url: '/adapters' });
    await screen.findByText('Provider 1');
    await user.type(screen.getByLabelText('ชื่อ'), '4{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?name=4'));
    await waitFor(() => expect(stub.bodiesOf(api.adapterList).at(-1)).toMatchObject({ name: '4' }));
  });

  it('Clear empties every filter, returns to page 1 and loads again, even when already clear', async () => {
    const stub = serve();
    const { user, router } = await renderScreen(<Providers />, { url: '/adapters?name=Provider&page=2' });
    await screen.findByText('Provider 3');
    await user.click(screen.getByRole('button', { name: 'ล้างตัวกรอง' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('ชื่อ')).toHaveProperty('value', '');
    await screen.findByText('Provider 1');
    expect(stub.bodiesOf(api.adapterList).at(-1)).toEqual({ name: '', isDisable: '', page: 1, limit: 2 });

    const before = stub.bodiesOf(api.adapterList).length;
    await user.click(screen.getByRole('button', { name: 'ล้างตัวกรอง' }));
    await waitFor(() => expect(stub.bodiesOf(api.adapterList)).toHaveLength(before + 1));
  });

  it('pages through the list: the page is in the URL and the request; the pager says where it is', async () => {
    const stub = serve();
    const { user, router } = await renderScreen(<Providers />, { url: '/adapters' });
    await screen.findByText('Provider 1');
    expect(screen.getByTestId('pager-summary').textContent).toBe('แสดง 1–2 จาก 5 รายการ');
    await user.click(screen.getByRole('button', { name: 'หน้าสุดท้าย' }));
    await screen.findByText('Provider 5');
    expect(router.state.location.search).toBe('?page=3');
    expect(stub.bodiesOf(api.adapterList).at(-1)).toMatchObject({ page: 3, limit: 2 });
    expect(screen.getByTestId('pager-summary').textContent).toBe('แสดง 5–5 จาก 5 รายการ');
  });

  it('an empty answer shows the no-data picture', async () => {
    serve();
    await renderScreen(<Providers />, { url: '/adapters?name=nothing' });
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('ไม่พบข้อมูล');
    expect(screen.queryByTestId('pager-summary')).toBeNull();
  });

  it('a failed list shows the red banner with the message; retry loads again', async () => {
    let fail = true;
    const stub = stubApi([
      [
        api.adapterList,
        () => (fail ? new Failure(9000, 'Internal error (request id req-88)') : page([adapter(1)])),
      ],
    ]);
    const { user } = await renderScreen(<Providers />, { url: '/adapters' });
    const banner = await screen.findByTestId('error-banner');
    expect(banner.textContent).toContain('โหลดข้อมูลไม่สำเร็จ');
    // The status in Thai, never the server's English.
    expect(banner.textContent).toContain('เกิดข้อผิดพลาดภายในระบบ');
    expect(banner.textContent).not.toContain('Internal error');
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'ลองอีกครั้ง' }));
    await screen.findByText('Provider 1');
    expect(screen.queryByTestId('error-banner')).toBeNull();
    expect(stub.bodiesOf(api.adapterList)).toHaveLength(2);
  });

  it('a refused filter: its field says why in Thai, the banner says to correct it, no retry', async () => {
    const tooLong = {
      path: 'name',
      code: 'too_big',
      params: { maximum: 100, origin: 'string', inclusive: true },
      message: 'Too big: expected string to have <=100 characters',
    };
    const stub = stubApi([
      [
        api.adapterList,
        (body) =>
          String(body.name).length > 100
            ? new Failure(2001, `name: ${tooLong.message}`, 400, { issues: [tooLong] })
            : page([adapter(1)]),
      ],
    ]);
    const long = 'a'.repeat(101);
    const { user } = await renderScreen(<Providers />, { url: `/adapters?name=${long}` });
    const banner = await screen.findByTestId('error-banner');
    expect(banner.textContent).toContain('ตัวกรองไม่ถูกต้อง กรุณาแก้ไขแล้วกดค้นหาอีกครั้ง');
    expect(banner.textContent).toContain('ต้องมีไม่เกิน 100 ตัวอักษร');
    expect(banner.textContent).not.toContain('Too big');
    // The same request would be refused the same way: nothing to try again.
    expect(within(banner).queryByRole('button')).toBeNull();
    const field = screen.getByLabelText('ชื่อ');
    expect(field).toHaveProperty('value', long);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toBe('ต้องมีไม่เกิน 100 ตัวอักษร');
    // The other filter is not marked.
    expect(screen.getAllByLabelText('สถานะ')[0]?.getAttribute('aria-invalid')).not.toBe('true');

    // Switched to English, the banner and the field say it in English, never the server's text.
    await act(() => i18n.changeLanguage('en'));
    expect(banner.textContent).toContain('A filter is not valid: correct it and search again');
    const english = document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(english?.textContent).toBe('Must be at most 100 characters');
    expect(banner.textContent).not.toMatch(/[\u0E00-\u0E7F]|Too big/);
    await act(() => i18n.changeLanguage('th'));

    // Typing in the field takes its mark away; the corrected search loads.
    await user.type(field, '{Backspace}');
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
    await user.click(searchButton());
    await screen.findByText('Provider 1');
    expect(screen.queryByTestId('error-banner')).toBeNull();
    expect(stub.bodiesOf(api.adapterList).at(-1)).toMatchObject({ name: 'a'.repeat(100) });
  });

  it('a refusal of no filter (a hand-edited page) says so in the banner, without retry or marks', async () => {
    const pageTooBig = {
      path: 'page',
      code: 'too_big',
      params: { maximum: 100_000, origin: 'number', inclusive: true },
      message: 'Too big: expected number to be <=100000',
    };
    stubApi([
      [
        api.adapterList,
        () => new Failure(2001, `page: ${pageTooBig.message}`, 400, { issues: [pageTooBig] }),
      ],
    ]);
    await renderScreen(<Providers />, { url: '/adapters?page=100001' });
    const banner = await screen.findByTestId('error-banner');
    expect(banner.textContent).toContain('โหลดข้อมูลไม่สำเร็จ');
    expect(banner.textContent).not.toContain('Too big');
    expect(within(banner).queryByRole('button')).toBeNull();
    expect(screen.getByLabelText('ชื่อ').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('no answer at all shows the client-side message in Thai', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await renderScreen(<Providers />, { url: '/adapters' });
    const banner = await screen.findByTestId('error-banner');
    expect(banner.textContent).toContain('ไม่สามารถดำเนินการได้');
  });

  it('exports the applied filters, not the ones still being typed', async () => {
    const stub = stubApi([
      [api.adapterList, () => page([adapter(1)])],
      [api.adapterExport, () => new Response('\uFEFFname\r\n', { headers: { 'content-type': 'text/csv' } })],
    ]);
    URL.createObjectURL = vi.fn(() => 'blob:adapters');
    URL.revokeObjectURL = vi.fn();
    const { user } = await renderScreen(<Providers />, { url: '/adapters?name=Provider' });
    await screen.findByText('Provider 1');
    await user.type(screen.getByLabelText('ชื่อ'), ' typed');
    await user.click(screen.getByRole('button', { name: 'ส่งออก CSV' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.adapterExport)).toEqual([{ name: 'Provider', isDisable: '' }]),
    );
  });

  it('serves a route that is not paged, with path parameters and an array for an answer', async () => {
    const stub = stubApi([[api.registerCount, () => [{ date: '2024-05-01', count: 3 }]]]);
    const { user } = await renderScreen(<Counts />, { url: '/report' });
    await screen.findByText('2024-05-01: 3');
    expect(stub.calls.find((call) => call.route === api.registerCount)).toMatchObject({
      params: { agentId: '11' },
      body: { date: '2024-05-01' },
    });
    expect(screen.queryByTestId('pager-summary')).toBeNull();
    await user.click(searchButton());
    await waitFor(() => expect(stub.bodiesOf(api.registerCount)).toHaveLength(2));
  });
});
