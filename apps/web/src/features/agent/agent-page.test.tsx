import { api, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Failure, page, stubApi } from '../../../test/api-stub';
import { agentRecord, bangkokTime } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { notifySuccess } from '../../lib/notify';
import { queryKeyOf } from '../../lib/query-keys';
import { AgentPage } from './agent-page';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const senior = agentRecord();
const child = agentRecord({ _id: '12', username: 'child_one', prefix: 'c1', agentType: 'AGENT' });

const open = (url = '/agent/list') => renderPage(AgentPage, url);

/** The table's calls (the count tiles ask for one row). */
const tableBodies = (bodies: Record<string, unknown>[]) => bodies.filter((body) => body.limit === 50);

afterEach(() => vi.unstubAllGlobals());

describe('the agent list', () => {
  it('opens with every agent, 50 a page, registration date-times as dd/MM/yyyy HH:mm:ss', async () => {
    const stub = stubApi([[api.agentList, () => page([senior, child])]]);
    await open();
    const row = await screen.findByTestId('agent-row-senior_one');
    expect(tableBodies(stub.bodiesOf(api.agentList))).toEqual([
      { username: '', prefix: '', startDate: '', endDate: '', locked: '', page: 1, limit: 50 },
    ]);
    // 03:04:05 UTC is 10:04:05 on the Thai business clock, whatever zone the browser is in.
    expect(senior.createdAt).toBe('2024-05-01T03:04:05.000Z');
    expect(within(row).getByText('01/05/2024 10:04:05')).toBeTruthy();
  });

  it('searches by username and prefix, kept in the URL', async () => {
    const stub = stubApi([[api.agentList, () => page([senior])]]);
    const { user, router } = await open();
    await screen.findByTestId('agent-row-senior_one');
    await user.type(screen.getByRole('textbox', { name: 'ชื่อผู้ใช้' }), 'senior');
    await user.type(screen.getByRole('textbox', { name: 'คำนำหน้า' }), 's1');
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(router.state.location.search).toBe('?username=senior&prefix=s1'));
    await waitFor(() =>
      expect(tableBodies(stub.bodiesOf(api.agentList)).at(-1)).toMatchObject({
        username: 'senior',
        prefix: 's1',
      }),
    );
  });

  it.each([
    {
      what: 'a day from a link spans the whole day',
      query: 'startDate=2024-03-10&endDate=2024-03-11',
      shown: ['10/03/2024 00:00', '11/03/2024 23:59'],
      sent: [bangkokTime(2024, 2, 10, 0, 0, 0, 0), bangkokTime(2024, 2, 11, 23, 59, 59, 999)],
    },
    {
      what: 'a date-time is sent to the minute',
      query: 'startDate=2024-03-10%2009:30:00&endDate=2024-03-10%2017:45:00',
      shown: ['10/03/2024 09:30', '10/03/2024 17:45'],
      sent: [bangkokTime(2024, 2, 10, 9, 30, 0, 0), bangkokTime(2024, 2, 10, 17, 45, 59, 999)],
    },
  ])('date filters are MM/dd/yyyy hh:mm aa pickers: $what', async ({ query, shown, sent }) => {
    const stub = stubApi([[api.agentList, () => page([])]]);
    await open(`/agent/list?${query}`);
    await screen.findByTestId('empty-state');
    const fields = ['วันที่เริ่มต้น', 'วันที่สิ้นสุด'].map(
      (name) => screen.getByRole('textbox', { name }) as HTMLInputElement,
    );
    expect(fields.map((field) => field.value)).toEqual(shown);
    const body = tableBodies(stub.bodiesOf(api.agentList))[0];
    expect([body?.startDate, body?.endDate]).toEqual(sent.map((date) => date.toISOString()));
  });

  it('the count tiles filter by status at once', async () => {
    const stub = stubApi([[api.agentList, (body) => page(body.locked === '1' ? [child] : [senior, child])]]);
    const { user, router } = await open();
    await screen.findByTestId('agent-row-senior_one');
    await user.click(screen.getByTestId('agent-count-1'));
    await waitFor(() => expect(router.state.location.search).toBe('?locked=1'));
    await waitFor(() => expect(screen.queryByTestId('agent-row-senior_one')).toBeNull());
    expect(tableBodies(stub.bodiesOf(api.agentList)).at(-1)).toMatchObject({ locked: '1', page: 1 });
    expect(screen.getByTestId('agent-count-1').getAttribute('aria-pressed')).toBe('true');
  });

  it('locking an agent reloads every cached look-up of agents: lists, counts, the agent itself', async () => {
    let locked = false;
    const stub = stubApi([
      [api.agentList, () => page([{ ...senior, locked }])],
      [
        api.agentLock,
        () => {
          locked = true;
          return { ...senior, locked };
        },
      ],
      [api.agentGet, () => ({ ...senior, locked })],
    ]);
    const { user, queryClient } = await open();
    const row = await screen.findByTestId('agent-row-senior_one');
    // Another screen (a transaction header, a picker) has this agent cached.
    const elsewhere = queryKeyOf(api.agentGet, { params: { id: senior._id } });
    queryClient.setQueryData(elsewhere, { ...senior });
    const listCalls = stub.bodiesOf(api.agentList).length;

    await user.click(within(row).getByRole('switch', { name: 'เอเจนต์ senior_one ใช้งานได้' }));
    const confirm = await screen.findByRole('dialog', { name: 'ยืนยันการเปิด/ปิดใช้งาน' });
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันปิดบัญชี' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('agent-row-senior_one')).getByRole('switch')).toHaveProperty(
        'checked',
        false,
      ),
    );
    // The table and the three count tiles loaded again; the cached agent is stale, so the next
    // screen to show it asks the server.
    expect(stub.bodiesOf(api.agentList).length).toBeGreaterThanOrEqual(listCalls + 4);
    expect(queryClient.getQueryState(elsewhere)?.isInvalidated).toBe(true);
  });
});

describe('the agent list warns of recent refusals', () => {
  it('shows a badge linking to the agent’s refused requests, none for a quiet agent', async () => {
    stubApi([
      [
        api.agentList,
        () =>
          page([
            agentRecord({ ingestRefusals24h: 4 }),
            agentRecord({ _id: '12', username: 'quiet_one', ingestRefusals24h: 0 }),
          ]),
      ],
    ]);
    await open();
    const badge = await screen.findByTestId('refusals-senior_one');
    expect(badge.textContent).toBe('ถูกปฏิเสธ 4 ครั้งใน 24 ชม.');
    expect(badge.getAttribute('href')).toBe('/ingest-log/agent/11?outcome=refused');
    expect(screen.queryByTestId('refusals-quiet_one')).toBeNull();
    const row = screen.getByTestId('agent-row-quiet_one');
    expect(within(row).getByRole('link', { name: 'บันทึกการรับข้อมูลของ quiet_one' }).getAttribute('href')).toBe(
      '/ingest-log/agent/12',
    );
  });
});

describe('the agent list warns of a secret another agent shares', () => {
  const listed = () =>
    page([
      agentRecord({ secretShared: true }),
      agentRecord({ _id: '12', username: 'own_one', secretShared: false }),
    ]);

  it('a writer opens the agent from the badge, where the secret is rotated', async () => {
    stubApi([
      [api.agentList, listed],
      [api.agentGet, () => ({ ...agentRecord(), secret: 's'.repeat(32), apiKeyEncoded: 'encoded' })],
    ]);
    const { user } = await open();
    const badge = await screen.findByRole('button', {
      name: 'รหัสลับของ senior_one ซ้ำกับเอเจนต์อื่น: เปิดเพื่อเปลี่ยนรหัสลับ',
    });
    expect(badge.textContent).toBe('รหัสลับซ้ำกับเอเจนต์อื่น');
    expect(screen.queryByTestId('shared-secret-own_one')).toBeNull();
    await user.click(badge);
    expect(await screen.findByRole('button', { name: 'เปลี่ยนรหัสลับ' })).toBeTruthy();
  });

  it('a reporter sees the warning, with no button it could not use', async () => {
    stubApi([[api.agentList, listed]], { self: { username: 'viewer', type: 'REPORTER', id: '5' } });
    await open();
    const badge = await screen.findByTestId('shared-secret-senior_one');
    expect(badge.tagName).not.toBe('BUTTON');
    expect(screen.queryByRole('button', { name: /ซ้ำกับเอเจนต์อื่น/ })).toBeNull();
  });
});

describe("staff remove an agent's own second factor", () => {
  beforeEach(() => vi.mocked(notifySuccess).mockClear());
  const listed = () =>
    page([
      agentRecord({ totpEnabled: true }),
      agentRecord({ _id: '12', username: 'plain_one', prefix: 'p1', totpEnabled: false }),
    ]);

  it('a manager is offered it where the agent has it on; confirmed, then its password again', async () => {
    let verified = false;
    const stub = stubApi([
      [api.agentList, listed],
      [
        api.agentTotpReset,
        () => (verified ? { ok: true } : new Failure(Status.REAUTH_REQUIRED, 'Confirm your password', 403)),
      ],
      [
        api.verify,
        () => {
          verified = true;
          return { verified: true };
        },
      ],
    ]);
    const { user } = await open();
    await screen.findByTestId('agent-row-senior_one');
    expect(
      within(screen.getByTestId('agent-row-plain_one')).queryByRole('button', {
        name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ plain_one',
      }),
    ).toBeNull();
    const listCalls = stub.bodiesOf(api.agentList).length;
    await user.click(screen.getByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ senior_one' }));
    const confirm = await screen.findByRole('dialog', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ senior_one?' });
    expect(confirm.textContent).toContain('ทำโทรศัพท์และรหัสกู้คืนหาย');
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันล้าง' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password-1');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() =>
      expect(stub.calls.filter((c) => c.route === api.agentTotpReset).map((c) => c.params.id)).toEqual([
        '11',
        '11',
      ]),
    );
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('ล้างการยืนยันตัวตนสองขั้นตอนของ senior_one แล้ว'),
    );
    // The list loads again, so the button goes with the second factor.
    await waitFor(() => expect(stub.bodiesOf(api.agentList).length).toBeGreaterThan(listCalls));
  });

  it('a password check given up removes nothing and says nothing was done', async () => {
    const stub = stubApi([
      [api.agentList, listed],
      [api.agentTotpReset, () => new Failure(Status.REAUTH_REQUIRED, 'Confirm your password', 403)],
    ]);
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ senior_one' }));
    const confirm = await screen.findByRole('dialog', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ senior_one?' });
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันล้าง' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.click(within(reauth).getByRole('button', { name: 'ปิด' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ยืนยันตัวตน' })).toBeNull());
    expect(stub.calls.filter((c) => c.route === api.agentTotpReset)).toHaveLength(1);
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it.each(['OPERATOR', 'REPORTER'] as const)('a staff %s is not offered it', async (type) => {
    stubApi([[api.agentList, listed]], { self: { username: 'staff_one', type, id: '5' } });
    await open();
    await screen.findByTestId('agent-row-senior_one');
    expect(screen.queryByRole('button', { name: /ล้างการยืนยันตัวตนสองขั้นตอน/ })).toBeNull();
  });

  it('staff read who registered an agent under its name', async () => {
    stubApi([[api.agentList, listed]]);
    await open();
    const row = await screen.findByTestId('agent-row-senior_one');
    expect(within(row).getByText('สร้างโดย: admin')).toBeTruthy();
  });
});
