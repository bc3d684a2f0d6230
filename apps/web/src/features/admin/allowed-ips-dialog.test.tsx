import { api, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectThai, Failure, page, stubApi } from '../../../test/api-stub';
import { adminRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { AdminPage } from './admin-page';

const me = adminRecord({ _id: '1', username: 'admin', type: 'SUPERADMIN' });
const operator = adminRecord({ _id: '31', username: 'op_one', type: 'OPERATOR' });
const mySession = {
  _id: '5',
  adminId: '1',
  username: 'admin',
  createdAt: '2026-11-24T01:00:00.000Z',
  lastSeenAt: '2026-11-24T02:00:00.000Z',
  ip: '203.0.113.7',
  browser: 'Chrome 131 on Linux',
  userAgent: null,
  current: true,
};

/** Every save is first held for a password re-check (3005), as the server does after 5 minutes. */
const stubServer = () => {
  let verified = false;
  return stubApi([
    [api.adminList, () => page([me, operator], 2, 1, 10)],
    [api.sessionList, () => page([mySession], 1, 1, 20)],
    [api.adminAllowedIpsGet, () => ({ allowedIps: [] })],
    [
      api.verify,
      () => {
        verified = true;
        return { verified: true };
      },
    ],
    [
      api.adminAllowedIpsUpdate,
      (body) =>
        verified
          ? { allowedIps: (body as { allowedIps: string[] }).allowedIps }
          : new Failure(Status.REAUTH_REQUIRED, 'Re-authentication required', 403),
    ],
  ]);
};

const openFor = async (username: string) => {
  const rendered = await renderPage(AdminPage, '/admin/list');
  await screen.findByText(operator.username);
  await rendered.user.click(screen.getByRole('button', { name: `IP ที่อนุญาตของ ${username}` }));
  const dialog = await screen.findByRole('dialog', { name: `IP ที่อนุญาตของบัญชี ${username}` });
  const input = await within(dialog).findByLabelText('ที่อยู่ IP ที่อนุญาต');
  return { ...rendered, dialog, input };
};

describe("a staff account's allow-list", () => {
  it('on one’s own list shows the address in use and warns before a list that leaves it out', async () => {
    stubServer();
    const { user, dialog, input } = await openFor('admin');
    await waitFor(() =>
      expect(within(dialog).getByTestId('my-address').textContent).toContain('203.0.113.7'),
    );
    expect(within(dialog).queryByTestId('lockout-warning')).toBeNull();

    await user.type(input, '198.51.100.0/24{Enter}');
    const warning = await within(dialog).findByTestId('lockout-warning');
    expect(warning.textContent).toContain('203.0.113.7');
    expectThai(warning.textContent);

    await user.type(input, '203.0.113.0/28{Enter}');
    await waitFor(() => expect(within(dialog).queryByTestId('lockout-warning')).toBeNull());
  });

  it('says in Thai when an entry typed or pasted is already listed, instead of dropping it unsaid', async () => {
    const stub = stubServer();
    const { user, dialog, input } = await openFor('op_one');
    await user.type(input, '192.0.2.0/24{Enter}');
    await user.type(input, '192.0.2.0/24{Enter}');
    const notice = await within(dialog).findByTestId('duplicate-entries');
    expect(notice.textContent).toBe('“192.0.2.0/24” มีอยู่ในรายการแล้ว จึงไม่เพิ่มซ้ำ');
    expectThai(notice.textContent);

    // A pasted list: the new entry is added, the one already there named.
    await user.click(input);
    await user.paste('10.0.0.1, 192.0.2.0/24');
    await waitFor(() =>
      expect(within(dialog).getByTestId('duplicate-entries').textContent).toBe(
        '“192.0.2.0/24” มีอยู่ในรายการแล้ว จึงไม่เพิ่มซ้ำ',
      ),
    );
    // The next change of the list clears the notice.
    await user.type(input, '198.51.100.7{Enter}');
    await waitFor(() => expect(within(dialog).queryByTestId('duplicate-entries')).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.bodiesOf(api.adminAllowedIpsUpdate).at(-1)).toEqual({
      allowedIps: ['192.0.2.0/24', '10.0.0.1', '198.51.100.7'],
    });
  });

  it('names the repeated entry in English too, when the console is shown in English', async () => {
    stubServer();
    const { user } = await renderPage(AdminPage, '/admin/list', 'en');
    await screen.findByText(operator.username);
    await user.click(screen.getByRole('button', { name: 'Allowed addresses of op_one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allowed addresses of the account op_one' });
    const input = await within(dialog).findByLabelText('Allowed IP addresses');
    await user.type(input, '192.0.2.0/24{Enter}');
    await user.type(input, '192.0.2.0/24{Enter}');
    expect((await within(dialog).findByTestId('duplicate-entries')).textContent).toBe(
      '“192.0.2.0/24” already in the list: not added twice',
    );
  });

  it('asks for the password again when the server holds the save (3005), then sends it', async () => {
    const stub = stubServer();
    const { user, dialog, input } = await openFor('op_one');
    expect(within(dialog).queryByTestId('my-address')).toBeNull();
    await user.type(input, '192.0.2.0/24{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.bodiesOf(api.adminAllowedIpsUpdate)).toEqual([
      { allowedIps: ['192.0.2.0/24'] },
      { allowedIps: ['192.0.2.0/24'] },
    ]);
    expect(stub.calls.find((c) => c.route === api.adminAllowedIpsUpdate)?.params).toEqual({ id: '31' });
  });
});
