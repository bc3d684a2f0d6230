import { api } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractSays, errorOf, expectThai, fill, stubApi } from '../../../test/api-stub';
import { anAgent } from '../../../test/records';
import { renderScreen } from '../../../test/render';
import { EditAgentDialog } from './edit-agent-dialog';
import { RegisterAgentDialog } from './register-agent-dialog';

type Save = (values: unknown) => Promise<unknown>;

const noGames = { records: [], page: 1, limit: 100, total: 0 };
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('RegisterAgentDialog', () => {
  it('refuses a bad prefix and a short secret, allows a blank secret, and sends what was typed', async () => {
    stubApi([[api.adapterList, () => noGames]]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <RegisterAgentDialog opened onClose={() => undefined} onSubmit={onSubmit} />,
    );
    await fill(user, field('ชื่อผู้ใช้'), 'agent_two');
    await fill(user, screen.getByLabelText('รหัสผ่าน'), 'agent-pass-2024');
    await fill(user, field('ที่อยู่ปลายทาง'), 'https://two.example.com/callback');
    await fill(user, field('คำนำหน้า'), 'BAD!');
    await fill(user, field('รหัสระบบ'), 'AGENT-2');
    await fill(user, field('รหัสลับ'), 'short');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const body = api.agentRegister.body;
    expect(errorOf(field('คำนำหน้า'))).toBe(contractSays(body, { prefix: 'BAD!' }, 'prefix'));
    expect(errorOf(field('รหัสลับ'))).toBe(contractSays(body, { secret: 'short' }, 'secret'));
    expectThai(errorOf(field('รหัสลับ')));

    await fill(user, field('คำนำหน้า'), 'cd');
    await user.clear(field('รหัสลับ'));
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).toHaveBeenCalledWith({
      username: 'agent_two',
      password: 'agent-pass-2024',
      endpoint: 'https://two.example.com/callback',
      games: [],
      prefix: 'cd',
      code: 'AGENT-2',
      secret: '',
      agentType: 'AGENT',
    });
  });
});

describe('EditAgentDialog', () => {
  it('refuses a bad endpoint before sending, then saves the change', async () => {
    const { bodiesOf } = stubApi([
      [api.adapterList, () => noGames],
      [api.agentGet, () => anAgent],
      [api.agentUpdate, (body) => ({ ...anAgent, ...(body as object) })],
    ]);
    const onClose = vi.fn();
    const { user } = await renderScreen(<EditAgentDialog opened onClose={onClose} agent={anAgent} canEdit />);
    expect(await screen.findByTestId('agent-prefix')).toHaveProperty('value', 'ab');

    const endpoint = field('ที่อยู่ปลายทาง');
    await fill(user, endpoint, 'senior.example.com');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(errorOf(endpoint)).toBe(
      contractSays(api.agentUpdate.body, { endpoint: 'senior.example.com' }, 'endpoint'),
    );
    expect(bodiesOf(api.agentUpdate)).toHaveLength(0);

    await fill(user, endpoint, 'https://senior.example.com/v2');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(api.agentUpdate)).toEqual([
      { endpoint: 'https://senior.example.com/v2', games: ['PGSOFT'], agentType: 'SENIOR' },
    ]);
  });

  it('is a read-only view without Save for a role that may not edit', async () => {
    stubApi([
      [api.adapterList, () => noGames],
      [api.agentGet, () => ({ ...anAgent, secret: undefined, apiKeyEncoded: undefined })],
    ]);
    await renderScreen(<EditAgentDialog opened onClose={() => undefined} agent={anAgent} canEdit={false} />);
    expect(await screen.findByTestId('agent-prefix')).toHaveProperty('value', 'ab');
    expect(field('ที่อยู่ปลายทาง').readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'บันทึก' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'เปลี่ยนรหัสลับ' })).toBeNull();
    expect(screen.getByRole('button', { name: 'ปิด' })).toBeTruthy();
  });
});
