import { Notifications } from '@mantine/notifications';
import { Status } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/errors';
import { type ConfirmAction, useConfirmAction } from './confirm-dialog';

/** A row's switch that asks first, as a list screen wires it. */
function Row({ run }: { run: ConfirmAction['run'] }) {
  const confirm = useConfirmAction();
  return (
    <>
      <Notifications />
      <button
        type="button"
        onClick={() =>
          confirm.ask({
            title: 'ยืนยันการล็อก',
            message: 'ล็อก alpha ใช่ไหม',
            confirmLabel: 'ล็อก',
            danger: true,
            run,
            success: 'ล็อก alpha แล้ว',
          })
        }
      >
        สลับ
      </button>
      {confirm.dialog}
    </>
  );
}

describe('useConfirmAction', () => {
  it('asks, runs once with the button busy, says it is done and closes', async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = await renderScreen(<Row run={run} />);
    await user.click(screen.getByRole('button', { name: 'สลับ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยืนยันการล็อก' });
    expect(dialog.textContent).toContain('ล็อก alpha ใช่ไหม');
    const confirm = screen.getByRole('button', { name: 'ล็อก' });
    await user.click(confirm);
    await user.click(confirm);
    expect(run).toHaveBeenCalledTimes(1);
    expect(confirm.hasAttribute('data-loading')).toBe(true);
    finish();
    expect(await screen.findByText('ล็อก alpha แล้ว')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ยืนยันการล็อก' })).toBeNull());
  });

  it('says a refusal in Thai and closes; Cancel runs nothing', async () => {
    const run = vi.fn(() => Promise.reject(new ApiError(Status.FORBIDDEN, 'Forbidden')));
    const { user } = await renderScreen(<Row run={run} />);
    await user.click(screen.getByRole('button', { name: 'สลับ' }));
    await user.click(await screen.findByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(run).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'สลับ' }));
    await user.click(await screen.findByRole('button', { name: 'ล็อก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The refusal in the user's language (not the server's English).
    const refusal = errorMessage(new ApiError(Status.FORBIDDEN, 'Forbidden'));
    expect(refusal).toMatch(/[\u0E00-\u0E7F]/);
    expect(refusal).not.toContain('Forbidden');
    expect(await screen.findByText(refusal)).toBeTruthy();
  });
});
