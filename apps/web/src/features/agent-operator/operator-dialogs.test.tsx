import { api } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractSays, errorOf, expectThai, stubApi } from '../../../test/api-stub';
import { anAgent, anOperator } from '../../../test/records';
import { renderScreen } from '../../../test/render';
import { EditOperatorDialog } from './edit-operator-dialog';
import { RegisterOperatorDialog } from './register-operator-dialog';

type Save = (values: unknown) => Promise<unknown>;

describe('RegisterOperatorDialog', () => {
  it('refuses a short password and sends the operator with the default type', async () => {
    stubApi([[api.agentGet, () => anAgent]]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <RegisterOperatorDialog opened onClose={() => undefined} defaultAgent="7" onSubmit={onSubmit} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'ชื่อผู้ใช้' }), 'op_one');
    const password = screen.getByLabelText(/^รหัสผ่าน( \*)?$/) as HTMLInputElement;
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const error = errorOf(password);
    expect(error).toBe(contractSays(api.agentOperatorRegister.body, { password: 'short' }, 'password'));
    expectThai(error);
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.type(password, '-and-long');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).toHaveBeenCalledWith({
      agent: '7',
      username: 'op_one',
      password: 'short-and-long',
      type: 'OPERATOR',
      locked: false,
    });
  });
});

describe('EditOperatorDialog', () => {
  it('keeps the password when left blank and refuses a short new one', async () => {
    stubApi([]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <EditOperatorDialog opened onClose={() => undefined} operator={anOperator} onSubmit={onSubmit} />,
    );
    const password = screen.getByLabelText('รหัสผ่านใหม่') as HTMLInputElement;
    await user.type(password, 'abc');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf(password)).toBe(
      contractSays(api.agentOperatorUpdate.body, { password: 'abc' }, 'password'),
    );

    await user.clear(password);
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).toHaveBeenCalledWith({ type: 'OPERATOR', locked: false, password: '' });
  });
});
