import { notifications } from '@mantine/notifications';
import { api, type Session, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure, page, stubApi } from '../../../test/api-stub';
import { adminRecord } from '../../../test/records';
import { renderScreen } from '../../../test/render';
import { renderPage } from '../../../test/render-page';
import { expectPlainHeader, expectSortableHeader } from '../../../test/sorting';
import { formatDateTime } from '../../lib/format';
import { AllSessionsPage } from './all-sessions-page';
import { MySessionsPage } from './my-sessions-page';

const session = (over: Partial<Session> = {}): Session => ({
  _id: '1',
  adminId: '1',
  username: 'admin',
  createdAt: '2026-11-20T02:00:00.000Z',
  lastSeenAt: '2026-11-24T03:15:20.000Z',
  ip: '203.0.113.7',
  browser: 'Chrome 131 on Windows',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
  current: false,
  ...over,
});
const mine = session({ _id: '10', current: true, browser: 'Firefox 133 on Linux', ip: '127.0.0.1' });
const phone = session({ _id: '11', browser: 'Safari 18 on iOS', ip: '198.51.100.9' });
const laptop = session({ _id: '12' });

/** The signed-in account's sessions; ending takes them off the list the next load answers. */
const stubMine = () => {
  let live = [mine, phone, laptop];
  return stubApi([
    [api.sessionList, () => page(live, live.length, 1, 20)],
    [
      api.sessionEnd,
      (_body, { id }) => {
        live = live.filter((s) => s._id !== id);
        return { ok: true };
      },
    ],
    [
      api.sessionEndOthers,
      () => {
        const ended = live.length - 1;
        live = live.filter((s) => s.current);
        return { ended };
      },
    ],
  ]);
};

describe('my sessions', () => {
  it('lists each session with browser, address and Thai-time dates, this one marked and not endable', async () => {
    stubMine();
    await renderPage(MySessionsPage, '/account/sessions');
    const row = await screen.findByTestId('session-10');
    expect(within(row).getByText('Firefox 133 บน Linux')).toBeTruthy();
    expect(within(row).getByTestId('current-session').textContent).toBe('เซสชันนี้');
    expect(within(row).queryByRole('button', { name: /ออกจากระบบ/ })).toBeNull();
    const other = screen.getByTestId('session-11');
    expect(within(other).getByText('198.51.100.9')).toBeTruthy();
    expect(within(other).getByText(formatDateTime(phone.lastSeenAt))).toBeTruthy();
    expect(within(other).getByText(formatDateTime(phone.createdAt))).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'เซสชันของฉัน' })).toBeTruthy();
  });

  it('ends one after a confirm, and the list loads again without it', async () => {
    const stub = stubMine();
    const { user } = await renderPage(MySessionsPage, '/account/sessions');
    const row = await screen.findByTestId('session-11');
    await user.click(
      within(row).getByRole('button', { name: 'ออกจากระบบเซสชัน Safari 18 บน iOS (198.51.100.9)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'ยืนยันการออกจากระบบเซสชัน' });
    expect(within(dialog).getByText(/Safari 18 บน iOS/).textContent).toMatch(/^ต้องการออกจากระบบเซสชัน/);
    expect(stub.calls.filter((c) => c.route === api.sessionEnd)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันออกจากระบบ' }));
    await waitFor(() => expect(screen.queryByTestId('session-11')).toBeNull());
    expect(stub.calls.filter((c) => c.route === api.sessionEnd).map((c) => c.params)).toEqual([{ id: '11' }]);
    expect(screen.getByTestId('session-12')).toBeTruthy();
  });

  it('cancelling the confirm ends nothing', async () => {
    const stub = stubMine();
    const { user } = await renderPage(MySessionsPage, '/account/sessions');
    const row = await screen.findByTestId('session-12');
    await user.click(within(row).getByRole('button', { name: /ออกจากระบบเซสชัน/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.filter((c) => c.route === api.sessionEnd)).toHaveLength(0);
  });

  it('ends every other session, saying how many, and keeps this one', async () => {
    const stub = stubMine();
    const { user } = await renderPage(MySessionsPage, '/account/sessions');
    await screen.findByTestId('session-11');
    await user.click(screen.getByRole('button', { name: 'ออกจากระบบเซสชันอื่นทั้งหมด' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยืนยันการออกจากระบบเซสชันอื่น' });
    expect(within(dialog).getByText(/\(2 เซสชัน\)/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันออกจากระบบ' }));
    await waitFor(() => expect(screen.queryByTestId('session-11')).toBeNull());
    expect(screen.queryByTestId('session-12')).toBeNull();
    expect(screen.getByTestId('session-10')).toBeTruthy();
    expect(stub.calls.filter((c) => c.route === api.sessionEndOthers)).toHaveLength(1);
    expect(
      (screen.getByRole('button', { name: 'ออกจากระบบเซสชันอื่นทั้งหมด' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('pages like every list: 20 a page, the page in the request, every other session counted', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      i === 0 ? mine : session({ _id: String(100 + i), ip: `198.51.100.${i}` }),
    );
    const stub = stubApi([
      [
        api.sessionList,
        (body) => {
          const at = Number(body.page);
          return page(many.slice((at - 1) * 20, at * 20), 25, at, 20);
        },
      ],
    ]);
    const { user } = await renderPage(MySessionsPage, '/account/sessions');
    await screen.findByTestId('session-10');
    expect(stub.bodiesOf(api.sessionList)[0]).toEqual({ page: 1, limit: 20 });
    expect(screen.getByTestId('pager-summary').textContent).toBe('แสดง 1–20 จาก 25 รายการ');
    await user.click(screen.getByRole('button', { name: 'หน้า 2' }));
    await screen.findByTestId('session-124');
    expect(stub.bodiesOf(api.sessionList).at(-1)).toEqual({ page: 2, limit: 20 });
    expect(screen.queryByTestId('session-10')).toBeNull();
    expect(screen.getByTestId('pager-summary').textContent).toBe('แสดง 21–25 จาก 25 รายการ');
    // Every other session counts, not only the ones on this page.
    await user.click(screen.getByRole('button', { name: 'ออกจากระบบเซสชันอื่นทั้งหมด' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยืนยันการออกจากระบบเซสชันอื่น' });
    expect(within(dialog).getByText(/\(24 เซสชัน\)/)).toBeTruthy();
  });

  it('speaks English when switched', async () => {
    stubMine();
    await renderScreen(
      <Suspense>
        <MySessionsPage />
      </Suspense>,
      { language: 'en' },
    );
    const row = await screen.findByTestId('session-10');
    expect(within(row).getByTestId('current-session').textContent).toBe('This session');
    expect(screen.getByRole('button', { name: 'End all other sessions' })).toBeTruthy();
  });
});

describe('all sessions (SUPERADMIN)', () => {
  const ops = adminRecord({ _id: '7', username: 'ops_lead', type: 'OPERATOR' });
  const stubAll = () => {
    let live = [session({ _id: '21', adminId: '7', username: 'ops_lead' }), mine];
    return stubApi([
      [api.adminList, () => page([adminRecord(), ops], 2, 1, 100)],
      [
        api.sessionListAll,
        (body) => {
          const records = live.filter((s) => !body.adminId || s.adminId === body.adminId);
          return page(records, records.length, 1, 50);
        },
      ],
      [
        api.sessionEndAccount,
        (_body, { id }) => {
          const ended = live.filter((s) => s.adminId === id).length;
          live = live.filter((s) => s.adminId !== id);
          return { ended };
        },
      ],
      [api.sessionEndAny, () => ({ ok: true })],
    ]);
  };

  it('filters by account (paged 50), and ends every session of that account after a confirm', async () => {
    const stub = stubAll();
    const { user } = await renderPage(AllSessionsPage, '/admin/sessions');
    const row = await screen.findByTestId('session-21');
    expect(within(row).getByText('ops_lead')).toBeTruthy();
    expect(stub.bodiesOf(api.sessionListAll)[0]).toEqual({ adminId: '', page: 1, limit: 50 });

    await user.click(screen.getByRole('combobox', { name: 'บัญชี' }));
    await user.click(await screen.findByRole('option', { name: 'ops_lead', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.sessionListAll).at(-1)).toEqual({ adminId: '7', page: 1, limit: 50 }),
    );
    await waitFor(() => expect(screen.queryByTestId('session-10')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'ออกจากระบบทุกเซสชันของ ops_lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยืนยันการออกจากระบบทุกเซสชันของบัญชี' });
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันออกจากระบบ' }));
    await waitFor(() => expect(screen.queryByTestId('session-21')).toBeNull());
    expect(stub.calls.filter((c) => c.route === api.sessionEndAccount).map((c) => c.params)).toEqual([
      { id: '7' },
    ]);
  });

  it('ends any one session but not the one in use', async () => {
    const stub = stubAll();
    const { user } = await renderPage(AllSessionsPage, '/admin/sessions');
    const row = await screen.findByTestId('session-21');
    expect(within(screen.getByTestId('session-10')).queryByRole('button')).toBeNull();
    await user.click(within(row).getByRole('button', { name: /ออกจากระบบเซสชัน/ }));
    const dialog = await screen.findByRole('dialog', { name: 'ยืนยันการออกจากระบบเซสชัน' });
    expect(within(dialog).getByText(/ops_lead/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันออกจากระบบ' }));
    await waitFor(() => expect(stub.calls.filter((c) => c.route === api.sessionEndAny)).toHaveLength(1));
    expect(stub.calls.find((c) => c.route === api.sessionEndAny)?.params).toEqual({ id: '21' });
  });
});

describe('a session already ended elsewhere', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says so in Thai and shows the list as it is now', async () => {
    const shown: string[] = [];
    vi.spyOn(notifications, 'show').mockImplementation((note) => {
      shown.push(String(note.message));
      return '';
    });
    let live = [mine, phone];
    const stub = stubApi([
      [api.sessionList, () => page(live, live.length, 1, 20)],
      [
        api.sessionEnd,
        () => {
          live = [mine];
          return new Failure(Status.NOT_FOUND, 'Session not found', 404, {
            issues: [{ path: '', code: 'session_not_found', params: {}, message: 'Session not found' }],
          });
        },
      ],
    ]);
    const { user } = await renderPage(MySessionsPage, '/account/sessions');
    const row = await screen.findByTestId('session-11');
    await user.click(within(row).getByRole('button', { name: /ออกจากระบบเซสชัน/ }));
    await user.click(await screen.findByRole('button', { name: 'ยืนยันออกจากระบบ' }));
    await waitFor(() => expect(shown).toContain('ไม่พบเซสชันนี้'));
    await waitFor(() => expect(screen.queryByTestId('session-11')).toBeNull());
    expect(stub.calls.filter((c) => c.route === api.sessionList).length).toBeGreaterThan(1);
  });
});

describe('sorting the session lists', () => {
  it('one’s own by sign-in and last use; the browser is a plain heading', async () => {
    const stub = stubMine();
    const { user } = await renderPage(MySessionsPage, '/account/sessions');
    await screen.findByTestId('session-10');
    expectPlainHeader('เบราว์เซอร์');
    await expectSortableHeader({
      user,
      stub,
      route: api.sessionList,
      header: 'เข้าสู่ระบบเมื่อ',
      field: 'createdAt',
      first: 'desc',
    });
    await expectSortableHeader({
      user,
      stub,
      route: api.sessionList,
      header: 'ใช้งานล่าสุด',
      field: 'lastSeenAt',
      first: 'desc',
    });
  });

  it('everyone’s by account name', async () => {
    const stub = stubApi([
      [api.sessionListAll, () => page([mine, phone])],
      [api.adminList, () => page([adminRecord()])],
    ]);
    const { user } = await renderPage(AllSessionsPage, '/admin/sessions');
    await screen.findAllByText('admin');
    await expectSortableHeader({
      user,
      stub,
      route: api.sessionListAll,
      header: 'บัญชี',
      field: 'username',
      first: 'asc',
    });
  });
});
