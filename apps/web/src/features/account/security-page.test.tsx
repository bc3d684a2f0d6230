import { api, Status } from '@sapi/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, Failure, fill, stubApi } from '../../../test/api-stub';
import { renderPage } from '../../../test/render-page';
import { notifySuccess } from '../../lib/notify';
import { SecurityPage } from './security-page';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const codes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-${String(i).padStart(4, 'd')}`);
const wrongCode = new Failure(Status.VALIDATION, 'code: is wrong', 400, {
  issues: [{ path: 'code', code: 'totp_invalid', message: 'is wrong, expired or already used' }],
});

/** An account's two-factor state as the server keeps it; enrolment is held once for re-authentication. */
const stubTotpServer = (start: { enabled: boolean; required?: boolean; left?: number }) => {
  const state = { enabled: start.enabled, required: start.required ?? false, left: start.left ?? 10 };
  let verified = false;
  const held = () =>
    verified ? null : new Failure(Status.REAUTH_REQUIRED, 'Re-authentication required', 403);
  return stubApi([
    [
      api.totpStatus,
      () => ({ enabled: state.enabled, required: state.required, recoveryCodesLeft: state.left }),
    ],
    [
      api.verify,
      () => {
        verified = true;
        return { verified: true };
      },
    ],
    [
      api.totpEnrol,
      () =>
        held() ?? {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/S.API:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
    ],
    [
      api.totpConfirm,
      (body) => {
        if (body.code !== '123456') return wrongCode;
        state.enabled = true;
        state.left = 10;
        return { recoveryCodes: codes };
      },
    ],
    [
      api.totpDisable,
      (body) => {
        if (body.code !== '654321') return wrongCode;
        state.enabled = false;
        return { ok: true };
      },
    ],
    [
      api.totpRecoveryCodes,
      (body) => {
        if (body.code !== '111111') return wrongCode;
        state.left = 10;
        return { recoveryCodes: codes };
      },
    ],
  ]);
};

describe('SecurityPage: two-factor sign-in of one’s own account (docs/design.md §13)', () => {
  it('enrols: re-authentication, QR and secret, a wrong first code in Thai, then the recovery codes once', async () => {
    const stub = stubTotpServer({ enabled: false });
    const { user } = await renderPage(SecurityPage, '/account/security');
    expect(await screen.findByRole('heading', { name: 'การยืนยันตัวตนสองขั้นตอน' })).toBeTruthy();
    expect((await screen.findByTestId('totp-status')).textContent).toBe('ยังไม่เปิดใช้งาน');

    await user.click(screen.getByRole('button', { name: 'เริ่มตั้งค่า' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await fill(user, within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));

    const qr = await screen.findByRole('img', { name: 'คิวอาร์โค้ดสำหรับเพิ่มบัญชีในแอปยืนยันตัวตน' });
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect((screen.getByTestId('totp-secret') as HTMLInputElement).value).toBe(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
    expect(screen.getByRole('button', { name: 'คัดลอกหรือพิมพ์รหัสลับนี้ในแอปเอง' })).toBeTruthy();

    const code = screen.getByLabelText('รหัส 6 หลัก');
    await fill(user, code, '12');
    await user.click(screen.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน' }));
    expect(errorOf(code)).toBe('กรอกรหัส 6 หลักจากแอปยืนยันตัวตน');
    await fill(user, code, '999999');
    await user.click(screen.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน' }));
    await vi.waitFor(() =>
      expect(errorOf(screen.getByLabelText('รหัส 6 หลัก'))).toBe('รหัสไม่ถูกต้อง หมดเวลา หรือถูกใช้ไปแล้ว'),
    );

    await fill(user, screen.getByLabelText('รหัส 6 หลัก'), '123456');
    await user.click(screen.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน' }));
    await vi.waitFor(() => expect(stub.bodiesOf(api.totpConfirm)).toHaveLength(2));
    const list = await screen.findByRole('list', { name: 'รายการรหัสกู้คืน' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(screen.getByText('ระบบจะแสดงรหัสเหล่านี้เพียงครั้งนี้ครั้งเดียว')).toBeTruthy();
    // On while its codes are still shown: the status says so at once.
    expect(screen.getByTestId('totp-status').textContent).toBe('เปิดใช้งานอยู่');
    expect(screen.getByRole('button', { name: 'คัดลอกทั้งหมด' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดไฟล์ .txt' })).toBeTruthy();
    const done = screen.getByRole('button', { name: 'เสร็จสิ้น' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'ฉันบันทึกรหัสกู้คืนไว้แล้ว' }));
    expect(done.disabled).toBe(false);
    await user.click(done);
    await vi.waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('เปิดใช้งานอยู่'));
    expect(screen.queryByRole('list', { name: 'รายการรหัสกู้คืน' })).toBeNull();
    expect(stub.bodiesOf(api.totpConfirm)).toEqual([{ code: '999999' }, { code: '123456' }]);
  });

  it('turns it off with a code; a wrong code is said in Thai under the field', async () => {
    const stub = stubTotpServer({ enabled: true, required: true, left: 2 });
    const { user } = await renderPage(SecurityPage, '/account/security');
    expect(await screen.findByText('รหัสกู้คืนคงเหลือ 2 จาก 10 รหัส')).toBeTruthy();
    expect(screen.getByText('รหัสกู้คืนเหลือน้อย ควรสร้างชุดใหม่')).toBeTruthy();
    expect(screen.getByText('บัญชีประเภทนี้ถูกกำหนดให้ต้องใช้')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'ปิดการยืนยันตัวตนสองขั้นตอน' }));
    const dialog = await screen.findByRole('dialog', { name: 'ปิดการยืนยันตัวตนสองขั้นตอน' });
    expect(within(dialog).getByText(/จะต้องตั้งค่าใหม่เมื่อเข้าสู่ระบบครั้งถัดไป/)).toBeTruthy();
    const field = within(dialog).getByLabelText('รหัสจากแอป หรือรหัสกู้คืน');
    await fill(user, field, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'ปิดการใช้งาน' }));
    await vi.waitFor(() => expect(errorOf(field)).toBe('รหัสไม่ถูกต้อง หมดเวลา หรือถูกใช้ไปแล้ว'));
    await fill(user, field, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'ปิดการใช้งาน' }));
    await vi.waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('ยังไม่เปิดใช้งาน'));
    expect(notifySuccess).toHaveBeenCalledWith('ปิดการยืนยันตัวตนสองขั้นตอนแล้ว');
    expect(stub.bodiesOf(api.totpDisable)).toEqual([{ code: '000000' }, { code: '654321' }]);
  });

  it('makes new recovery codes with a code and shows them once', async () => {
    stubTotpServer({ enabled: true, left: 1 });
    const { user } = await renderPage(SecurityPage, '/account/security');
    await user.click(await screen.findByRole('button', { name: 'สร้างรหัสกู้คืนชุดใหม่' }));
    const dialog = await screen.findByRole('dialog', { name: 'สร้างรหัสกู้คืนชุดใหม่' });
    await fill(user, within(dialog).getByLabelText('รหัสจากแอป หรือรหัสกู้คืน'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'สร้างชุดใหม่' }));
    const shown = await screen.findByRole('dialog', { name: 'รหัสกู้คืน' });
    expect(within(shown).getAllByTestId('recovery-code')).toHaveLength(10);
    await user.click(within(shown).getByRole('checkbox', { name: 'ฉันบันทึกรหัสกู้คืนไว้แล้ว' }));
    await user.click(within(shown).getByRole('button', { name: 'เสร็จสิ้น' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'รหัสกู้คืน' })).toBeNull());
    expect(await screen.findByText('รหัสกู้คืนคงเหลือ 10 จาก 10 รหัส')).toBeTruthy();
  });
});
