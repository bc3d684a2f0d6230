import { api } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { bangkokTime } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { expectSortableHeader } from '../../../test/sorting';
import { AuditPage } from './audit-page';

const record = {
  _id: '5',
  at: '2024-05-01T03:04:05.000Z',
  actorId: '1',
  actor: 'admin',
  action: 'update',
  entity: 'admin',
  entityId: '9',
  ip: '127.0.0.1',
  before: null,
  after: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('the audit log filters', () => {
  it('sends the URL filters (an unknown kind is none), 20 a page; times on the Thai clock', async () => {
    const stub = stubApi([[api.auditList, () => page([record], 1, 1, 20)]]);
    await renderPage(AuditPage, '/audit?actor=adm&entity=nonsense&action=lock&startDate=2024-05-01T08:00');
    expect(await screen.findByText('01/05/2024 10:04:05')).toBeTruthy();
    expect(stub.bodiesOf(api.auditList)).toEqual([
      {
        actor: 'adm',
        entity: '',
        action: 'lock',
        startDate: bangkokTime(2024, 4, 1, 8).toISOString(),
        endDate: '',
        page: 1,
        limit: 20,
      },
    ]);
  });

  it('a kind from the URL is searched; Search again refetches; the kind clears by its named button', async () => {
    const stub = stubApi([[api.auditList, () => page([record], 1, 1, 20)]]);
    const { user, router } = await renderPage(AuditPage, '/audit?entity=admin');
    await screen.findByText('01/05/2024 10:04:05');
    expect(stub.bodiesOf(api.auditList).at(-1)).toMatchObject({ entity: 'admin' });
    expect(screen.getByRole('combobox', { name: 'ประเภทข้อมูล' })).toHaveProperty('value', 'ผู้ดูแลระบบ (admin)');
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.auditList)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'ล้างประเภทข้อมูล' }));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(stub.bodiesOf(api.auditList).at(-1)).toMatchObject({ entity: '' }));
  });
});

describe('the audit log badges', () => {
  it('names in Thai the ends of every other session and the refused second-factor changes', async () => {
    const actions = [
      'sessions-end-others',
      'sessions-end-all',
      'totp-disable-failed',
      'totp-recovery-codes-failed',
    ];
    stubApi([
      [
        api.auditList,
        () =>
          page(
            actions.map((action, i) => ({ ...record, _id: String(10 + i), action })),
            1,
            4,
            20,
          ),
      ],
    ]);
    await renderPage(AuditPage, '/audit');
    const table = within(await screen.findByRole('table'));
    for (const label of ['ยุติเซสชันอื่นทั้งหมด', 'ยุติทุกเซสชัน', 'ปิดยืนยันสองขั้นตอนไม่สำเร็จ', 'ออกรหัสกู้คืนใหม่ไม่สำเร็จ'])
      expect(await table.findByText(label)).toBeTruthy();
    for (const action of actions) expect(table.queryByText(action)).toBeNull();
  });
});

/** A sign-in as the server records it: a session, with the address and the way it signed in. */
const login = {
  ...record,
  _id: '6',
  action: 'login',
  entity: 'session',
  entityId: '1',
  after: { ip: '203.0.113.9', method: 'password' },
};
/** An admin locked: every field, one changed; its type named with its code. */
const lock = {
  ...record,
  _id: '7',
  action: 'lock',
  entityId: '9',
  before: { _id: '9', username: 'ops_1', type: 'ADMIN', locked: false, note: 'x' },
  after: { _id: '9', username: 'ops_1', type: 'ADMIN', locked: true, note: 'x' },
};

/** The before/after table's row of one field, found by its name in Thai. */
const fieldRow = (dialog: HTMLElement, name: string) => {
  const row = within(dialog).getByText(name, { exact: true }).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe('the audit before/after dialog', () => {
  it('names a sign-in’s kind as the list does, its fields and its method in Thai, the stored keys beside', async () => {
    stubApi([[api.auditList, () => page([login], 1, 1, 20)]]);
    const { user } = await renderPage(AuditPage, '/audit');
    const cell = await screen.findByRole('cell', { name: 'การเข้าสู่ระบบ (session)' });
    await user.click(cell);
    const dialog = await screen.findByRole('dialog', { name: 'ข้อมูลก่อนและหลังการเปลี่ยนแปลง' });
    const kind = within(dialog).getByText('ประเภทข้อมูล').parentElement as HTMLElement;
    expect(kind.textContent).toBe('ประเภทข้อมูลการเข้าสู่ระบบ (session)');

    const ip = fieldRow(dialog, 'ที่อยู่ IP');
    expect(ip.cells[0]?.textContent).toBe('ที่อยู่ IPเปลี่ยนip');
    expect(ip.cells[2]?.textContent).toBe('203.0.113.9');
    const method = fieldRow(dialog, 'วิธีเข้าสู่ระบบ');
    expect(within(method.cells[0] as HTMLElement).getByText('method')).toBeTruthy();
    expect(within(method.cells[2] as HTMLElement).getByText('รหัสผ่าน')).toBeTruthy();
    expect(method.cells[2]?.textContent).toBe('รหัสผ่าน(password)');
  });

  it('an admin’s lock: lock status and type by name, a field nobody named shown as stored', async () => {
    stubApi([[api.auditList, () => page([lock], 1, 1, 20)]]);
    const { user } = await renderPage(AuditPage, '/audit');
    await user.click(await screen.findByRole('cell', { name: 'ผู้ดูแลระบบ (admin)' }));
    const dialog = await screen.findByRole('dialog', { name: 'ข้อมูลก่อนและหลังการเปลี่ยนแปลง' });
    const locked = fieldRow(dialog, 'สถานะการล็อก');
    expect(locked.getAttribute('data-changed')).toBe('true');
    expect(locked.cells[1]?.textContent).toBe('ใช้งาน(false)');
    expect(locked.cells[2]?.textContent).toBe('ล็อก(true)');
    // The type's Thai name already holds its code: not repeated.
    expect(fieldRow(dialog, 'ประเภท').cells[2]?.textContent).toBe('ADMIN — ผู้ดูแลระบบ');
    expect(fieldRow(dialog, 'ชื่อผู้ใช้').cells[2]?.textContent).toBe('ops_1');
    expect(fieldRow(dialog, 'note').cells[2]?.textContent).toBe('x');
  });

  it('in English too, the same kind as the list', async () => {
    stubApi([[api.auditList, () => page([login], 1, 1, 20)]]);
    const { user } = await renderPage(AuditPage, '/audit', 'en');
    await user.click(await screen.findByRole('cell', { name: 'Sign-in session (session)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Before and after' });
    expect(within(dialog).getByText('Sign-in session (session)')).toBeTruthy();
    expect(fieldRow(dialog, 'Sign-in method').cells[2]?.textContent).toBe('Password(password)');
  });
});

describe('sorting the audit log', () => {
  it('sorts by time on the server, newest first on the first click', async () => {
    const stub = stubApi([[api.auditList, () => page([record], 1, 1, 20)]]);
    const { user } = await renderPage(AuditPage, '/audit');
    await screen.findByText('01/05/2024 10:04:05');
    await expectSortableHeader({
      user,
      stub,
      route: api.auditList,
      header: 'เวลา',
      field: 'at',
      first: 'desc',
    });
  });
});
