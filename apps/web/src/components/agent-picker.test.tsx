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
