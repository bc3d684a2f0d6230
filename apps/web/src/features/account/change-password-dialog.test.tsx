import { api, Status } from '@sapi/contract';
import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, expectThai, Failure, fill, stubApi } from '../../../test/api-stub';
import { renderScreen } from '../../../test/render';
import { notifySuccess } from '../../lib/notify';
import { ChangePasswordDialog } from './change-password-dialog';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const refused = (path: string, code: string) =>
  new Failure(Status.VALIDATION, `${path}: refused`, 400, { issues: [{ path, code, message: 'refused' }] });

/** The server of a password change: the rules of docs/design.md §13 (the current password is its re-check). */
const stubPasswordServer = () =>
  stubApi([
    [
      api.passwordChange,
      (body) => {
        if (body.currentPassword !== 'old-password-1') return refused('currentPassword', 'current_password');
        if (body.newPassword === 'football') return refused('newPassword', 'password_common');
        if (body.newPassword === 'Admin_Staff_1') return refused('newPassword', 'password_is_username');
        if (body.newPassword === body.currentPassword) return refused('newPassword', 'password_unchanged');
        return { ended: 2 };
      },
    ],
  ]);

const open = async () => {
  const onClose = vi.fn();
  const rendered = await renderScreen(
    <Suspense fallback={null}>
      <ChangePasswordDialog opened onClose={onClose} />
    </Suspense>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'เปลี่ยนรหัสผ่าน' });
  const fields = {
    current: within(dialog).getByLabelText('รหัสผ่านปัจจุบัน'),
    next: within(dialog).getByLabelText('รหัสผ่านใหม่'),
    repeat: within(dialog).getByLabelText('ยืนยันรหัสผ่านใหม่'),
  };
  const type = async (current: string, next: string, repeat = next) => {
    await fill(rendered.user, fields.current, current);
    await fill(rendered.user, fields.next, next);
    await fill(rendered.user, fields.repeat, repeat);
    await rendered.user.click(within(dialog).getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }));
  };
  return { ...rendered, dialog, fields, type, onClose };
};

beforeEach(() => vi.mocked(notifySuccess).mockClear());

describe('ChangePasswordDialog (docs/design.md §13)', () => {
  it('checks in the browser: too short, and the repetition must match; nothing is sent', async () => {
    const stub = stubPasswordServer();
    const { fields, type } = await open();
    await type('old-password-1', 'short');
    expect(errorOf(fields.next)).toBe('ต้องมีอย่างน้อย 8 ตัวอักษร');
    await type('old-password-1', 'a-long-new-password', 'another-password');
    expect(errorOf(fields.repeat)).toBe('รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน');
    expect(stub.bodiesOf(api.passwordChange)).toEqual([]);
  });

  it('asks for no second password, and the server’s refusals land on their fields in Thai', async () => {
    const stub = stubPasswordServer();
    const { fields, type, onClose } = await open();
    await type('wrong-password', 'a-long-new-password');
    expect(await screen.findByText('รหัสผ่านปัจจุบันไม่ถูกต้อง')).toBeTruthy();
    expect(errorOf(fields.current)).toBe('รหัสผ่านปัจจุบันไม่ถูกต้อง');

    await type('old-password-1', 'football');
    expect(await screen.findByText(/รหัสผ่านนี้เป็นรหัสที่ใช้กันทั่วไป/)).toBeTruthy();
    expectThai(errorOf(fields.next));
    await type('old-password-1', 'Admin_Staff_1');
    expect(await screen.findByText('รหัสผ่านต้องไม่เหมือนชื่อผู้ใช้')).toBeTruthy();
    await type('old-password-1', 'old-password-1');
    expect(await screen.findByText('รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Only the current/new pair is sent, never the repetition.
    expect(stub.bodiesOf(api.passwordChange)[0]).toEqual({
      currentPassword: 'wrong-password',
      newPassword: 'a-long-new-password',
    });
  });

  it('a change closes the dialog and says the other sessions were ended', async () => {
    stubPasswordServer();
    const { type, onClose } = await open();
    await type('old-password-1', 'a-long-new-password');
    expect(screen.queryByRole('dialog', { name: 'ยืนยันตัวตน' })).toBeNull();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notifySuccess).toHaveBeenCalledWith('เปลี่ยนรหัสผ่านแล้ว เซสชันอื่นของบัญชีนี้ถูกออกจากระบบ 2 เซสชัน');
  });
});
