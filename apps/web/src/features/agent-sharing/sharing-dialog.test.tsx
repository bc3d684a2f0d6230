import { api, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractSays, errorOf, expectThai, stubApi } from '../../../test/api-stub';
import { aSharing } from '../../../test/records';
import { renderScreen } from '../../../test/render';
import { ApiError } from '../../lib/api-client';
import { businessToday } from '../../lib/business-time';
import { issueMessage } from '../../lib/errors';
import { SharingDialog } from './sharing-dialog';

type Save = (values: unknown) => Promise<unknown>;

const open = async (sharing: typeof aSharing | null, onSubmit: Save) => {
  const stub = stubApi([
    [
      api.agentSharingWhatIf,
      (body) => [
        {
          year: '2025',
          month: '2',
          status: 'closed',
          parentShare: 35,
          whatIf: (Number(body.parentPercentage) / 35) * 35,
        },
      ],
    ],
  ]);
  const rendered = await renderScreen(
    <SharingDialog opened onClose={() => undefined} sharing={sharing} onSubmit={onSubmit} />,
  );
  return {
    ...rendered,
    stub,
    agent: screen.getByRole('combobox', { name: 'เอเจนต์' }),
    parent: screen.getByRole('combobox', { name: 'เอเจนต์แม่' }),
    percent: screen.getByRole('textbox', { name: 'เปอร์เซ็นต์ของเอเจนต์แม่' }) as HTMLInputElement,
    save: screen.getByRole('button', { name: 'บันทึก' }),
  };
};

describe('SharingDialog', () => {
  it.each(['101', '-5', '12.345'])(
    'refuses %s as the percentage, under the field, keeping what was typed',
    async (typed) => {
      const onSubmit = vi.fn<Save>(async () => undefined);
      const { user, percent, save } = await open(aSharing, onSubmit);
      await user.clear(percent);
      await user.type(percent, typed);
      await user.click(save);
      expect(onSubmit).not.toHaveBeenCalled();
      const error = errorOf(percent);
      expect(error).toBe(
        contractSays(api.agentSharingCreate.body, { parentPercentage: Number(typed) }, 'parentPercentage'),
      );
      expectThai(error);
      // As typed: the % sign sits beside the field, never in what was typed.
      expect(percent.value).toBe(typed);
    },
  );

  it('asks for both agents and the percentage on an empty create', async () => {
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user, agent, parent, percent, save } = await open(null, onSubmit);
    await user.click(save);
    expect(onSubmit).not.toHaveBeenCalled();
    for (const field of [agent, parent, percent]) expect(errorOf(field)).toBe('กรุณาระบุข้อมูลในช่องนี้');
  });

  it('sends the edited arrangement with the percentage as typed', async () => {
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user, agent, percent, save } = await open(aSharing, onSubmit);
    expect((agent as HTMLInputElement).value).toBe('agent_two (cd)');
    expect(percent.value).toBe('35');
    expect(percent.parentElement?.textContent).toBe('%');
    await user.clear(percent);
    await user.type(percent, '37.25');
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledWith({
      agent: '8',
      parentAgent: '7',
      parentPercentage: 37.25,
      isDisable: false,
      effectiveFrom: businessToday(),
      settleEachPeriod: false,
    });
  });

  it('takes the effective day as typed; a day that is none stays as typed, named under the field, and is not sent', async () => {
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user, save } = await open(aSharing, onSubmit);
    const day = screen.getByRole('textbox', { name: 'มีผลตั้งแต่วันที่' }) as HTMLInputElement;
    expect(day.value).toBe(businessToday().split('-').reverse().join('/'));
    // 31 February is no day: it stays on screen, is named under the field, and nothing is sent (never
    // silently today).
    await user.clear(day);
    await user.type(day, '31/02/2025');
    await user.click(save);
    expect(day.value).toBe('31/02/2025');
    expect(errorOf(day)).toBe('ไม่มีวันที่นี้ในปฏิทิน');
    expect(onSubmit).not.toHaveBeenCalled();
    // Not a day at all: how to type one.
    await user.clear(day);
    await user.type(day, '15-เมษา');
    await user.tab();
    expect(errorOf(day)).toBe('พิมพ์วันที่เป็น วว/ดด/ปปปป เช่น 22/11/2026');
    // Left empty, the placeholder says the server takes today.
    await user.clear(day);
    expect(day.placeholder).toBe('วันนี้');
    await user.click(save);
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ effectiveFrom: '' }));
    // Thai digits are read as 0–9; the day is shown in the one form the field writes.
    await user.clear(day);
    await user.type(day, '๑๕/๔/๒๐๒๕');
    await user.tab();
    expect(day.value).toBe('15/04/2025');
    await user.click(save);
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ effectiveFrom: '2025-04-15' }));
  });

  it('picks the effective day on the calendar beside the field', async () => {
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user, save } = await open(aSharing, onSubmit);
    const day = screen.getByRole('textbox', { name: 'มีผลตั้งแต่วันที่' }) as HTMLInputElement;
    await user.clear(day);
    await user.type(day, '10/04/2025');
    await user.click(screen.getByRole('button', { name: 'เลือกมีผลตั้งแต่วันที่จากปฏิทิน' }));
    // The DOM without layout cannot place the popover, so Mantine keeps it display: none.
    const calendar = await waitFor(() => {
      const dropdown = document.querySelector<HTMLElement>('[role="dialog"][aria-label="มีผลตั้งแต่วันที่"]');
      if (!dropdown) throw new Error('the calendar did not open');
      return dropdown;
    });
    // The calendar opens on the month typed.
    const day20 = within(calendar).getByRole('button', { name: '20 เมษายน 2025', hidden: true });
    await user.click(day20);
    expect(day.value).toBe('20/04/2025');
    await user.click(save);
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ effectiveFrom: '2025-04-20' }));
  });

  it('shows the last closed periods with the new percentage beside what they were', async () => {
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user, percent, stub } = await open(aSharing, onSubmit);
    expect(screen.queryByTestId('what-if')).toBeNull();
    await user.clear(percent);
    await user.type(percent, '70');
    const panel = await screen.findByTestId('what-if');
    expect(panel.textContent).toContain('ถ้าใช้ 70.00 % กับงวดที่ผ่านมา');
    await within(panel).findByText('กุมภาพันธ์ 2025');
    expect(panel.textContent).toContain('35.00');
    expect(panel.textContent).toContain('70.00');
    // Every amount says who pays whom, as the statement does.
    expect(within(panel).getByTestId('what-if-actual-words').textContent).toBe(
      'เอเจนต์ agent_two ต้องจ่ายให้ senior_one 35.00 บาท',
    );
    expect(within(panel).getByTestId('what-if-words').textContent).toBe(
      'เอเจนต์ agent_two ต้องจ่ายให้ senior_one 70.00 บาท',
    );
    expect(within(panel).getByTestId('what-if-difference-words').textContent).toBe(
      'เอเจนต์ senior_one ได้รับเพิ่ม 35.00 บาท',
    );
    expect(stub.calls.filter((c) => c.route === api.agentSharingWhatIf).at(-1)).toMatchObject({
      params: { id: '41' },
      body: { parentPercentage: 70 },
    });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says a negative share (the players won) is the parent's to pay", async () => {
    stubApi([
      [
        api.agentSharingWhatIf,
        () => [{ year: '2025', month: '2', status: 'closed', parentShare: -12.5, whatIf: -25 }],
      ],
    ]);
    const { user } = await renderScreen(
      <SharingDialog opened onClose={() => undefined} sharing={aSharing} onSubmit={async () => undefined} />,
    );
    const percent = screen.getByRole('textbox', { name: 'เปอร์เซ็นต์ของเอเจนต์แม่' });
    await user.clear(percent);
    await user.type(percent, '70');
    const panel = await screen.findByTestId('what-if');
    expect((await within(panel).findByTestId('what-if-actual-words')).textContent).toBe(
      'เอเจนต์ senior_one ต้องจ่ายให้ agent_two 12.50 บาท',
    );
    expect(within(panel).getByTestId('what-if-words').textContent).toBe(
      'เอเจนต์ senior_one ต้องจ่ายให้ agent_two 25.00 บาท',
    );
    expect(within(panel).getByTestId('what-if-difference-words').textContent).toBe(
      'เอเจนต์ senior_one ได้รับน้อยลง 12.50 บาท',
    );
  });

  it("puts the server's own-parent refusal under the parent agent", async () => {
    const issue = {
      path: 'parentAgent',
      code: 'custom',
      params: {},
      message: 'An agent cannot be its own parent',
    };
    const onSubmit = vi.fn<Save>(async () =>
      Promise.reject(new ApiError(Status.VALIDATION, 'Validation failed', [issue])),
    );
    const { user, parent, save } = await open(aSharing, onSubmit);
    await user.click(save);
    expect(errorOf(parent)).toBe(issueMessage(issue));
    expect(screen.queryByText(/own parent/)).toBeNull();
  });
});
