import { api, type ReconciliationData } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { portalSelf } from '../../../test/portal-self';
import { agentRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { ReconciliationPage } from './reconciliation-page';

/*
 * docs/design.md §16, reconciliation by upload: the agent side picks a day and its file, sees the upload's
 * progress, the counts and the differences in Thai, and downloads the whole result. The file goes
 * through XMLHttpRequest (fetch tells no upload progress): a stand-in records what it sends.
 */

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** An XMLHttpRequest that answers `answer(url)` after telling two steps of upload progress. */
const stubXhr = (answer: (url: string) => { status: number; type: string; body: string }, held = false) => {
  const sent: Sent[] = [];
  const waiting: (() => void)[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    responseType = '';
    status = 0;
    response: Blob | null = null;
    private request: Sent = { method: '', url: '', headers: {}, body: null };
    private answerType = '';
    open(method: string, url: string) {
      this.request = { method, url, headers: {}, body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name === 'content-type' ? this.answerType : null;
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      const { status, type, body: text } = answer(this.request.url);
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 0);
      const finish = () => {
        this.status = status;
        this.answerType = type;
        this.response = new Blob([text], { type });
        this.onload?.();
      };
      if (held) waiting.push(finish);
      else setTimeout(finish, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  /** The requests sent, and (held) the answers' release. */
  const release = () => {
    for (const finish of waiting.splice(0)) finish();
  };
  return Object.assign(sent, { release });
};

const result: ReconciliationData = {
  from: '2026-11-01',
  to: '2026-11-01',
  uploaded: 3,
  ledger: 3,
  matched: 1,
  missingInLedger: 1,
  missingInUpload: 1,
  differ: 1,
  truncated: false,
  differences: [
    {
      kind: 'differs',
      betId: 'rc1',
      betType: 'HOLD',
      line: 2,
      uploadAmount: -10.01,
      ledgerAmount: -10,
      uploadStartDate: '2026-11-01T05:00:00.000Z',
      ledgerStartDate: '2026-11-01T05:00:00.000Z',
      fields: ['amount'],
    },
    {
      kind: 'missing_in_upload',
      betId: 'rc2',
      betType: 'HOLD',
      line: null,
      uploadAmount: null,
      ledgerAmount: -5.25,
      uploadStartDate: null,
      ledgerStartDate: '2026-11-01T06:00:00.000Z',
      fields: [],
    },
    {
      kind: 'missing_in_ledger',
      betId: 'rc9',
      betType: 'HOLD',
      line: 4,
      uploadAmount: -7,
      ledgerAmount: null,
      uploadStartDate: '2026-11-01T10:00:00.000Z',
      ledgerStartDate: null,
      fields: [],
    },
  ],
};

const ownAgent = agentRecord({ _id: '11', username: 'senior_one', prefix: 's1' });
const file = () => new File(['betId,betType,amount,startDate\n'], 'bets.csv', { type: 'text/csv' });

describe('the reconciliation page', () => {
  it('uploads the agent’s file for a day, shows progress, the counts and the differences in Thai, and downloads the result', async () => {
    stubApi([[api.agentGet, () => ownAgent]], { self: portalSelf('AGENT_REPORTER') });
    const sent = stubXhr(
      (url) =>
        url.includes('/export')
          ? { status: 200, type: 'text/csv; charset=utf-8', body: '\uFEFFผลการกระทบยอด\r\n' }
          : {
              status: 200,
              type: 'application/json',
              body: JSON.stringify({ status: 1000, error: null, data: result }),
            },
      true,
    );
    const created = vi.fn(() => 'blob:result');
    URL.createObjectURL = created;
    const user = userEvent.setup();
    await renderPage(ReconciliationPage, '/reconciliation');
    expect(await screen.findByText('กระทบยอดรายการเดิมพัน')).toBeTruthy();
    // The account's own agent is chosen.
    await waitFor(() =>
      expect((screen.getByTestId('reconcile-agent') as HTMLInputElement).value).toBe('senior_one (s1)'),
    );
    const run = screen.getByTestId('reconcile-run');
    expect(run.hasAttribute('disabled')).toBe(true);
    const date = screen.getByTestId('reconcile-date');
    await user.clear(date);
    await user.type(date, '01/11/2026');
    await user.tab();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file());
    await waitFor(() => expect(run.hasAttribute('disabled')).toBe(false));
    await user.click(run);
    expect(
      (await screen.findByText('กำลังอัปโหลด 50%')).closest('[data-testid="reconcile-progress"]'),
    ).toBeTruthy();
    sent.release();
    const found = await screen.findByTestId('reconcile-result');
    expect(sent[0]?.url).toMatch(/\/api\/v1\/reconciliation\/11\?period=day&date=2026-11-01$/);
    expect(sent[0]?.headers['content-type']).toBe('text/csv');
    expect(sent[0]?.body).toBeInstanceOf(File);
    expect(within(found).getByText('ผลการกระทบยอดวันที่ 01/11/2026')).toBeTruthy();
    expect(within(screen.getByTestId('reconcile-count-missingInLedger')).getByText('ไม่มีในระบบ')).toBeTruthy();
    const rows = screen.getAllByTestId('reconcile-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('ไม่ตรงกัน');
    expect(rows[0]?.textContent).toContain('-10.01');
    expect(rows[1]?.textContent).toContain('ไม่มีในไฟล์');
    expect(rows[2]?.textContent).toContain('ไม่มีในระบบ');

    await user.click(screen.getByTestId('reconcile-download'));
    await waitFor(() => expect(sent).toHaveLength(2));
    sent.release();
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(sent[1]?.url).toMatch(/\/api\/v1\/reconciliation\/11\/export\?period=day&date=2026-11-01$/);
    expect(sent[1]?.headers['accept-language']).toBe('th');
  });

  it('says in Thai which line of the file is wrong', async () => {
    stubApi([[api.agentGet, () => ownAgent]], { self: portalSelf('AGENT') });
    stubXhr(() => ({
      status: 400,
      type: 'application/json',
      body: JSON.stringify({
        status: 2001,
        error: 'Line 7: the amount column is not valid',
        data: {
          issues: [{ path: 'file', code: 'csv_line', params: { line: 7, field: 'amount' }, message: 'x' }],
        },
      }),
    }));
    const user = userEvent.setup();
    await renderPage(ReconciliationPage, '/reconciliation');
    await waitFor(() =>
      expect((screen.getByTestId('reconcile-agent') as HTMLInputElement).value).toBe('senior_one (s1)'),
    );
    await user.click(screen.getByRole('radio', { name: 'รายเดือน' }));
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file());
    await user.click(screen.getByTestId('reconcile-run'));
    expect((await screen.findByTestId('reconcile-error')).textContent).toBe(
      'บรรทัดที่ 7: ค่าในคอลัมน์ amount ไม่ถูกต้อง',
    );
    expect(screen.queryByTestId('reconcile-result')).toBeNull();
  });
});
