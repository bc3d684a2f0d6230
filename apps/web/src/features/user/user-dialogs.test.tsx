import { api } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractSays, errorOf, expectThai, stubApi } from '../../../test/api-stub';
import { anAgent, aPlayer } from '../../../test/records';
import { renderScreen } from '../../../test/render';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';

type Save = (values: unknown) => Promise<unknown>;

const fields = () => ({
  username: screen.getByRole('textbox', { name: 'ชื่อผู้ใช้' }) as HTMLInputElement,
  betLimit: screen.getByRole('textbox', { name: 'วงเงินเดิมพันสูงสุด' }) as HTMLInputElement,
  save: screen.getByRole('button', { name: 'บันทึก' }),
});

describe('CreateUserDialog', () => {
  it('refuses a name with spaces and a bet limit of −5 as typed, then sends what the contract accepts', async () => {
    stubApi([[api.agentGet, () => anAgent]]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <CreateUserDialog opened onClose={() => undefined} defaultAgent="7" onSubmit={onSubmit} />,
    );
    const agent = screen.getByRole('combobox', { name: 'เอเจนต์' }) as HTMLInputElement;
    await vi.waitFor(() => expect(agent.value).toBe('senior_one (ab)'));

    const { username, betLimit, save } = fields();
    await user.type(username, 'no spaces');
    await user.clear(betLimit);
    await user.type(betLimit, '-5');
    await user.click(save);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf(username)).toBe(contractSays(api.userCreate.body, { username: 'no spaces' }, 'username'));
    expect(errorOf(betLimit)).toBe(contractSays(api.userCreate.body, { betLimit: -5 }, 'betLimit'));
    expectThai(errorOf(betLimit));
    expect(betLimit.value).toBe('-5');

    await user.clear(username);
    await user.type(username, 'alice');
    await user.clear(betLimit);
    await user.type(betLimit, '1500.5');
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledWith({ agent: '7', username: 'alice', betLimit: 1500.5, locked: false });
  });
});

describe('EditUserDialog', () => {
  it('shows the player read-only and changes only the bet limit and lock', async () => {
    stubApi([]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <EditUserDialog opened onClose={() => undefined} player={aPlayer} onSubmit={onSubmit} />,
    );
    const { username, betLimit, save } = fields();
    expect(username.value).toBe('alice');
    expect(username.readOnly).toBe(true);
    expect(betLimit.value).toBe('1,500.5');

    await user.clear(betLimit);
    await user.type(betLimit, '-5');
    await user.click(save);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf(betLimit)).toBe(contractSays(api.userUpdate.body, { betLimit: -5 }, 'betLimit'));
    expect(betLimit.value).toBe('-5');

    await user.clear(betLimit);
    await user.type(betLimit, '2500');
    await user.click(screen.getByRole('switch', { name: 'ล็อกการเดิมพันของผู้เล่นนี้' }));
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledWith({ betLimit: 2500, locked: true });
  });
});
