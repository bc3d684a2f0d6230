import { MantineProvider } from '@mantine/core';
import { api, Status } from '@sapi/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Failure, fill, page, stubApi } from '../../test/api-stub';
import { SetupPage } from '../features/account/setup-page';
import { call } from '../lib/api-client';
import { authStore } from '../lib/auth-store';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { sessionLoader, setupLoader, signOutAction } from './guards';
import { cssVariablesResolver, makeTheme } from './theme';

/** A screen of the app that reads the API as soon as it shows (the server may answer 3007). */
function AgentsScreen() {
  const agents = useQuery({ queryKey: ['agent', 'test'], queryFn: () => call(api.agentList, { body: {} }) });
  return <h1>{agents.isError ? 'agents failed' : 'agents'}</h1>;
}

/** The app's routes as app/router.tsx builds them: login, the set-up screen, the protected screens. */
const renderApp = async (url: string) => {
  await i18n.changeLanguage('th');
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>login</h1> },
      { path: '/setup', loader: setupLoader, element: <SetupPage /> },
      {
        loader: sessionLoader,
        children: [
          { path: '/agent/list', element: <AgentsScreen /> },
          { path: '/admin/list', element: <h1>admins</h1> },
          { path: '/logout', action: signOutAction },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  // As app/router.tsx does: a 3007/3009 anywhere leads to the set-up screen.
  const unsubscribe = authStore.onSetupRequired(() => {
    if (router.state.location.pathname !== '/setup') void router.navigate('/setup', { replace: true });
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={makeTheme('close')} cssVariablesResolver={cssVariablesResolver}>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router, unsubscribe };
};

let cleanupListener: () => void = () => undefined;
const app = async (url: string) => {
  const rendered = await renderApp(url);
  cleanupListener = rendered.unsubscribe;
  return rendered;
};

const sessionRoutes: Parameters<typeof stubApi>[0] = [
  [api.selfCheck, () => ({ username: 'staff_one' })],
  [api.logout, () => ({ ok: true })],
];
const staff = { username: 'staff_one', type: 'OPERATOR' as const, id: '7' };

beforeEach(() => {
  queryClient.clear();
  authStore.clearToken();
});
afterEach(() => {
  cleanupListener();
  authStore.clearToken();
});

describe('set-up before anything else (docs/design.md §13)', () => {
  it('with a password to change, every screen typed leads to /setup', async () => {
    stubApi([...sessionRoutes, [api.agentList, () => page([])]], { self: staff });
    authStore.setToken('tok', 'change-password');
    const { router } = await app('/agent/list');
    expect(await screen.findByRole('heading', { name: 'ตั้งรหัสผ่านใหม่ก่อนใช้งาน' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/setup');
    await router.navigate('/admin/list');
    expect(await screen.findByRole('heading', { name: 'ตั้งรหัสผ่านใหม่ก่อนใช้งาน' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/setup');
    expect(screen.queryByRole('heading', { name: 'admins' })).toBeNull();
  });

  it('a call answering 3007 in a screen leads there too, even with nothing remembered', async () => {
    stubApi(
      [
        ...sessionRoutes,
        [api.agentList, () => new Failure(Status.PASSWORD_CHANGE_REQUIRED, 'Set a new password', 403)],
      ],
      { self: staff },
    );
    authStore.setToken('tok');
    const { router } = await app('/agent/list');
    expect(await screen.findByRole('heading', { name: 'ตั้งรหัสผ่านใหม่ก่อนใช้งาน' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/setup');
    expect(authStore.getSetup()).toBe('change-password');
  });

  it('a call answering 3009 leads to the enrolment', async () => {
    stubApi(
      [
        ...sessionRoutes,
        [api.agentList, () => new Failure(Status.SECOND_FACTOR_ENROLMENT_REQUIRED, 'Set up two-factor', 403)],
      ],
      { self: staff },
    );
    authStore.setToken('tok');
    await app('/agent/list');
    expect(await screen.findByRole('heading', { name: 'ตั้งค่าการยืนยันตัวตนสองขั้นตอนก่อนใช้งาน' })).toBeTruthy();
    expect(
      screen.getByText(
        'ผู้ดูแลระบบกำหนดให้บัญชีประเภท OPERATOR ต้องเข้าสู่ระบบด้วยรหัสจากแอปยืนยันตัวตน กรุณาตั้งค่าก่อนใช้งานหน้าอื่น',
      ),
    ).toBeTruthy();
  });

  it('the forced change: the temporary password and a new one, then the app', async () => {
    const stub = stubApi(
      [
        ...sessionRoutes,
        [api.passwordChange, () => ({ ended: 0 })],
        [api.totpStatus, () => ({ enabled: false, required: false, recoveryCodesLeft: 0 })],
        [api.agentList, () => page([])],
      ],
      { self: staff },
    );
    authStore.setToken('tok', 'change-password');
    const { user, router } = await app('/setup');
    await screen.findByRole('heading', { name: 'ตั้งรหัสผ่านใหม่ก่อนใช้งาน' });
    await fill(user, screen.getByLabelText('รหัสผ่านชั่วคราว'), 'Temp0rary-Pass16');
    await fill(user, screen.getByLabelText('รหัสผ่านใหม่'), 'my-own-password-1');
    await fill(user, screen.getByLabelText('ยืนยันรหัสผ่านใหม่'), 'my-own-password-1');
    await user.click(screen.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }));
    expect(await screen.findByRole('heading', { name: 'agents' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent/list');
    expect(authStore.getSetup()).toBeNull();
    expect(stub.bodiesOf(api.passwordChange)).toEqual([
      { currentPassword: 'Temp0rary-Pass16', newPassword: 'my-own-password-1' },
    ]);
  });

  it('a type that must enrol goes on to the enrolment after the password, then the app', async () => {
    stubApi(
      [
        ...sessionRoutes,
        [api.passwordChange, () => ({ ended: 1 })],
        [api.totpStatus, () => ({ enabled: false, required: true, recoveryCodesLeft: 0 })],
        [
          api.totpEnrol,
          () => ({
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUri: 'otpauth://totp/x',
            qrDataUrl: 'data:image/svg+xml,',
          }),
        ],
        [api.totpConfirm, () => ({ recoveryCodes: ['aaaa-bbbb-cccc-dddd'] })],
        [api.agentList, () => page([])],
      ],
      { self: staff },
    );
    authStore.setToken('tok', 'change-password');
    const { user, router } = await app('/setup');
    await fill(user, await screen.findByLabelText('รหัสผ่านชั่วคราว'), 'Temp0rary-Pass16');
    await fill(user, screen.getByLabelText('รหัสผ่านใหม่'), 'my-own-password-1');
    await fill(user, screen.getByLabelText('ยืนยันรหัสผ่านใหม่'), 'my-own-password-1');
    await user.click(screen.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }));
    expect(await screen.findByRole('heading', { name: 'ตั้งค่าการยืนยันตัวตนสองขั้นตอนก่อนใช้งาน' })).toBeTruthy();
    expect(authStore.getSetup()).toBe('enrol-totp');

    // Still no way out but through the enrolment.
    await router.navigate('/agent/list');
    expect(await screen.findByRole('heading', { name: 'ตั้งค่าการยืนยันตัวตนสองขั้นตอนก่อนใช้งาน' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'เริ่มตั้งค่า' }));
    await fill(user, await screen.findByLabelText('รหัส 6 หลัก'), '123456');
    await user.click(screen.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน' }));
    const codes = await screen.findByTestId('recovery-codes');
    await user.click(within(codes).getByRole('checkbox', { name: 'ฉันบันทึกรหัสกู้คืนไว้แล้ว' }));
    await user.click(within(codes).getByRole('button', { name: 'เสร็จสิ้น' }));
    expect(await screen.findByRole('heading', { name: 'agents' })).toBeTruthy();
    expect(authStore.getSetup()).toBeNull();
  });

  it('signing out is the other way out', async () => {
    const stub = stubApi([...sessionRoutes], { self: staff });
    authStore.setToken('tok', 'enrol-totp');
    const { user, router } = await app('/setup');
    await user.click(await screen.findByRole('button', { name: 'ออกจากระบบ' }));
    expect(await screen.findByRole('heading', { name: 'login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(authStore.getToken()).toBeNull();
    expect(authStore.getSetup()).toBeNull();
    expect(stub.calls.some((c) => c.route === api.logout)).toBe(true);
  });

  it('/setup with nothing to set up is the app', async () => {
    stubApi([...sessionRoutes, [api.agentList, () => page([])]], { self: staff });
    authStore.setToken('tok');
    const { router } = await app('/setup');
    expect(await screen.findByRole('heading', { name: 'agents' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent/list');
  });
});
