import { api } from '@sapi/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { portalSelf } from '../../../test/portal-self';
import { agentRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { AgentPage } from './agent-page';

/*
 * docs/design.md §16: the agent screen as the agent side sees it. The agent's own account, SUPERMANAGER
 * and MANAGER register sub-agents (no secret: the sub-agent reads its own) and edit and lock them, never
 * their own agent; OPERATOR and REPORTER read only. Who registered an agent and the removal of an
 * agent's second factor are staff's.
 */

const own = agentRecord();
const child = agentRecord({ _id: '12', username: 'child_one', prefix: 'c1', agentType: 'AGENT' });

const open = async (role: 'AGENT_MANAGER' | 'AGENT_OPERATOR') => {
  const stub = stubApi([[api.agentList, () => page([own, child])]], { self: portalSelf(role) });
  const rendered = await renderPage(AgentPage, '/agent/list');
  await screen.findByTestId('agent-row-child_one');
  return { ...rendered, stub };
};

describe('the agent screen on the agent side', () => {
  it('MANAGER: registers a sub-agent without a secret; edits and locks its sub-agents, not its own agent', async () => {
    const { user } = await open('AGENT_MANAGER');
    const ownRow = screen.getByTestId('agent-row-senior_one');
    const childRow = screen.getByTestId('agent-row-child_one');
    expect(within(ownRow).queryByRole('switch')).toBeNull();
    expect(within(ownRow).getByRole('button', { name: 'ดูรายละเอียด senior_one' })).toBeTruthy();
    expect(within(childRow).getByRole('switch', { name: 'เอเจนต์ child_one ใช้งานได้' })).toBeTruthy();
    expect(within(childRow).getByRole('button', { name: 'แก้ไข child_one' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'เพิ่มเอเจนต์ย่อย' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มเอเจนต์ย่อย' });
    expect(within(dialog).getByTestId('sub-agent-note').textContent).toContain('เอเจนต์ย่อยจะอยู่ใต้เอเจนต์ของคุณ');
    expect(within(dialog).queryByRole('textbox', { name: 'รหัสลับ' })).toBeNull();
  });

  it('shows no "created by" line, even if an answer carried one, and no two-factor removal', async () => {
    stubApi([[api.agentList, () => page([{ ...own, totpEnabled: true }, child])]], {
      self: portalSelf('AGENT'),
    });
    await renderPage(AgentPage, '/agent/list');
    await screen.findByTestId('agent-row-child_one');
    expect(screen.queryByText(/สร้างโดย/)).toBeNull();
    expect(screen.queryByText(/admin/)).toBeNull();
    expect(screen.queryByRole('button', { name: /ล้างการยืนยันตัวตนสองขั้นตอน/ })).toBeNull();
  });

  it('OPERATOR: no register, no edit, no lock', async () => {
    await open('AGENT_OPERATOR');
    expect(screen.queryByRole('button', { name: /^เพิ่มเอเจนต์/ })).toBeNull();
    expect(screen.queryAllByRole('switch')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'แก้ไข child_one' })).toBeNull();
  });
});
