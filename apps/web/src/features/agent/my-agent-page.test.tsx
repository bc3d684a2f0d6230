import { type AgentTreeNode, api, type PortalRole, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Failure, page, stubApi } from '../../../test/api-stub';
import { portalSelf } from '../../../test/portal-self';
import { adapterRecord, anAgent } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { MyAgentPage } from './my-agent-page';

/*
 * docs/design.md §16: the agent side's own agent. Its key for everyone; the secret, its rotation
 * (after a password re-check) and the allow-list for the agent's own account and SUPERMANAGER; the
 * downline as a tree with this month's win/lose.
 */

const own = { ...anAgent, _id: '11', username: 'senior_one', prefix: 's1', games: ['PGSOFT'] };
const { secret: _secret, apiKeyEncoded: _encoded, ...withoutSecret } = own;

const tree: AgentTreeNode[] = [
  { _id: '11', username: 'senior_one', prefix: 's1', locked: false, parentAgent: null },
  { _id: '12', username: 'child_one', prefix: 'c1', locked: false, parentAgent: '11' },
  { _id: '13', username: 'grandchild', prefix: 'g1', locked: true, parentAgent: '12' },
];
const month = (agent: string, hold: number) => ({
  agent,
  holdBalance: hold,
  settleBalance: 0,
  voidBalance: 0,
  cancelBalance: 0,
  depositBalance: 0,
  withdrawBalance: 0,
  promotionBalance: 0,
  promotionRefundBalance: 0,
  promotionAffiliateBalance: 0,
  transactionCount: 1,
});

const open = async (role: PortalRole, routes: Parameters<typeof stubApi>[0] = []) => {
  const owner = role === 'AGENT' || role === 'AGENT_SUPERMANAGER';
  const stub = stubApi(
    [
      ...routes,
      [api.agentGet, () => (owner ? own : withoutSecret)],
      [api.agentAllowedIpsGet, () => ({ allowedIps: ['203.0.113.0/24'] })],
      [api.agentSignInSettingsGet, () => ({ operatorTotpTypes: [], signInIps: [] })],
      [api.adapterList, () => page([adapterRecord({ codename: 'PGSOFT', name: 'PG Soft' })])],
      [api.ingestLogList, () => page([])],
      [api.agentTree, () => tree],
      [
        api.agentReportMonthlyBatch,
        (body) => (body.agentIds as string[]).map((id) => month(id, id === '12' ? -250 : 0)),
      ],
    ],
    { self: portalSelf(role) },
  );
  const rendered = await renderPage(MyAgentPage, '/my-agent');
  await screen.findByTestId('my-agent-apiKey');
  return { ...rendered, stub };
};

describe('my agent', () => {
  it('the agent account: key, secret and allow-list, games by name, the downline tree with win/lose', async () => {
    await open('AGENT');
    expect((screen.getByTestId('my-agent-apiKey') as HTMLInputElement).value).toBe(own.apiKey);
    expect(screen.getByTestId('my-agent-secret')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'เปลี่ยนรหัสลับ' })).toBeTruthy();
    expect(await screen.findByText('203.0.113.0/24')).toBeTruthy();
    expect(await screen.findByText('PG Soft (PGSOFT)')).toBeTruthy();
    const rows = await screen.findAllByTestId(/^tree-row-/);
    expect(rows.map((r) => [r.dataset.testid, r.dataset.depth])).toEqual([
      ['tree-row-senior_one', '0'],
      ['tree-row-child_one', '1'],
      ['tree-row-grandchild', '2'],
    ]);
    const child = screen.getByTestId('tree-row-child_one');
    await waitFor(() => expect(within(child).getByText('-250.00')).toBeTruthy());
    expect(within(screen.getByTestId('tree-row-grandchild')).getByText('ล็อก')).toBeTruthy();
  });

  it.each(['AGENT_MANAGER', 'AGENT_OPERATOR', 'AGENT_REPORTER'] as const)(
    '%s: the key without the secret, no rotation, no allow-list',
    async (role) => {
      const { stub } = await open(role);
      expect(screen.getByTestId('my-agent-no-secret')).toBeTruthy();
      expect(screen.queryByTestId('my-agent-secret')).toBeNull();
      expect(screen.queryByRole('button', { name: 'เปลี่ยนรหัสลับ' })).toBeNull();
      expect(screen.queryByText('IP ที่อนุญาตของ API นำเข้าข้อมูล')).toBeNull();
      expect(stub.calls.filter((c) => c.route === api.agentAllowedIpsGet)).toEqual([]);
      expect(screen.queryByText('ความปลอดภัยในการเข้าสู่ระบบ')).toBeNull();
      expect(stub.calls.filter((c) => c.route === api.agentSignInSettingsGet)).toEqual([]);
    },
  );

  it('rotation asks first, then for the password when the server wants it, and shows the new secret', async () => {
    let verified = false;
    const { user, stub } = await open('AGENT_SUPERMANAGER', [
      [
        api.agentRotateSecret,
        () =>
          verified
            ? { ...own, secret: 'new-secret-value' }
            : new Failure(Status.REAUTH_REQUIRED, 'Confirm your password', 403),
      ],
      [
        api.verify,
        () => {
          verified = true;
          return { verified: true };
        },
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'เปลี่ยนรหัสลับ' }));
    const confirm = await screen.findByRole('dialog', { name: 'เปลี่ยนรหัสลับของ senior_one?' });
    await user.click(within(confirm).getByRole('button', { name: 'เปลี่ยนรหัสลับ' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'agent-password-1');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByTestId('my-agent-rotated')).toBeTruthy();
    expect(stub.bodiesOf(api.verify)).toEqual([{ password: 'agent-password-1' }]);
    expect(stub.calls.filter((c) => c.route === api.agentRotateSecret).map((c) => c.params.id)).toEqual([
      '11',
      '11',
    ]);
  });

  it('sign-in security: the owners require two-factor by operator type and list sign-in addresses', async () => {
    let verified = false;
    const { user, stub } = await open('AGENT', [
      [
        api.agentSignInSettingsUpdate,
        (body) => (verified ? body : new Failure(Status.REAUTH_REQUIRED, 'Confirm your password', 403)),
      ],
      [
        api.verify,
        () => {
          verified = true;
          return { verified: true };
        },
      ],
    ]);
    expect(await screen.findByText('ความปลอดภัยในการเข้าสู่ระบบ')).toBeTruthy();
    expect(await screen.findByTestId('sign-in-totp-none')).toBeTruthy();
    expect(screen.getByTestId('sign-in-ips-any')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'แก้ไขการเข้าสู่ระบบ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ความปลอดภัยในการเข้าสู่ระบบของ senior_one' });
    await user.click(within(dialog).getByLabelText('OPERATOR — ผู้ปฏิบัติงาน'));
    await user.click(within(dialog).getByLabelText('MANAGER — ผู้จัดการ'));
    await user.type(within(dialog).getByLabelText('ที่อยู่ IP ที่เข้าสู่ระบบได้'), '198.51.100.0/24{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'agent-password-1');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(stub.bodiesOf(api.agentSignInSettingsUpdate)).toHaveLength(2));
    expect(stub.bodiesOf(api.agentSignInSettingsUpdate)[1]).toEqual({
      operatorTotpTypes: ['MANAGER', 'OPERATOR'],
      signInIps: ['198.51.100.0/24'],
    });
    expect(stub.calls.filter((c) => c.route === api.agentSignInSettingsUpdate)[0]?.params.id).toBe('11');
  });
});
