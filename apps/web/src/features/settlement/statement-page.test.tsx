import { api, Status } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { Failure, page, stubApi } from '../../../test/api-stub';
import { paymentRecord, settlementLine, settlementStatement } from '../../../test/records';
import { renderScreen } from '../../../test/render';
import { defaultPaidOn } from './payment-dialog';
import { StatementPage } from './statement-page';

const render = () =>
  renderScreen(
    <Suspense>
      <StatementPage />
    </Suspense>,
    { url: '/settlement/2025/3', path: '/settlement/:year/:month' },
  );

const lines = [
  settlementLine(),
  // The players of child_two's downline won: the parent bears 12.50, carried forward.
  settlementLine({
    sharing: '62',
    agent: '13',
    agentUsername: 'child_two',
    agentPrefix: 'c2',
    segments: [
      { from: '2025-03-01', to: '2025-03-14', parentPercentage: 10, winLose: 25, parentShare: -2.5 },
      { from: '2025-03-15', to: '2025-03-31', parentPercentage: 20, winLose: 50, parentShare: -10 },
    ],
    winLose: 75,
    parentShare: -12.5,
    adjustment: 1.25,
    adjustments: [{ year: '2025', month: '2', amount: 1.25 }],
    outstanding: -11.25,
  }),
  settlementLine({
    sharing: '63',
    agent: '14',
    agentUsername: 'child_three',
    agentPrefix: 'c3',
    parentAgent: '15',
    parentAgentUsername: 'master_one',
    parentAgentPrefix: 'm1',
    carriedIn: 5,
    paymentsToParent: 20,
    outstanding: 20,
  }),
];

describe('the statement of a period', () => {
  it('groups the lines by parent with subtotals and a grand total, every amount in words', async () => {
    stubApi([
      [api.settlementList, () => settlementStatement(lines)],
      [api.settlementPaymentList, () => page([paymentRecord()])],
    ]);
    await render();
    await screen.findByRole('heading', { level: 1, name: 'ใบสรุปยอดงวด มีนาคม 2025' });
    expect(await screen.findByText('เอเจนต์แม่ senior_one (s1)')).toBeTruthy();
    expect(screen.getByText('รวมของ senior_one')).toBeTruthy();
    expect(screen.getByText('เอเจนต์แม่ master_one (m1)')).toBeTruthy();
    expect(screen.getByTestId('settlement-rule').textContent).toBe(
      'ส่วนแบ่งคำนวณจากยอดได้เสียของสายงานทั้งหมดใต้เอเจนต์ลูก รายวัน ตามสัดส่วนที่มีผลในวันนั้น',
    );
    const words = screen.getAllByTestId('line-words').map((cell) => cell.textContent);
    expect(words).toEqual([
      'เอเจนต์ child_one ต้องจ่ายให้ senior_one 35.00 บาท',
      'เอเจนต์ senior_one ติดค้าง child_two 11.25 บาท — ยอดติดลบยกไปหักงวดถัดไป',
      'เอเจนต์ child_three ต้องจ่ายให้ master_one 20.00 บาท',
    ]);
    // The percentage change inside the month shows as two runs of days.
    expect(screen.getAllByTestId('segment').map((s) => s.textContent)).toEqual([
      '35.00 %01/03–31/03',
      '10.00 %01/03–14/03',
      '20.00 %15/03–31/03',
      '35.00 %01/03–31/03',
    ]);
    // The adjustment names its period.
    expect(screen.getByTestId('adjustment-period').textContent).toBe('ปรับปรุงงวด กุมภาพันธ์ 2025: 1.25 บาท');
    // The parent's share where the players won is the parent's to pay, in words and colour.
    const share = screen.getByLabelText('เอเจนต์ senior_one ต้องจ่ายให้ child_two 12.50 บาท');
    expect(share.textContent).toBe('12.50แม่จ่ายลูก');
    // 35 − 11.25 + 20 = 43.75 owed by the children.
    expect(screen.getByTestId('grand-total-words').textContent).toBe('เอเจนต์ลูกต้องจ่ายให้เอเจนต์แม่รวม 43.75 บาท');
    // The period's payment, in words.
    const payments = screen.getByTestId('period-payments');
    expect(await within(payments).findByText('เอเจนต์ child_one จ่ายให้ senior_one แล้ว 20.00 บาท')).toBeTruthy();
  });

  it('records a payment with the sentence it stands for', async () => {
    const stub = stubApi([
      [api.settlementList, () => settlementStatement(lines)],
      [api.settlementPaymentList, () => page([])],
      [
        api.settlementPaymentCreate,
        (body) => paymentRecord({ amount: Number(body.amount), reference: String(body.reference) }),
      ],
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'บันทึกการชำระ' }));
    const dialog = await screen.findByRole('dialog', { name: 'บันทึกการชำระ' });
    await user.type(within(dialog).getByRole('textbox', { name: 'จำนวนเงิน' }), '35');
    await user.type(within(dialog).getByRole('textbox', { name: 'เลขอ้างอิง' }), 'TR-9');
    expect(within(dialog).getByTestId('paid-on-period').textContent).toBe('นับเข้างวด มีนาคม 2025');
    expect(within(dialog).getByTestId('payment-words').textContent).toBe(
      'บันทึกว่า: เอเจนต์ child_one จ่ายให้ senior_one แล้ว 35.00 บาท',
    );
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(stub.bodiesOf(api.settlementPaymentCreate)).toHaveLength(1));
    // A past period's payment is dated its last day (not today, which would count in this month).
    expect(stub.bodiesOf(api.settlementPaymentCreate)[0]).toMatchObject({
      sharing: '61',
      direction: 'to-parent',
      amount: 35,
      paidOn: '2025-03-31',
      reference: 'TR-9',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a payment's direction follows the chosen arrangement's outstanding balance, said in words", async () => {
    const stub = stubApi([
      [api.settlementList, () => settlementStatement(lines)],
      [api.settlementPaymentList, () => page([])],
      [api.settlementPaymentCreate, (body) => paymentRecord({ amount: Number(body.amount) })],
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'บันทึกการชำระ' }));
    const dialog = await screen.findByRole('dialog', { name: 'บันทึกการชำระ' });
    const direction = within(dialog).getByRole('combobox', { name: 'ทิศทาง' }) as HTMLInputElement;
    // The first line: child_one owes senior_one.
    expect(direction.value).toBe('เอเจนต์ลูกจ่ายให้เอเจนต์แม่');
    expect(
      within(dialog).getByText('ยอดคงค้างของข้อตกลงนี้: เอเจนต์ child_one ต้องจ่ายให้ senior_one 35.00 บาท'),
    ).toBeTruthy();
    // child_two's arrangement: the parent owes the child, so the parent pays.
    await user.click(within(dialog).getByRole('combobox', { name: 'ข้อตกลง (เอเจนต์ลูก → เอเจนต์แม่)' }));
    await user.click(
      await screen.findByRole('option', { name: 'child_two (c2) → senior_one (s1)', hidden: true }),
    );
    await waitFor(() => expect(direction.value).toBe('เอเจนต์แม่จ่ายให้เอเจนต์ลูก'));
    expect(
      within(dialog).getByText(
        'ยอดคงค้างของข้อตกลงนี้: เอเจนต์ senior_one ติดค้าง child_two 11.25 บาท — ยอดติดลบยกไปหักงวดถัดไป',
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'จำนวนเงิน' }), '11.25');
    expect(within(dialog).getByTestId('payment-words').textContent).toBe(
      'บันทึกว่า: เอเจนต์ senior_one จ่ายให้ child_two แล้ว 11.25 บาท',
    );
    // child_three owes master_one: back to the child paying.
    await user.click(within(dialog).getByRole('combobox', { name: 'ข้อตกลง (เอเจนต์ลูก → เอเจนต์แม่)' }));
    await user.click(
      await screen.findByRole('option', { name: 'child_three (c3) → master_one (m1)', hidden: true }),
    );
    await waitFor(() => expect(direction.value).toBe('เอเจนต์ลูกจ่ายให้เอเจนต์แม่'));
    // The user may still choose otherwise.
    await user.click(direction);
    await user.click(await screen.findByRole('option', { name: 'เอเจนต์แม่จ่ายให้เอเจนต์ลูก', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(stub.bodiesOf(api.settlementPaymentCreate)).toHaveLength(1));
    expect(stub.bodiesOf(api.settlementPaymentCreate)[0]).toMatchObject({
      sharing: '63',
      direction: 'to-child',
      amount: 11.25,
    });
  });

  it('voids a payment only with a reason, after the password re-check', async () => {
    let verified = false;
    const stub = stubApi([
      [api.settlementList, () => settlementStatement(lines)],
      [api.settlementPaymentList, () => page([paymentRecord()])],
      [
        api.verify,
        () => {
          verified = true;
          return { verified: true };
        },
      ],
      [
        api.settlementPaymentVoid,
        (body) =>
          verified
            ? paymentRecord({ voidedAt: '2025-03-21T00:00:00.000Z', voidReason: String(body.reason) })
            : new Failure(Status.REAUTH_REQUIRED, 'Re-authentication required', 403),
      ],
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'ยกเลิกการชำระ TR-1 (20.00 บาท)' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยกเลิกการชำระ' });
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันยกเลิก' }));
    expect(stub.bodiesOf(api.settlementPaymentVoid)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'เหตุผลที่ยกเลิก' }), 'โอนซ้ำ');
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันยกเลิก' }));
    const reauth = await screen.findByRole('dialog', { name: 'ยืนยันตัวตน' });
    await user.type(within(reauth).getByLabelText('รหัสผ่าน'), 'admin-password');
    await user.click(within(reauth).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(stub.bodiesOf(api.settlementPaymentVoid)).toHaveLength(2));
    expect(stub.bodiesOf(api.settlementPaymentVoid)[1]).toEqual({ reason: 'โอนซ้ำ' });
  });

  it('a REPORTER reads the statement without payment actions', async () => {
    stubApi(
      [
        [
          api.settlementList,
          () => settlementStatement(lines, { status: 'closed', closedAt: '2025-04-02T03:00:00.000Z' }),
        ],
        [api.settlementPaymentList, () => page([paymentRecord()])],
      ],
      { self: { username: 'rep', type: 'REPORTER', id: '5' } },
    );
    await render();
    await screen.findByText('เอเจนต์แม่ senior_one (s1)');
    expect(screen.getByText(/งวดนี้ปิดแล้ว/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'บันทึกการชำระ' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^ยกเลิกการชำระ/ })).toBeNull();
  });
});

describe('the day a payment is dated by default', () => {
  it('today while the period runs, its last day once it is over, and says the period it counts in', async () => {
    expect(defaultPaidOn({ year: '2026', month: '11', open: true }, '2026-11-29')).toBe('2026-11-29');
    expect(defaultPaidOn({ year: '2026', month: '10', open: true }, '2026-11-29')).toBe('2026-10-31');
    // A closed (or closing) period takes no payment: today, and the dialog says which period it counts in.
    expect(defaultPaidOn({ year: '2026', month: '10', open: false }, '2026-11-29')).toBe('2026-11-29');
    expect(defaultPaidOn({ year: '2024', month: '2', open: true }, '2026-11-29')).toBe('2024-02-29');
    expect(defaultPaidOn({ year: '2025', month: '12', open: true }, '2026-01-02')).toBe('2025-12-31');

    stubApi([
      [api.settlementList, () => settlementStatement(lines)],
      [api.settlementPaymentList, () => page([])],
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'บันทึกการชำระ' }));
    const dialog = await screen.findByRole('dialog', { name: 'บันทึกการชำระ' });
    const day = within(dialog).getByRole('textbox', { name: 'วันที่ชำระ' }) as HTMLInputElement;
    expect(day.value).toBe('31/03/2025');
    // A day of another month says so: it would not count in this statement.
    await user.clear(day);
    await user.type(day, '01/04/2025');
    await waitFor(() =>
      expect(within(dialog).getByTestId('paid-on-period').textContent).toBe(
        'นับเข้างวด เมษายน 2025 ไม่ใช่งวด มีนาคม 2025 ของใบสรุปนี้',
      ),
    );
  });
});
