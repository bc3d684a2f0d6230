import { type AgentOperatorRegister, api, type PortalRole, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Failure, page, stubApi } from '../../../test/api-stub';
import { portalSelf } from '../../../test/portal-self';
import { operatorRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { AgentOperatorPage } from './agent-operator-page';

/*
 * docs/design.md §16: the operator screen as the agent's own account and its SUPERMANAGER see it. They
 * register operators of their own agent only (the agent is fixed), change type, lock and reset the
 * password, see who uses two-factor and remove it where it is on; a SUPERMANAGER neither makes nor edits
 * a SUPERMANAGER; deleting stays staff-only.
 */

const desk = operatorRecord({ totpEnabled: true });
const boss = operatorRecord({ _id: '52', username: 'boss', type: 'SUPERMANAGER', totpEnabled: true });
const clerk = operatorRecord({ _id: '53', username: 'clerk', type: 'REPORTER', totpEnabled: false });

const open = async (role: PortalRole, routes: Parameters<typeof stubApi>[0] = []) => {
  const stub = stubApi([[api.agentOperatorList, () => page([desk, boss, clerk])], ...routes], {
    self: portalSelf(role),
  });
  const rendered = await renderPage(AgentOperatorPage, '/agentoperator');
  await screen.findByRole('table');
  return { ...rendered, stub };
};

describe('the operator screen on the agent side', () => {
  it('the agent registers an operator of its own agent: the agent is fixed, every type offered', async () => {
    const { user, stub } = await open('AGENT', [
      [api.agentOperatorRegister, (body) => operatorRecord({ ...(body as object), _id: '60' })],
    ]);
    expect(screen.queryByRole('button', { name: 'ลบ desk_one' })).toBeNull();
    expect(screen.getByRole('button', { name: 'แก้ไข boss' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'เพิ่ม' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลงทะเบียนผู้ปฏิบัติงานเอเจนต์' });
    const agent = within(dialog).getByRole('combobox', { name: 'เอเจนต์' }) as HTMLInputElement;
    expect(agent.value).toBe('senior_one (s1)');
    expect(agent.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'ชื่อผู้ใช้' }), 'cashier');
    await user.type(within(dialog).getByLabelText(/^รหัสผ่าน( \*)?$/), 'cashier-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.agentOperatorRegister)).toEqual([
        {
          agent: '11',
          username: 'cashier',
          password: 'cashier-password-1',
          type: 'OPERATOR',
          locked: false,
        } satisfies AgentOperatorRegister,
      ]),
    );
    // The agent was known from the account: no look-up of it.
    expect(stub.calls.filter((call) => call.route === api.agentGet)).toEqual([]);
  });

  it('a SUPERMANAGER edits the other types only, and is not offered SUPERMANAGER', async () => {
    const { user } = await open('AGENT_SUPERMANAGER');
    expect(screen.queryByRole('button', { name: 'แก้ไข boss' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'แก้ไข desk_one' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(/^ประเภท( \*)?$/));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options.length).toBe(3);
    expect(options.join(' ')).not.toMatch(/SUPERMANAGER|ผู้จัดการสูงสุด/);
  });

  it("a SUPERMANAGER removes an operator's lost second factor after a password re-check, not a SUPERMANAGER's", async () => {
    let verified = false;
    const { user, stub } = await open('AGENT_SUPERMANAGER', [
      [
        api.agentOperatorTotpReset,
        () => (verified ? desk : new Failure(Status.REAUTH_REQUIRED, 'Confirm your password', 403)),
      ],
      [
        api.verify,
        () => {
          verified = true;
          return { verified: true };
        },
      ],
    ]);
    expect(screen.queryByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ boss' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ desk_one' }));
    const confirm = await screen.findByRole('dialog', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ desk_one?' });
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันล้าง' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'manager-password-1');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() =>
      expect(
        stub.calls.filter((c) => c.route === api.agentOperatorTotpReset).map((c) => c.params.id),
      ).toEqual([desk._id, desk._id]),
    );
  });

  it('the 2FA column tells who uses two-factor; there is nothing to remove where it is off', async () => {
    await open('AGENT');
    expect(screen.getByRole('columnheader', { name: '2FA' })).toBeTruthy();
    expect(screen.getByTestId('two-factor-desk_one').textContent).toBe('เปิด');
    expect(screen.getByTestId('two-factor-clerk').textContent).toBe('ปิด');
    expect(screen.getByLabelText('การยืนยันตัวตนสองขั้นตอนของ clerk: ปิด')).toBeTruthy();
    // The agent's own account manages every type: the SUPERMANAGER's too, where it is on.
    expect(screen.getByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ boss' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'แก้ไข clerk' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ clerk' })).toBeNull();
  });

  it('an OPERATOR is offered no reset', async () => {
    await open('AGENT_OPERATOR');
    expect(screen.queryByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ desk_one' })).toBeNull();
  });
});
