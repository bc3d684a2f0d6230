import { api, Status } from '@sapi/contract';
import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, Failure, fill, page, stubApi } from '../../../test/api-stub';
import { renderScreen } from '../../../test/render';
import { issueMessage } from '../../lib/errors';
import { AdminPage } from './admin-page';

const created = {
  _id: '9',
  username: 'op_two',
  type: 'REPORTER' as const,
  locked: false,
  activeLoginIP: null,
  createdBy: 'admin',
  createdAt: '2024-05-01T03:04:05.000Z',
  updatedAt: '2024-05-01T03:04:05.000Z',
};
const taken = {
  path: 'username',
  code: 'too_big',
  params: { maximum: 5, origin: 'string' },
  message: 'Too big',
};

/**
 * The server of the admin screen: every create is first held for a password re-check (3005); after
 * `verify`, the username `taken` is refused on its field and any other is created.
 */
const stubAdminServer = () => {
  let verified = false;
  return stubApi([
    [api.adminList, () => page([], 0, 1, 10)],
    [
      api.verify,
      () => {
        verified = true;
        return { verified: true };
      },
    ],
    [
      api.adminCreate,
      (body) => {
        if (!verified) return new Failure(Status.REAUTH_REQUIRED, 'Re-authentication required', 403);
        return (body as { username: string }).username === 'taken'
          ? new Failure(Status.VALIDATION, 'Validation failed', 400, { issues: [taken] })
          : created;
      },
    ],
  ]);
};

/** Open "Add admin", type an account and press Save: the server holds it for re-authentication. */
const addAdmin = async (username: string) => {
  const rendered = await renderScreen(
    <Suspense fallback={null}>
      <AdminPage />
    </Suspense>,
  );
  const { user } = rendered;
  await user.click(await screen.findByRole('button', { name: 'เพิ่มผู้ดูแลระบบ' }));
  const form = await screen.findByRole('dialog', { name: 'เพิ่มผู้ดูแลระบบ' });
  const name = within(form).getByRole('textbox', { name: 'ชื่อผู้ใช้' }) as HTMLInputElement;
  await fill(user, name, username);
  await fill(user, within(form).getByLabelText('รหัสผ่าน'), 'operator-pass-123');
  const save = within(form).getByRole('button', { name: 'บันทึก' }) as HTMLButtonElement;
  await user.click(save);
  const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
  return { user, name, save, reauth };
};

/** Answer the re-authentication with the signed-in admin's password. */
const verify = async ({ user, reauth }: Awaited<ReturnType<typeof addAdmin>>) => {
  await fill(user, within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password');
  await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
};

describe('AdminPage: a change the server holds for re-authentication', () => {
  it('waits busy in its form, is sent again once the password is verified, and closes the form', async () => {
    const { bodiesOf } = stubAdminServer();
    const held = await addAdmin('op_two');
    expect(held.save.disabled).toBe(true);
    await verify(held);

    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'เพิ่มผู้ดูแลระบบ' })).toBeNull());
    expect(bodiesOf(api.adminCreate)).toHaveLength(2);
    expect(bodiesOf(api.verify)).toEqual([{ password: 'admin-password' }]);
  });

  it('is given up when the re-authentication is closed, leaving the form as typed', async () => {
    const { bodiesOf } = stubAdminServer();
    const { user, name, save, reauth } = await addAdmin('op_two');
    await user.click(within(reauth).getByRole('button', { name: 'ปิด' }));

    await vi.waitFor(() => expect(save.disabled).toBe(false));
    expect(name.value).toBe('op_two');
    expect(bodiesOf(api.adminCreate)).toHaveLength(1);
  });

  it("shows the resent change's refusal under the field of the form that sent it", async () => {
    stubAdminServer();
    const held = await addAdmin('taken');
    await verify(held);

    await vi.waitFor(() => expect(errorOf(held.name)).toBe(issueMessage(taken)));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'ยืนยันตัวตน' })).toBeNull());
  });
});
