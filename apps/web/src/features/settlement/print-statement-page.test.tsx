import { api } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { settlementLine, settlementStatement } from '../../../test/records';
import { renderScreen } from '../../../test/render';
import { PrintStatementPage } from './print-statement-page';

describe('the printable statement', () => {
  it("says one arrangement's figures in words, the balance carried forward to the parent's debit", async () => {
    stubApi([
      [
        api.settlementList,
        () =>
          settlementStatement(
            [
              settlementLine(),
              settlementLine({
                sharing: '62',
                agentUsername: 'child_two',
                agentPrefix: 'c2',
                parentShare: -12.5,
                carriedIn: 4,
                paymentsToChild: 2,
                outstanding: -6.5,
              }),
            ],
            { status: 'closed', closedAt: '2025-04-02T03:00:00.000Z' },
          ),
      ],
    ]);
    await renderScreen(
      <Suspense>
        <PrintStatementPage />
      </Suspense>,
      { url: '/settlement/2025/3/print/62', path: '/settlement/:year/:month/print/:sharing' },
    );
    const sheet = await screen.findByTestId('statement-sheet');
    expect(sheet.textContent).toContain('ใบแจ้งยอดส่วนแบ่งรายได้');
    expect(sheet.textContent).toContain('งวด มีนาคม 2025');
    expect(sheet.textContent).toContain('child_two (c2)');
    expect(sheet.textContent).not.toContain('child_one');
    expect(sheet.textContent).toContain('เอเจนต์ child_two ต้องจ่ายให้ senior_one 4.00 บาท');
    expect(sheet.textContent).toContain('เอเจนต์ senior_one ต้องจ่ายให้ child_two 12.50 บาท');
    expect(sheet.textContent).toContain('เอเจนต์ senior_one จ่ายให้ child_two แล้ว 2.00 บาท');
    expect(screen.getByTestId('statement-outstanding').textContent).toBe(
      'เอเจนต์ senior_one ติดค้าง child_two 6.50 บาท — ยอดติดลบยกไปหักงวดถัดไป',
    );
    expect(screen.getByRole('button', { name: 'พิมพ์' })).toBeTruthy();
  });
});
