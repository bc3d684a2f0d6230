import { api, type PortalRole, type UserCreate, type UserUpdate } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { portalSelf } from '../../../test/portal-self';
import { userRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { UserPage } from './user-page';

/*
 * docs/design.md §16: the player screen as the agent side sees it. The agent's own account and its
 * SUPERMANAGER, MANAGER and OPERATOR add players, edit the bet limit and lock; REPORTER only reads;
 * deleting stays staff-only.
 */

const bob = userRecord();

const open = async (role: PortalRole, routes: Parameters<typeof stubApi>[0] = []) => {
  const stub = stubApi([[api.userList, () => page([bob])], ...routes], { self: portalSelf(role) });
  const rendered = await renderPage(UserPage, '/user/list');
  await screen.findByRole('table');
  return { ...rendered, stub };
};

describe('the player screen on the agent side', () => {
  it.each(['AGENT', 'AGENT_SUPERMANAGER', 'AGENT_MANAGER', 'AGENT_OPERATOR'] as const)(
    '%s: add, edit and lock are offered; delete is not',
    async (role) => {
      await open(role);
      expect(screen.getByRole('button', { name: 'เพิ่มผู้เล่น' })).toBeTruthy();
      expect(screen.getByTitle('แก้ไข bob').tagName).toBe('BUTTON');
      expect((screen.getByRole('switch', { name: 'bob เดิมพันได้' }) as HTMLInputElement).disabled).toBe(false);
      expect(screen.queryByRole('button', { name: 'ลบ bob' })).toBeNull();
    },
  );

  it('AGENT_REPORTER: reads only — no add, no edit, the lock switch disabled', async () => {
    await open('AGENT_REPORTER');
    expect(screen.queryByRole('button', { name: 'เพิ่มผู้เล่น' })).toBeNull();
    expect(screen.queryByTitle('แก้ไข bob')).toBeNull();
    expect((screen.getByRole('switch', { name: 'bob เดิมพันได้' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'ลบ bob' })).toBeNull();
  });

  it('an operator adds a player under its own agent, named with its prefix, without asking for the agent', async () => {
    const { user, stub } = await open('AGENT_OPERATOR', [
      [
        api.userCreate,
        (body) => userRecord({ ...(body as object), _id: '22', username: 's1alice', name: 'alice' }),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'เพิ่มผู้เล่น' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มผู้เล่น' });
    const agent = within(dialog).getByRole('combobox', { name: 'เอเจนต์' }) as HTMLInputElement;
    expect(agent.value).toBe('senior_one (s1)');
    await user.type(within(dialog).getByRole('textbox', { name: 'ชื่อผู้ใช้' }), 'alice');
    expect(within(dialog).getByText('จะบันทึกเป็น s1alice')).toBeTruthy();
    const limit = within(dialog).getByRole('textbox', { name: 'วงเงินเดิมพันสูงสุด' });
    await user.clear(limit);
    await user.type(limit, '250');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.userCreate)).toEqual([
        { agent: '11', username: 'alice', betLimit: 250, locked: false } satisfies UserCreate,
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'เพิ่มผู้เล่น' })).toBeNull());
    // The agent was known from the account itself: no look-up the agent side may not make.
    expect(stub.calls.filter((call) => call.route === api.agentGet)).toEqual([]);
  });

  it('a MANAGER locks a player after confirming', async () => {
    const { user, stub } = await open('AGENT_MANAGER', [
      [api.userUpdate, (body) => userRecord({ ...(body as object) })],
    ]);
    await user.click(screen.getByRole('switch', { name: 'bob เดิมพันได้' }));
    const confirm = await screen.findByRole('dialog', { name: 'ยืนยันการเปิด/ปิดใช้งาน' });
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันล็อก' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.userUpdate)).toEqual([{ betLimit: 1000, locked: true } satisfies UserUpdate]),
    );
  });
});
