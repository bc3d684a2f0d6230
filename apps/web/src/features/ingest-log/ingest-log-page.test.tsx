import { api, type IngestLogDetail, type IngestLogRecord } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { agentRecord } from '../../../test/records';
import { renderScreen } from '../../../test/render';
import { renderPage } from '../../../test/render-page';
import { IngestLogPage } from './ingest-log-page';

const entry = (over: Partial<IngestLogRecord> = {}): IngestLogRecord => ({
  _id: '501',
  at: '2024-05-01T03:04:05.000Z',
  agent: '11',
  agentUsername: 'senior_one',
  ip: '203.0.113.7',
  itemCount: 3,
  accepted: null,
  duplicates: null,
  outcome: 'refused',
  reason: 'conflict',
  status: 2009,
  code: 'bet_resent_differs',
  params: null,
  itemsTotal: 1,
  count: 1,
  lastAt: null,
  ...over,
});
const accepted = entry({
  _id: '500',
  outcome: 'accepted',
  reason: null,
  status: 1000,
  code: null,
  accepted: 3,
  duplicates: 0,
  itemsTotal: 0,
});
const detail: IngestLogDetail = {
  ...entry(),
  items: [
    { index: 1, betId: 'BET-77', betType: 'HOLD', code: 'bet_resent_differs', field: null, params: null },
  ],
};

/** The 2001 of one HOLD of 0.005: two issues of its amount, as the server logs them. */
const halfSatang = (kept: boolean): IngestLogDetail => ({
  ...entry({ reason: 'validation', status: 2001, code: 'decimals', params: kept ? { maximum: 2 } : null }),
  itemsTotal: 2,
  items: [
    {
      index: 0,
      betId: 'HALF-1',
      betType: 'HOLD',
      code: 'decimals',
      field: 'amount',
      params: kept ? { maximum: 2 } : null,
    },
    {
      index: 0,
      betId: 'HALF-1',
      betType: 'HOLD',
      code: 'amount_not_positive',
      field: 'amount',
      params: kept ? { betType: 'HOLD' } : null,
    },
  ],
});

const openDetail = async (record: IngestLogDetail) => {
  const { items: _items, ...listed } = record;
  stubApi([
    [api.ingestLogList, () => page([listed])],
    [api.ingestLogGet, () => record],
    [api.agentGet, () => agentRecord()],
  ]);
  const { user } = await openAgentLog();
  await user.click(await screen.findByTestId('ingest-log-row-501'));
  const dialog = await screen.findByTestId('ingest-log-detail');
  await within(dialog).findByRole('table', { name: 'รายการที่ถูกปฏิเสธหรือขัดแย้ง' });
  return dialog;
};
/** The text of the table's issue column, row by row. */
const issues = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.lastElementChild?.textContent);

const openAgentLog = (url = '/ingest-log/agent/11') =>
  renderScreen(
    <Suspense>
      <IngestLogPage />
    </Suspense>,
    { url, path: '/ingest-log/agent/:id' },
  );

afterEach(() => vi.unstubAllGlobals());

describe('the ingest log', () => {
  it("one agent's log: its requests only, outcome and reason in Thai, 50 a page", async () => {
    const stub = stubApi([
      [api.ingestLogList, () => page([entry(), accepted])],
      [api.agentGet, () => agentRecord()],
    ]);
    await openAgentLog();
    const row = await screen.findByTestId('ingest-log-row-501');
    expect(within(row).getByText('ถูกปฏิเสธ')).toBeTruthy();
    expect(within(row).getByText(/ขัดแย้งกับรายการที่บันทึกแล้ว/)).toBeTruthy();
    expect(within(row).getByText('203.0.113.7')).toBeTruthy();
    expect(within(screen.getByTestId('ingest-log-row-500')).getByText('รับทั้งหมด')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'บันทึกการรับข้อมูลของ senior_one' })).toBeTruthy();
    expect(stub.bodiesOf(api.ingestLogList)[0]).toEqual({
      agent: '11',
      outcome: '',
      reason: '',
      startDate: '',
      endDate: '',
      page: 1,
      limit: 50,
    });
  });

  it('filters by outcome and reason from the URL, kept on the agent', async () => {
    const stub = stubApi([
      [api.ingestLogList, () => page([entry()])],
      [api.agentGet, () => agentRecord()],
    ]);
    await openAgentLog('/ingest-log/agent/11?outcome=refused&reason=bad_signature');
    await screen.findByTestId('ingest-log-row-501');
    expect(stub.bodiesOf(api.ingestLogList)[0]).toMatchObject({
      agent: '11',
      outcome: 'refused',
      reason: 'bad_signature',
    });
  });

  it('a row opens its detail with the refused items (index, bet id, issue)', async () => {
    stubApi([
      [api.ingestLogList, () => page([entry()])],
      [api.ingestLogGet, () => detail],
      [api.agentGet, () => agentRecord()],
    ]);
    const { user } = await openAgentLog();
    await user.click(await screen.findByTestId('ingest-log-row-501'));
    const dialog = await screen.findByTestId('ingest-log-detail');
    const item = await within(dialog).findByText('BET-77');
    const cells = item.closest('tr')?.textContent ?? '';
    expect(cells).toContain('1');
    expect(cells).toContain('HOLD');
    expect(within(dialog).getByText('รายการที่ถูกปฏิเสธหรือขัดแย้ง')).toBeTruthy();
  });

  it('says a refused request in Thai: the status, the first issue and each item’s issue with its numbers', async () => {
    const dialog = await openDetail(halfSatang(true));
    const status = within(dialog).getByText('สถานะคำตอบ').parentElement as HTMLElement;
    expect(status.textContent).toContain('2001');
    expect(within(status).getByText('ข้อมูลไม่ถูกต้อง')).toBeTruthy();
    const first = within(dialog).getByText('ปัญหาที่แจ้งในคำตอบ').parentElement as HTMLElement;
    expect(within(first).getByText('มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง').getAttribute('title')).toBe('decimals');
    expect(issues(dialog)).toEqual(['มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง', 'ยอดของรายการ HOLD ต้องไม่มากกว่า 0']);
    // No bare code, no unfilled blank anywhere in the dialog.
    expect(dialog.textContent).not.toMatch(/decimals|amount_not_positive|\{\w+\}/);
  });

  it('a row logged before params were kept still says each issue in Thai, without the numbers', async () => {
    const dialog = await openDetail(halfSatang(false));
    const first = within(dialog).getByText('ปัญหาที่แจ้งในคำตอบ').parentElement as HTMLElement;
    expect(within(first).getByText('มีทศนิยมเกินจำนวนตำแหน่งที่รับได้')).toBeTruthy();
    // The item's own bet type still names the rule's bet type.
    expect(issues(dialog)).toEqual(['มีทศนิยมเกินจำนวนตำแหน่งที่รับได้', 'ยอดของรายการ HOLD ต้องไม่มากกว่า 0']);
    expect(dialog.textContent).not.toMatch(/decimals|amount_not_positive|\{\w+\}/);
  });

  it('a refusal about the whole request says its reason with the name it kept', async () => {
    stubApi([
      [
        api.ingestLogList,
        () =>
          page([
            entry({
              reason: 'player_other_agent',
              code: 'player_other_agent',
              params: { username: 'lgaplayer01' },
              itemsTotal: 0,
            }),
          ]),
      ],
      [
        api.ingestLogGet,
        () => ({
          ...entry({
            reason: 'player_other_agent',
            code: 'player_other_agent',
            params: { username: 'lgaplayer01' },
            itemsTotal: 0,
          }),
          items: [],
        }),
      ],
      [api.agentGet, () => agentRecord()],
    ]);
    const { user } = await openAgentLog();
    await user.click(await screen.findByTestId('ingest-log-row-501'));
    const dialog = await screen.findByTestId('ingest-log-detail');
    expect(within(dialog).getByText('ข้อมูลซ้ำหรือขัดแย้งกับข้อมูลที่มีอยู่')).toBeTruthy();
    expect(within(dialog).getByText('ผู้เล่น "lgaplayer01" เป็นของเอเจนต์อื่น')).toBeTruthy();
  });

  it('a flood of forged requests is one row counted ×N, its detail says what the count stands for and when the last came', async () => {
    const flood = entry({
      _id: '502',
      reason: 'bad_signature',
      status: 3029,
      code: null,
      itemCount: 1,
      itemsTotal: 0,
      count: 1234,
      at: '2024-05-01T03:04:00.100Z',
      lastAt: '2024-05-01T03:04:59.900Z',
    });
    stubApi([
      [api.ingestLogList, () => page([flood, entry()])],
      [api.ingestLogGet, () => ({ ...flood, items: [] })],
      [api.agentGet, () => agentRecord()],
    ]);
    const { user } = await openAgentLog();
    const row = await screen.findByTestId('ingest-log-row-502');
    expect(within(row).getByTestId('ingest-log-count-502').textContent).toBe('×1,234');
    expect(within(row).getByText('ลายเซ็นไม่ถูกต้อง')).toBeTruthy();
    // A row of one request says 1, no ×.
    expect(within(screen.getByTestId('ingest-log-row-501')).queryByText(/×/)).toBeNull();
    await user.click(row);
    const dialog = await screen.findByTestId('ingest-log-detail');
    expect(within(dialog).getByTestId('ingest-log-counted').textContent).toContain('1234 คำขอ');
    expect(within(dialog).getByText('คำขอล่าสุด')).toBeTruthy();
    const status = within(dialog).getByText('สถานะคำตอบ').parentElement as HTMLElement;
    expect(status.textContent).toContain('3029');
  });

  it('says when a request had more refused items than the log keeps', async () => {
    stubApi([
      [api.ingestLogList, () => page([entry({ itemsTotal: 734 })])],
      [api.ingestLogGet, () => ({ ...detail, itemsTotal: 734 })],
      [api.agentGet, () => agentRecord()],
    ]);
    const { user } = await openAgentLog();
    await user.click(await screen.findByTestId('ingest-log-row-501'));
    expect(await screen.findByText(/แสดง 1 จาก 734 รายการ/)).toBeTruthy();
  });

  it('over every agent: an agent filter, and requests with no known key shown as such', async () => {
    const stub = stubApi([[api.ingestLogList, () => page([entry({ agent: null, agentUsername: null })])]]);
    await renderPage(IngestLogPage, '/ingest-log');
    const row = await screen.findByTestId('ingest-log-row-501');
    expect(within(row).getByText('ไม่ทราบเอเจนต์')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'เอเจนต์' })).toBeTruthy();
    expect(stub.bodiesOf(api.ingestLogList)[0]).toMatchObject({ agent: '' });
  });

  it('exports the applied filters of the agent', async () => {
    const stub = stubApi([
      [api.ingestLogList, () => page([entry()])],
      [api.agentGet, () => agentRecord()],
      [
        api.ingestLogExport,
        () => new Response('\uFEFFเวลา\r\n', { headers: { 'content-type': 'text/csv' } }),
      ],
    ]);
    URL.createObjectURL = vi.fn(() => 'blob:log');
    URL.revokeObjectURL = vi.fn();
    const { user } = await openAgentLog('/ingest-log/agent/11?outcome=refused');
    await screen.findByTestId('ingest-log-row-501');
    await user.click(screen.getByRole('button', { name: 'ส่งออก CSV' }));
    await waitFor(() =>
      expect(stub.bodiesOf(api.ingestLogExport)).toEqual([
        { agent: '11', outcome: 'refused', reason: '', startDate: '', endDate: '' },
      ]),
    );
  });
});
