import { api, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Failure, stubApi } from '../../../test/api-stub';
import { renderPage } from '../../../test/render-page';
import { SecuritySettingsPage } from './security-settings-page';

describe('security settings', () => {
  it('shows the types that must use two-factor sign-in, and saves a change after the password re-check', async () => {
    let saved: string[] = ['SUPERADMIN'];
    let verified = false;
    const stub = stubApi([
      [api.securitySettingsGet, () => ({ totpRequiredTypes: saved, sharingChangeApproval: false })],
      [
        api.verify,
        () => {
          verified = true;
          return { verified: true };
        },
      ],
      [
        api.securitySettingsUpdate,
        (body) => {
          if (!verified) return new Failure(Status.REAUTH_REQUIRED, 'Re-authentication required', 403);
          saved = (body as { totpRequiredTypes: string[] }).totpRequiredTypes;
          return { totpRequiredTypes: saved, sharingChangeApproval: false };
        },
      ],
    ]);
    const { user } = await renderPage(SecuritySettingsPage, '/security/settings');
    const superadmin = (await screen.findByRole('checkbox', { name: /^SUPERADMIN/ })) as HTMLInputElement;
    expect(superadmin.checked).toBe(true);
    const save = screen.getByRole('button', { name: 'บันทึก' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: /^ADMIN/ }));
    expect(save.disabled).toBe(false);
    await user.click(save);
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(stub.bodiesOf(api.securitySettingsUpdate)).toHaveLength(2));
    expect(stub.bodiesOf(api.securitySettingsUpdate)[1]).toEqual({
      totpRequiredTypes: ['SUPERADMIN', 'ADMIN'],
      sharingChangeApproval: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'บันทึก' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(saved).toEqual(['SUPERADMIN', 'ADMIN']);
  });

  it('says in Thai why a save failed', async () => {
    stubApi([
      [api.securitySettingsGet, () => ({ totpRequiredTypes: [], sharingChangeApproval: false })],
      [api.securitySettingsUpdate, () => new Failure(Status.FORBIDDEN, 'Forbidden', 403)],
    ]);
    const { user } = await renderPage(SecuritySettingsPage, '/security/settings');
    await user.click(await screen.findByRole('checkbox', { name: /^OPERATOR/ }));
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect((await screen.findByTestId('error-banner')).textContent).toContain('สิทธิ์ของคุณทำรายการนี้ไม่ได้');
  });

  it('turns on the approval of sharing percentage changes', async () => {
    let approval = false;
    const stub = stubApi([
      [
        api.securitySettingsGet,
        () => ({ totpRequiredTypes: ['SUPERADMIN'], sharingChangeApproval: approval }),
      ],
      [api.verify, () => ({ verified: true })],
      [
        api.securitySettingsUpdate,
        (body) => {
          approval = body.sharingChangeApproval === true;
          return { totpRequiredTypes: ['SUPERADMIN'], sharingChangeApproval: approval };
        },
      ],
    ]);
    const { user } = await renderPage(SecuritySettingsPage, '/security/settings');
    const toggle = (await screen.findByRole('switch', {
      name: 'ต้องได้รับอนุมัติก่อนเปลี่ยนสัดส่วนการแบ่งรายได้',
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.securitySettingsUpdate)).toEqual([
        { totpRequiredTypes: ['SUPERADMIN'], sharingChangeApproval: true },
      ]),
    );
    expect(approval).toBe(true);
  });
});
