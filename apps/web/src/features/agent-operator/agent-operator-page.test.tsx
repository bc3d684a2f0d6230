import { api, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure, page, stubApi } from '../../../test/api-stub';
import { agentRecord, operatorRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { expectSortableHeader } from '../../../test/sorting';
import { AgentOperatorPage } from './agent-operator-page';

afterEach(() => vi.unstubAllGlobals());

describe('the agent operator list', () => {
  it('filters by agent and username; Search asks again with the same filters', async () => {
    const stub = stubApi([
      [api.agentOperatorList, () => page([operatorRecord()])],
      [api.agentGet, () => agentRecord()],
    ]);
    const { user } = await renderPage(AgentOperatorPage, '/agentoperator?agent=11&username=desk');
    await screen.findByText('desk_one');
    expect(stub.bodiesOf(api.agentOperatorList)).toEqual([
      { agent: '11', username: 'desk', page: 1, limit: 50 },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'เอเจนต์' })).toHaveProperty('value', 'senior_one (s1)'),
    );
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.agentOperatorList)).toHaveLength(2));
  });
});

describe('sorting the operator list', () => {
  it('sorts by username and by creation on the server', async () => {
    const stub = stubApi([
      [api.agentOperatorList, () => page([operatorRecord()])],
      [api.agentGet, () => agentRecord()],
    ]);
    const { user } = await renderPage(AgentOperatorPage, '/agentoperator');
    await screen.findByText(operatorRecord().username);
    await expectSortableHeader({
      user,
      stub,
      route: api.agentOperatorList,
      header: 'ชื่อผู้ใช้',
      field: 'username',
      first: 'asc',
    });
    await expectSortableHeader({
      user,
      stub,
      route: api.agentOperatorList,
      header: 'วันที่สร้าง',
      field: 'createdAt',
      first: 'desc',
    });
  });
});

describe('two-factor sign-in of the operators, for staff', () => {
  const on = operatorRecord({ totpEnabled: true });
  const off = operatorRecord({ _id: '52', username: 'till_two', totpEnabled: false });

  it('a manager sees the 2FA column and removes it where it is on, after a password re-check', async () => {
    let verified = false;
    const stub = stubApi([
      [api.agentOperatorList, () => page([on, off])],
      [
        api.agentOperatorTotpReset,
        () => (verified ? off : new Failure(Status.REAUTH_REQUIRED, 'Confirm your password', 403)),
      ],
      [
        api.verify,
        () => {
          verified = true;
          return { verified: true };
        },
      ],
    ]);
    const { user } = await renderPage(AgentOperatorPage, '/agentoperator');
    await screen.findByText('desk_one');
    expect(screen.getByTestId('two-factor-desk_one').textContent).toBe('เปิด');
    expect(screen.getByTestId('two-factor-till_two').textContent).toBe('ปิด');
    expect(screen.queryByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ till_two' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ desk_one' }));
    const confirm = await screen.findByRole('dialog', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ desk_one?' });
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันล้าง' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password-1');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() =>
      expect(
        stub.calls.filter((c) => c.route === api.agentOperatorTotpReset).map((c) => c.params.id),
      ).toEqual([on._id, on._id]),
    );
  });

  it('a staff OPERATOR sees the state but is offered no removal', async () => {
    stubApi([[api.agentOperatorList, () => page([on, off])]], {
      self: { username: 'staff_op', type: 'OPERATOR', id: '5' },
    });
    await renderPage(AgentOperatorPage, '/agentoperator');
    await screen.findByText('desk_one');
    expect(screen.getByTestId('two-factor-desk_one').textContent).toBe('เปิด');
    expect(screen.queryByRole('button', { name: /ล้างการยืนยันตัวตนสองขั้นตอน/ })).toBeNull();
  });
});
