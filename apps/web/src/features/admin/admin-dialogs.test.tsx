import { api } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractSays, errorOf, expectThai, stubApi } from '../../../test/api-stub';
import { renderScreen } from '../../../test/render';
import { CreateAdminDialog } from './create-admin-dialog';
import { EditAdminDialog } from './edit-admin-dialog';

type Save = (values: unknown) => Promise<unknown>;

const admin = {
  _id: '2',
  username: 'op_one',
  type: 'OPERATOR' as const,
  locked: false,
  activeLoginIP: null,
  createdBy: 'admin',
  createdAt: '2024-05-01T03:04:05.000Z',
  updatedAt: '2024-05-01T03:04:05.000Z',
};

describe('CreateAdminDialog', () => {
  it('refuses a username with a space and a short password, then sends the new account', async () => {
    stubApi([]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <CreateAdminDialog
        opened
        onClose={() => undefined}
        types={['OPERATOR', 'REPORTER']}
        onSubmit={onSubmit}
      />,
    );
    const username = screen.getByRole('textbox', { name: 'ชื่อผู้ใช้' }) as HTMLInputElement;
    const password = screen.getByLabelText('รหัสผ่าน') as HTMLInputElement;
    await user.type(username, 'op two');
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf(username)).toBe(contractSays(api.adminCreate.body, { username: 'op two' }, 'username'));
    expect(errorOf(password)).toBe(contractSays(api.adminCreate.body, { password: 'short' }, 'password'));
    expectThai(errorOf(password));
    expect(username.value).toBe('op two');

    await user.clear(username);
    await user.type(username, 'op_two');
    await user.type(password, '-but-long');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).toHaveBeenCalledWith({
      username: 'op_two',
      password: 'short-but-long',
      type: 'REPORTER',
    });
  });
});

describe('EditAdminDialog', () => {
  it('saves only a changed type', async () => {
    stubApi([]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <EditAdminDialog
        opened
        onClose={() => undefined}
        admin={admin}
        types={['OPERATOR', 'REPORTER']}
        onSubmit={onSubmit}
      />,
    );
    const save = screen.getByRole('button', { name: 'บันทึก' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'ประเภท' }));
    await user.click(await screen.findByRole('option', { name: 'REPORTER', hidden: true }));
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledWith({ type: 'REPORTER' });
  });
});
