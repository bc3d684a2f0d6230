import { api, Status, statusMessages } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, Failure, stubApi } from '../../test/api-stub';
import { renderScreen } from '../../test/render';
import { ReauthDialog } from './reauth-dialog';

describe('ReauthDialog', () => {
  it('asks for the password, shows a wrong one in Thai, and sends the change once verified', async () => {
    let right = false;
    const { bodiesOf } = stubApi([
      [
        api.verify,
        () =>
          right ? { verified: true } : new Failure(Status.BAD_CREDENTIALS, 'Password is incorrect', 401),
      ],
    ]);
    const onVerified = vi.fn(async () => undefined);
    const { user } = await renderScreen(
      <Suspense fallback={null}>
        <ReauthDialog opened onClose={() => undefined} onVerified={onVerified} />
      </Suspense>,
    );
    const message = await screen.findByTestId('reauth-message');
    expect(screen.getByDisplayValue('admin')).toBeTruthy();
    expect(message.textContent).toBe('กรุณากรอกชื่อผู้ใช้และรหัสผ่านเพื่อยืนยันการทำรายการนี้');
    const password = screen.getByLabelText('รหัสผ่าน') as HTMLInputElement;
    const login = screen.getByRole('button', { name: 'ยืนยัน' });

    await user.click(login);
    expect(errorOf(password)).toBe('กรุณาระบุข้อมูลในช่องนี้');
    expect(bodiesOf(api.verify)).toHaveLength(0);

    await user.type(password, 'wrong-password');
    await user.click(login);
    await vi.waitFor(() => expect(message.textContent).toBe(statusMessages[Status.BAD_CREDENTIALS]?.th));
    expect(message.getAttribute('role')).toBe('alert');
    expect(onVerified).not.toHaveBeenCalled();

    right = true;
    await user.click(login);
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(bodiesOf(api.verify)).toEqual([{ password: 'wrong-password' }, { password: 'wrong-password' }]);
  });
});
