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

  it('says what a bet limit of 0 means, and refuses 1e6 rather than saving 16', async () => {
    stubApi([[api.agentGet, () => anAgent]]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <CreateUserDialog opened onClose={() => undefined} defaultAgent="7" onSubmit={onSubmit} />,
    );
    const { username, betLimit, save } = fields();
    const hint = document.getElementById(
      (betLimit.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .find((id) => id.endsWith('-description')) ?? '',
    );
    expect(hint?.textContent).toContain('0 = ยังไม่กำหนดวงเงิน');
    await user.type(username, 'alice');
    await user.clear(betLimit);
    await user.type(betLimit, '1e6');
    await user.click(save);
    expect(betLimit.value).toBe('1e6');
    expect(errorOf(betLimit)).toContain('“1e6” ไม่ใช่ตัวเลข');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('a name typed with the agent’s prefix (issue 41, Deliver 4)', () => {
  it('warns before creating abab…, and offers the name without the prefix', async () => {
    stubApi([[api.agentGet, () => anAgent]]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <CreateUserDialog opened onClose={() => undefined} defaultAgent="7" onSubmit={onSubmit} />,
    );
    const agent = screen.getByRole('combobox', { name: 'เอเจนต์' }) as HTMLInputElement;
    await vi.waitFor(() => expect(agent.value).toBe('senior_one (ab)'));
    const { username, save } = fields();
    await user.type(username, 'abplayer01');
    const warning = await screen.findByTestId('prefix-twice');
    expect(warning.textContent).toContain('ชื่อนี้ขึ้นต้นด้วย prefix ab ของเอเจนต์อยู่แล้ว');
    expect(warning.textContent).toContain('ababplayer01');
    expect(save).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'ใช้ชื่อ player01 (ตัด prefix ออก)' }));
    expect(username.value).toBe('player01');
    expect(screen.queryByTestId('prefix-twice')).toBeNull();
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ username: 'player01' }));
  });

  it('creates the doubled name only when the user says it is meant', async () => {
    stubApi([[api.agentGet, () => anAgent]]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <CreateUserDialog opened onClose={() => undefined} defaultAgent="7" onSubmit={onSubmit} />,
    );
    const agent = screen.getByRole('combobox', { name: 'เอเจนต์' }) as HTMLInputElement;
    await vi.waitFor(() => expect(agent.value).toBe('senior_one (ab)'));
    await user.type(fields().username, 'ABC');
    await user.click(await screen.findByRole('checkbox', { name: 'ตั้งใจให้บันทึกเป็น abABC' }));
    await user.click(fields().save);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ username: 'ABC' }));
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
