import { TextInput } from '@mantine/core';
import { api, Status } from '@sapi/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractSays, errorOf, expectThai } from '../../test/api-stub';
import { renderScreen } from '../../test/render';
import { ApiError } from '../lib/api-client';
import { errorMessage, issueMessage } from '../lib/errors';
import { i18n } from '../lib/i18n';
import { FormDialog } from './form-dialog';
import { NumberField } from './number-field';

const schema = api.agentOperatorRegister.body;
type Save = (values: unknown) => Promise<unknown>;

/** A dialog over a real route body: a name, a password and a number that is not in that body. */
function Harness({ onSubmit, onClose = () => undefined }: { onSubmit: Save; onClose?: () => void }) {
  return (
    <FormDialog
      opened
      onClose={onClose}
      title="ทดสอบ"
      schema={api.userUpdate.body.extend({ username: api.agentOperatorRegister.body.shape.username })}
      initialValues={{ username: '', betLimit: 0, locked: false }}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <TextInput label="ชื่อผู้ใช้" {...form.field('username')} />
          <NumberField label="วงเงิน" {...form.field('betLimit')} thousandSeparator="," hideControls />
        </>
      )}
    </FormDialog>
  );
}

const fields = () => ({
  username: screen.getByRole('textbox', { name: 'ชื่อผู้ใช้' }) as HTMLInputElement,
  betLimit: screen.getByRole('textbox', { name: 'วงเงิน' }) as HTMLInputElement,
  save: screen.getByRole('button', { name: /^(บันทึก|Save)$/ }) as HTMLButtonElement,
  cancel: screen.getByRole('button', { name: /^(ยกเลิก|Cancel)$/ }) as HTMLButtonElement,
});

describe('FormDialog', () => {
  it('says under each field, in Thai, what the contract refuses, and sends nothing', async () => {
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(<Harness onSubmit={onSubmit} />);
    const { username, betLimit, save } = fields();
    await user.type(username, 'no spaces');
    await user.clear(betLimit);
    await user.type(betLimit, '-5');
    await user.click(save);

    expect(onSubmit).not.toHaveBeenCalled();
    const nameError = errorOf(username);
    expect(nameError).toBe(contractSays(schema, { username: 'no spaces' }, 'username'));
    expectThai(nameError);
    const limitError = errorOf(betLimit);
    expect(limitError).toBe(contractSays(api.userUpdate.body, { betLimit: -5 }, 'betLimit'));
    expectThai(limitError);
    // Refused, not rewritten: the typed values stay on screen.
    expect(username.value).toBe('no spaces');
    expect(betLimit.value).toBe('-5');
    // The first wrong field has the focus.
    expect(document.activeElement).toBe(username);
  });

  it('reads a typed thousands comma as one, and Thai digits as digits: the value is what was typed', async () => {
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(<Harness onSubmit={onSubmit} />);
    const { username, betLimit, save } = fields();
    await user.type(username, 'somchai01');
    for (const [typed, shown] of [
      ['10,000', '10,000'],
      ['100,000.50', '100,000.50'],
      ['1000000', '1,000,000'],
      ['๕๐๐๐', '5,000'],
      ['１２３４', '1,234'],
    ] as const) {
      await user.clear(betLimit);
      await user.type(betLimit, typed);
      await user.tab();
      expect(betLimit.value, typed).toBe(shown);
    }
    await user.clear(betLimit);
    await user.type(betLimit, '10,000');
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ betLimit: 10000 }));
  });

  it('names a wrong value when the field is left, before Save', async () => {
    const { user } = await renderScreen(<Harness onSubmit={async () => undefined} />);
    const { betLimit, username } = fields();
    await user.clear(betLimit);
    await user.type(betLimit, '12.345');
    expect(errorOf(betLimit)).toBeNull();
    await user.click(username);
    expect(errorOf(betLimit)).toBe(contractSays(api.userUpdate.body, { betLimit: 12.345 }, 'betLimit'));
    expect(betLimit.value).toBe('12.345');
    // Correcting the value clears its error.
    await user.clear(betLimit);
    await user.type(betLimit, '12.34');
    expect(errorOf(betLimit)).toBeNull();
  });

  it('says an empty required field is empty, in Thai or in English', async () => {
    const { user } = await renderScreen(<Harness onSubmit={async () => undefined} />);
    await user.click(fields().save);
    expect(errorOf(fields().username)).toBe('กรุณาระบุข้อมูลในช่องนี้');

    await act(() => i18n.changeLanguage('en'));
    await user.click(fields().save);
    expect(errorOf(fields().username)).toBe('This field is required');
    await user.type(fields().username, 'x');
    await user.click(fields().save);
    const english = errorOf(fields().username);
    expect(english).toBe(contractSays(schema, { username: 'x' }, 'username'));
    expect(english).not.toMatch(/[\u0E00-\u0E7F]/);
  });

  it('sends the values exactly as typed once the contract accepts them', async () => {
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(<Harness onSubmit={onSubmit} />);
    const { username, betLimit, save } = fields();
    await user.type(username, 'op_one');
    await user.clear(betLimit);
    await user.type(betLimit, '1500.5');
    expect(betLimit.value).toBe('1,500.5');
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledWith({ username: 'op_one', betLimit: 1500.5, locked: false });
  });

  it("puts the server's field issues under their fields in the user's language, the rest in the banner", async () => {
    const refusal = new ApiError(Status.VALIDATION, 'Validation failed', [
      { path: 'username', code: 'too_big', params: { maximum: 32, origin: 'string' }, message: 'Too big' },
      { path: 'agent', code: 'record_id', params: {}, message: 'agent: must be a record id' },
    ]);
    const onSubmit = vi.fn<Save>(async () => Promise.reject(refusal));
    const { user } = await renderScreen(<Harness onSubmit={onSubmit} />);
    await user.type(fields().username, 'op_one');
    await user.click(fields().save);

    const nameError = errorOf(fields().username);
    expect(nameError).toBe(issueMessage({ code: 'too_big', params: { maximum: 32, origin: 'string' } }));
    expectThai(nameError);
    // `agent` is not a field of this form: its reason goes to the banner, in Thai.
    const banner = await screen.findByTestId('error-banner');
    expect(banner.textContent).toContain(issueMessage({ code: 'record_id', params: {} }));
    expect(screen.queryByText(/must be a record id|Too big/)).toBeNull();
    // The typed value stays for the user to correct.
    expect(fields().username.value).toBe('op_one');
  });

  it('shows a refusal without field issues in the red banner', async () => {
    const conflict = new ApiError(Status.CONFLICT, 'Player "ab_op_one" already exists');
    const { user } = await renderScreen(<Harness onSubmit={async () => Promise.reject(conflict)} />);
    await user.type(fields().username, 'op_one');
    await user.click(fields().save);
    expect((await screen.findByTestId('error-banner')).textContent).toContain(errorMessage(conflict));
    expect(errorOf(fields().username)).toBeNull();
  });

  it('keeps Save busy and the dialog open while the save is under way', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn<Save>(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const onClose = vi.fn();
    const { user } = await renderScreen(<Harness onSubmit={onSubmit} onClose={onClose} />);
    await user.type(fields().username, 'op_one');
    await user.click(fields().save);

    expect(fields().save.disabled).toBe(true);
    expect(fields().save.hasAttribute('data-loading')).toBe(true);
    expect(fields().cancel.disabled).toBe(true);
    const closeButton = screen.getByRole('button', { name: 'ปิดหน้าต่าง' }) as HTMLButtonElement;
    expect(closeButton.disabled).toBe(true);
    await user.keyboard('{Escape}');
    await user.type(fields().username, '{Enter}');
    expect(onClose).not.toHaveBeenCalled();
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(fields().save.disabled).toBe(false);
    expect(fields().cancel.disabled).toBe(false);
    await user.click(fields().cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('never drops or rewrites a typed character: 1e6, 1,5 and 12abc stay, refused under the field', async () => {
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(<Harness onSubmit={onSubmit} />);
    const { username, betLimit, save } = fields();
    await user.type(username, 'somchai01');
    for (const typed of ['1e6', '1,5', '12abc', '1.2.3', '-', '1e309']) {
      await user.clear(betLimit);
      await user.type(betLimit, typed);
      await user.tab();
      expect(betLimit.value, typed).toBe(typed);
      expect(errorOf(betLimit), typed).toBe(
        `“${typed}” ไม่ใช่ตัวเลข พิมพ์ได้เฉพาะ 0–9 จุดทศนิยม (.) เครื่องหมายลบ และ , คั่นหลักพัน`,
      );
      await user.click(save);
      expect(onSubmit, typed).not.toHaveBeenCalled();
    }
    // Grouping follows the typing, the caret after the digit typed.
    await user.clear(betLimit);
    await user.type(betLimit, '1234567');
    expect(betLimit.value).toBe('1,234,567');
    await user.type(betLimit, '.25');
    expect(betLimit.value).toBe('1,234,567.25');
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ betLimit: 1234567.25 }));
  });
});

describe('closing a dialog with unsaved changes (issue 41, Deliver 3)', () => {
  it('asks before Escape, the close button or Cancel throws away what was typed', async () => {
    const onClose = vi.fn();
    const { user } = await renderScreen(<Harness onSubmit={async () => undefined} onClose={onClose} />);
    await user.type(fields().username, 'half_typed');
    for (const close of [
      () => user.keyboard('{Escape}'),
      () => user.click(screen.getByRole('button', { name: 'ปิดหน้าต่าง' })),
      () => user.click(fields().cancel),
    ]) {
      await close();
      const ask = await screen.findByRole('dialog', { name: 'ทิ้งข้อมูลที่แก้ไข?' });
      expect(ask.textContent).toContain('ข้อมูลที่พิมพ์ในหน้าต่างนี้ยังไม่ได้บันทึก');
      await user.click(screen.getByRole('button', { name: 'แก้ไขต่อ' }));
      expect(onClose).not.toHaveBeenCalled();
      expect(fields().username.value).toBe('half_typed');
    }
    await user.click(fields().cancel);
    await user.click(await screen.findByRole('button', { name: 'ทิ้งและปิด' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the Escape that asks is not also taken as the answer; Escape inside the question keeps editing', async () => {
    const onClose = vi.fn();
    const { user } = await renderScreen(<Harness onSubmit={async () => undefined} onClose={onClose} />);
    await user.type(fields().username, 'half_typed');
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    fields().username.dispatchEvent(escapeKey);
    const ask = await screen.findByRole('dialog', { name: 'ทิ้งข้อมูลที่แก้ไข?' });
    // The same key press reaching the question as well (as when a loaded browser has the question's
    // listeners in place before that press is done): the question stays, the user answers it.
    fields().username.dispatchEvent(escapeKey);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog', { name: 'ทิ้งข้อมูลที่แก้ไข?' })).toBe(ask);
    expect(screen.getByRole('button', { name: 'แก้ไขต่อ' })).toBeTruthy();
    // Escape pressed in the question: keep editing, nothing closed.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('แก้ไขต่อ'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ทิ้งข้อมูลที่แก้ไข?' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(fields().username.value).toBe('half_typed');
  });

  it('closes at once when nothing was changed', async () => {
    const onClose = vi.fn();
    const { user } = await renderScreen(<Harness onSubmit={async () => undefined} onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'ทิ้งข้อมูลที่แก้ไข?' })).toBeNull();
  });
});
