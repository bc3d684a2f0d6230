import { MantineProvider } from '@mantine/core';
import { api, Status } from '@sapi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectThai, Failure, fill, stubApi } from '../../../test/api-stub';
import { cssVariablesResolver, makeTheme } from '../../app/theme';
import { authStore } from '../../lib/auth-store';
import { i18n } from '../../lib/i18n';
import { LoginPage } from './login-page';

const challengeAnswer = (expiresAt = new Date(Date.now() + 5 * 60_000).toISOString()) =>
  new Failure(Status.SECOND_FACTOR_REQUIRED, 'Enter the code from your authenticator app', 401, {
    challenge: 'challenge-token',
    expiresAt,
  });

/** The login screen at /, and the screens signing in leads to. */
const renderLogin = async () => {
  await i18n.changeLanguage('th');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginPage /> },
      { path: '/agent/list', element: <h1>agents</h1> },
      { path: '/setup', element: <h1>setup</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={makeTheme('close')} cssVariablesResolver={cssVariablesResolver}>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
};

const signInWithPassword = async (user: ReturnType<typeof userEvent.setup>) => {
  await fill(user, screen.getByLabelText('ชื่อผู้ใช้'), 'staff_one');
  await fill(user, screen.getByLabelText('รหัสผ่าน'), 'staff-password-1');
  await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
};

beforeEach(() => {
  authStore.clearToken();
  // The page checks the browser's path after navigating (a session check sending it back to /).
  window.history.replaceState(null, '', '/elsewhere');
});
afterEach(() => authStore.clearToken());

describe('LoginPage: two-factor sign-in (docs/design.md §13)', () => {
  it('the password step answered 3006 leads to the code step; the code signs in', async () => {
    const stub = stubApi([
      [api.login, () => challengeAnswer()],
      [api.loginTotp, () => ({ token: 'tok-2fa' })],
    ]);
    const { user, router } = await renderLogin();
    await signInWithPassword(user);

    expect(await screen.findByRole('heading', { name: 'ยืนยันตัวตนสองขั้นตอน' })).toBeTruthy();
    expect(screen.getByText('กรอกรหัส 6 หลักจากแอปยืนยันตัวตนของบัญชี staff_one')).toBeTruthy();
    // Not six digits: said in Thai, nothing sent.
    await fill(user, screen.getByLabelText('รหัสยืนยัน 6 หลัก'), '12a');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    expect(screen.getByTestId('login-error').textContent).toBe('กรุณากรอกรหัส 6 หลักจากแอปยืนยันตัวตน');
    expect(stub.bodiesOf(api.loginTotp)).toEqual([]);

    // Typed in Thai digits with the space apps show: the code as digits, nothing cut off.
    await fill(user, screen.getByLabelText('รหัสยืนยัน 6 หลัก'), '๑๒๓ ๔๕๖');
    expect(screen.getByLabelText<HTMLInputElement>('รหัสยืนยัน 6 หลัก').value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByRole('heading', { name: 'agents' })).toBeTruthy();
    expect(stub.bodiesOf(api.loginTotp)).toEqual([{ challenge: 'challenge-token', code: '123456' }]);
    expect(authStore.getToken()).toBe('tok-2fa');
    expect(authStore.getSetup()).toBeNull();
    expect(router.state.location.pathname).toBe('/agent/list');
  });

  it('"use a recovery code" switches the field; a wrong code is refused in Thai and the step stays', async () => {
    const stub = stubApi([
      [api.login, () => challengeAnswer()],
      [
        api.loginTotp,
        (body) =>
          body.code === 'abcd-efgh-ijkl-mnop'
            ? { token: 'tok-recovery' }
            : new Failure(Status.VALIDATION, 'code: is wrong, expired or already used', 400, {
                issues: [
                  { path: 'code', code: 'totp_invalid', message: 'is wrong, expired or already used' },
                ],
              }),
      ],
    ]);
    const { user } = await renderLogin();
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'ใช้รหัสกู้คืนแทน' }));
    const field = screen.getByLabelText('รหัสกู้คืน');
    await fill(user, field, 'zzzz-zzzz-zzzz-zzzz');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    const error = await screen.findByText('รหัสไม่ถูกต้อง หมดเวลา หรือถูกใช้ไปแล้ว');
    expectThai(error.textContent);
    expect(screen.getByRole('heading', { name: 'ยืนยันตัวตนสองขั้นตอน' })).toBeTruthy();

    await fill(user, screen.getByLabelText('รหัสกู้คืน'), 'abcd-efgh-ijkl-mnop');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByRole('heading', { name: 'agents' })).toBeTruthy();
    expect(stub.bodiesOf(api.loginTotp).map((b) => b.code)).toEqual([
      'zzzz-zzzz-zzzz-zzzz',
      'abcd-efgh-ijkl-mnop',
    ]);
  });

  it('a challenge the server no longer knows (3001): back to the password step with a Thai message', async () => {
    stubApi([
      [api.login, () => challengeAnswer()],
      [api.loginTotp, () => new Failure(Status.UNAUTHENTICATED, 'This sign-in has expired or was used', 401)],
    ]);
    const { user } = await renderLogin();
    await signInWithPassword(user);
    await fill(user, await screen.findByLabelText('รหัสยืนยัน 6 หลัก'), '654321');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByRole('heading', { name: 'S.API System' })).toBeTruthy();
    expect(screen.getByTestId('login-error').textContent).toBe(
      'หมดเวลายืนยันตัวตน (5 นาที) กรุณากรอกรหัสผ่านเพื่อเข้าสู่ระบบอีกครั้ง',
    );
    // The password is typed again; the username stays.
    expect((screen.getByLabelText('รหัสผ่าน') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('ชื่อผู้ใช้') as HTMLInputElement).value).toBe('staff_one');
    expect(authStore.getToken()).toBeNull();
  });

  it('the challenge running out while the code step is open goes back by itself', async () => {
    stubApi([[api.login, () => challengeAnswer(new Date(Date.now() + 300).toISOString())]]);
    const { user } = await renderLogin();
    await signInWithPassword(user);
    expect(await screen.findByRole('heading', { name: 'ยืนยันตัวตนสองขั้นตอน' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'S.API System' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByTestId('login-error').textContent).toContain('หมดเวลายืนยันตัวตน');
  });

  it('"back" returns to the password step without a message', async () => {
    stubApi([[api.login, () => challengeAnswer()]]);
    const { user } = await renderLogin();
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'กลับ' }));
    expect(await screen.findByRole('heading', { name: 'S.API System' })).toBeTruthy();
    expect(screen.getByTestId('login-error').textContent).toBe('');
  });

  it.each(['change-password', 'enrol-totp'] as const)(
    'a sign-in answering next=%s leads to the set-up screen and remembers it',
    async (next) => {
      stubApi([[api.login, () => ({ token: 'tok-setup', next })]]);
      const { user, router } = await renderLogin();
      await signInWithPassword(user);
      expect(await screen.findByRole('heading', { name: 'setup' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/setup');
      expect(authStore.getSetup()).toBe(next);
    },
  );

  it('a code step answering next=change-password leads to the set-up screen too', async () => {
    stubApi([
      [api.login, () => challengeAnswer()],
      [api.loginTotp, () => ({ token: 'tok', next: 'change-password' })],
    ]);
    const { user } = await renderLogin();
    await signInWithPassword(user);
    await fill(user, await screen.findByLabelText('รหัสยืนยัน 6 หลัก'), '123456');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByRole('heading', { name: 'setup' })).toBeTruthy();
    expect(authStore.getSetup()).toBe('change-password');
  });

  it('English: the code step in English', async () => {
    stubApi([[api.login, () => challengeAnswer()]]);
    const { user } = await renderLogin();
    await signInWithPassword(user);
    await screen.findByRole('heading', { name: 'ยืนยันตัวตนสองขั้นตอน' });
    await i18n.changeLanguage('en');
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeTruthy();
    await i18n.changeLanguage('th');
  });
});
