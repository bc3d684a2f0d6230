import { api, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorOf, expectThai, Failure, page, stubApi } from '../../../test/api-stub';
import { agentRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { AgentPage } from './agent-page';

const agent = agentRecord();
const refusal = {
  scope: 'agent' as const,
  subjectId: agent._id,
  subject: agent.username,
  day: '2026-11-24',
  count: 3,
  lastIp: '198.51.100.23',
  lastAt: '2026-11-24T03:00:00.000Z',
};
const otherAgentRefusal = { ...refusal, subjectId: '999', subject: 'someone_else', day: '2026-11-23' };

const stubAgentServer = (self = { username: 'admin', type: 'SUPERADMIN' as const, id: '1' }) => {
  let allowed = ['10.0.0.0/8'];
  return stubApi(
    [
      [api.agentList, () => page([agent])],
      [api.agentAllowedIpsGet, () => ({ allowedIps: allowed })],
      [
        api.agentAllowedIpsUpdate,
        (body) => {
          allowed = (body as { allowedIps: string[] }).allowedIps;
          return { allowedIps: allowed };
        },
      ],
      [api.ipRefusalList, () => page([refusal, otherAgentRefusal], 2, 1, 100)],
    ],
    { self },
  );
};

/** Open the agent's allow-list from its row. */
const openDialog = async () => {
  const rendered = await renderPage(AgentPage, '/agent/list');
  const row = await screen.findByTestId(`agent-row-${agent.username}`);
  await rendered.user.click(within(row).getByRole('button', { name: `IP ที่อนุญาตของ ${agent.username}` }));
  const dialog = await screen.findByRole('dialog', { name: `IP ที่อนุญาตของ API นำเข้าข้อมูล: ${agent.username}` });
  const input = await within(dialog).findByLabelText('ที่อยู่ IP ที่อนุญาต');
  return { ...rendered, dialog, input };
};

describe("an agent's ingest allow-list", () => {
  it('shows the saved list and only this agent refusals, counted per day', async () => {
    stubAgentServer();
    const { dialog } = await openDialog();
    expect(within(dialog).getByText('10.0.0.0/8')).toBeTruthy();
    const day = await within(dialog).findByTestId('agent-refusal-2026-11-24');
    expect(within(day).getByText('198.51.100.23')).toBeTruthy();
    expect(within(day).getByText('3')).toBeTruthy();
    expect(within(dialog).queryByTestId('agent-refusal-2026-11-23')).toBeNull();
  });

  it('names the wrong entry in Thai before sending anything, then saves a good list', async () => {
    const stub = stubAgentServer();
    const { user, dialog, input } = await openDialog();
    await user.type(input, '203.0.113.7{Enter}10.0.0.300{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(errorOf(input)).toContain('10.0.0.300'));
    const message = errorOf(input);
    expect(message).toContain('(รายการที่ 3)');
    expectThai(message);
    expect(stub.bodiesOf(api.agentAllowedIpsUpdate)).toEqual([]);

    expect(within(dialog).getByText('10.0.0.300').closest('[data-bad]')).not.toBeNull();
    expect(within(dialog).getByText('203.0.113.7').closest('[data-bad]')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'นำ 10.0.0.300 ออกจากรายการ' }));
    expect(within(dialog).queryByText('10.0.0.300')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.bodiesOf(api.agentAllowedIpsUpdate)).toEqual([{ allowedIps: ['10.0.0.0/8', '203.0.113.7'] }]);
  });

  it('takes a pasted list, one address a line', async () => {
    const stub = stubAgentServer();
    const { user, dialog, input } = await openDialog();
    await user.click(input);
    await user.paste('192.0.2.1\n2001:db8::/32\n192.0.2.1');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(stub.bodiesOf(api.agentAllowedIpsUpdate)).toHaveLength(1));
    expect(stub.bodiesOf(api.agentAllowedIpsUpdate)[0]).toEqual({
      allowedIps: ['10.0.0.0/8', '192.0.2.1', '2001:db8::/32'],
    });
  });

  it('puts a refusal of the server under the list', async () => {
    stubApi([
      [api.agentList, () => page([agent])],
      [api.agentAllowedIpsGet, () => ({ allowedIps: [] })],
      [
        api.agentAllowedIpsUpdate,
        () =>
          new Failure(Status.VALIDATION, 'Validation failed', 400, {
            issues: [
              {
                path: 'allowedIps',
                code: 'too_big',
                params: { maximum: 100, origin: 'array' },
                message: 'x',
              },
            ],
          }),
      ],
      [api.ipRefusalList, () => page([], 0, 1, 100)],
    ]);
    const { user, dialog, input } = await openDialog();
    await user.type(input, '192.0.2.1{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(errorOf(input)).toBe('มีได้ไม่เกิน 100 รายการ'));
    expect(within(dialog).getByTestId('agent-refusals-none').textContent).toBe('ยังไม่มีคำขอที่ถูกปฏิเสธ');
  });

  it('is read-only for a REPORTER', async () => {
    stubAgentServer({ username: 'rep', type: 'REPORTER' as never, id: '5' });
    const { dialog } = await openDialog();
    expect(within(dialog).queryByRole('button', { name: 'บันทึก' })).toBeNull();
  });
});
