import { api, Status } from '@sapi/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Failure, fill, page, type StubSelf, stubApi } from '../../../test/api-stub';
import { adminRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { notifySuccess } from '../../lib/notify';
import { AdminPage } from './admin-page';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const rows = [
  adminRecord({ _id: '1', username: 'admin', type: 'SUPERADMIN' }),
  adminRecord({ _id: '5', username: 'boss_two', type: 'SUPERADMIN' }),
  adminRecord({ _id: '8', username: 'op_one', type: 'OPERATOR' }),
];

/** The admin screen's server: resets are held once for re-authentication (3005). */
const stubResetServer = (self: StubSelf = { username: 'admin', type: 'SUPERADMIN', id: '1' }) => {
  let verified = false;
  const held = () =>
    verified ? null : new Failure(Status.REAUTH_REQUIRED, 'Re-authentication required', 403);
  return stubApi(
    [
      [api.adminList, () => page(rows, rows.length, 1, 10)],
      [
        api.verify,
        () => {
          verified = true;
          return { verified: true };
        },
      ],
      [api.passwordReset, () => held() ?? { temporaryPassword: 'Tq7vX2mK9pR4sW8z' }],
      [api.totpReset, () => held() ?? { ok: true }],
    ],
    { self },
  );
};

const reauthenticate = async (user: Awaited<ReturnType<typeof renderPage>>['user']) => {
  const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
  await fill(user, within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password');
  await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
};

/**
 * Open a row's security menu and pick an item. The DOM of the tests lays nothing out, so the menu
 * takes its target for one scrolled away and keeps itself hidden (nameless to a query): the item is
 * found by its text.
 */
const pick = async (user: Awaited<ReturnType<typeof renderPage>>['user'], username: string, item: string) => {
  await user.click(
    await screen.findByRole('button', { name: `ความปลอดภัยของบัญชี ${username}` }, { timeout: 5000 }),
  );
  const items = await screen.findAllByRole('menuitem', { hidden: true });
  const wanted = items.find((el) => el.textContent === item);
  if (!wanted) throw new Error(`no menu item ${item}`);
  fireEvent.click(wanted);
};

describe('AdminPage: resets by an administrator (docs/design.md §5, §13)', () => {
  it('reset password: confirm, re-authenticate, and the temporary password shown once to copy', async () => {
    const stub = stubResetServer();
    const { user } = await renderPage(AdminPage, '/admin/list');
    await pick(user, 'op_one', 'รีเซ็ตรหัสผ่าน');
    const confirm = await screen.findByRole('dialog', { name: 'รีเซ็ตรหัสผ่าน' });
    expect(within(confirm).getByText(/ต้องการรีเซ็ตรหัสผ่านของ op_one ใช่หรือไม่/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'รีเซ็ตรหัสผ่าน' }));
    await reauthenticate(user);

    const shown = await screen.findByRole('dialog', { name: 'รหัสผ่านชั่วคราวของ op_one' });
    expect((within(shown).getByTestId('temporary-password') as HTMLInputElement).value).toBe(
      'Tq7vX2mK9pR4sW8z',
    );
    expect(within(shown).getByText('รหัสนี้จะแสดงเพียงครั้งเดียว เมื่อปิดหน้าต่างนี้แล้วจะดูอีกไม่ได้')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'คัดลอกรหัสผ่านชั่วคราว' })).toBeTruthy();
    expect(stub.calls.filter((c) => c.route === api.passwordReset).map((c) => c.params)).toEqual([
      { id: '8' },
      { id: '8' },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'ปิด' }));
    await vi.waitFor(() => expect(screen.queryByTestId('temporary-password')).toBeNull());
  });

  it('reset two-factor: confirm, re-authenticate, done', async () => {
    const stub = stubResetServer();
    const { user } = await renderPage(AdminPage, '/admin/list');
    await pick(user, 'boss_two', 'รีเซ็ตการยืนยันสองขั้นตอน');
    const confirm = await screen.findByRole('dialog', { name: 'รีเซ็ตการยืนยันสองขั้นตอน' });
    await user.click(within(confirm).getByRole('button', { name: 'รีเซ็ต' }));
    await reauthenticate(user);
    await vi.waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('รีเซ็ตการยืนยันสองขั้นตอนของ boss_two แล้ว'));
    expect(stub.calls.filter((c) => c.route === api.totpReset).map((c) => c.params.id)).toEqual(['5', '5']);
  });

  it('nobody resets their own account, and an ADMIN only OPERATOR and REPORTER accounts', async () => {
    stubResetServer({ username: 'admin', type: 'SUPERADMIN', id: '1' });
    await renderPage(AdminPage, '/admin/list');
    await screen.findByRole('button', { name: 'ความปลอดภัยของบัญชี op_one' });
    expect(screen.queryByRole('button', { name: 'ความปลอดภัยของบัญชี admin' })).toBeNull();
  });

  it('an ADMIN sees the actions on OPERATOR rows only', async () => {
    stubResetServer({ username: 'mgr', type: 'ADMIN', id: '3' });
    await renderPage(AdminPage, '/admin/list');
    await screen.findByRole('button', { name: 'ความปลอดภัยของบัญชี op_one' });
    expect(screen.queryByRole('button', { name: 'ความปลอดภัยของบัญชี boss_two' })).toBeNull();
  });
});
