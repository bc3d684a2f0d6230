import { api } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { agentRecord } from '../../test/records';
import { renderScreen } from '../../test/render';
import { AgentPicker } from './agent-picker';

const agent = agentRecord({ _id: '7', username: 'alpha', prefix: 'al' });

function Picker({ onChange }: { onChange: (id: string) => void }) {
  const [value, setValue] = useState(agent._id);
  return (
    <AgentPicker
      label="เอเยนต์"
      value={value}
      known={{ _id: agent._id, username: agent.username, prefix: agent.prefix }}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
      clearable
    />
  );
}

describe('AgentPicker clear button', () => {
  it.each([
    ['th', 'ล้างเอเยนต์'],
    ['en', 'Clear เอเยนต์'],
  ] as const)('is a named button in the tab order (%s), and clears the agent', async (language, name) => {
    stubApi([[api.agentPick, () => []]]);
    const onChange = vi.fn();
    const { user } = await renderScreen(<Picker onChange={onChange} />, { language });
    const clear = await screen.findByRole('button', { name });
    // Found by role at all: not hidden from assistive technology.
    expect(clear.getAttribute('aria-hidden')).not.toBe('true');
    expect(clear.tabIndex).toBe(0);
    // Reached from the field with Tab, pressed with Enter.
    screen.getByDisplayValue('alpha (al)').focus();
    await user.tab();
    expect(document.activeElement).toBe(clear);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

describe('AgentPicker list', () => {
  const many = Array.from({ length: 20 }, (_, i) => ({
    _id: String(i + 1),
    username: `agent${i}`,
    prefix: `a${i}`,
  }));
  const open = async (found: typeof many) => {
    stubApi([[api.agentPick, () => found]]);
    const { user } = await renderScreen(<AgentPicker label="เอเจนต์" value="" onChange={() => undefined} />);
    await user.click(screen.getByRole('combobox', { name: 'เอเจนต์' }));
    await screen.findByRole('option', { name: 'agent0 (a0)', hidden: true });
    return user;
  };

  it('says a full page of matches may not be all, and to type to find the others', async () => {
    await open(many);
    expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(21);
    const note = screen.getByRole('option', {
      name: 'แสดง 20 รายการแรก พิมพ์ชื่อผู้ใช้หรือคำนำหน้า เพื่อค้นหาเอเจนต์อื่น',
      hidden: true,
    });
    expect(note.getAttribute('aria-disabled')).toBe('true');
  });

  it('says nothing more when the matches are all there', async () => {
    await open(many.slice(0, 5));
    expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(5);
  });
});

describe('AgentPicker with an id no agent has', () => {
  it('shows the id and says why on the field, not an empty choice', async () => {
    stubApi([[api.agentGet, () => Promise.reject(new Error('unreachable'))]]);
    await renderScreen(<AgentPicker label="เอเจนต์" value="999" onChange={() => undefined} />);
    expect(await screen.findByDisplayValue('เอเจนต์รหัส 999')).toBeTruthy();
  });
});

describe('AgentPicker width', () => {
  it('is never narrower than the chosen agent’s whole label, so its prefix shows', async () => {
    stubApi([[api.agentPick, () => []]]);
    const long = { _id: '9', username: 'a_rather_long_agent_name', prefix: 'longpfx' };
    await renderScreen(
      <AgentPicker label="เอเจนต์" value="9" known={long} onChange={() => undefined} w={240} />,
    );
    const input = screen.getByDisplayValue('a_rather_long_agent_name (longpfx)');
    const root = input.closest('.mantine-Select-root') as HTMLElement | null;
    expect(root?.style.minWidth).toBe('calc(34ch + 3.5rem)');
  });
});
