import { api } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderPage } from '../../../test/render-page';
import { RegisterReportPage } from './register-report-page';

/* docs/design.md §16: for the agent side `all` is its agent and downline, and the screen says so. */

describe('the registration report on the agent side', () => {
  it('names "my agent and downline" where staff read "the whole platform"', async () => {
    stubApi([[api.registerCount, () => [{ date: '2024-05-01', count: 2 }]]], {
      self: {
        username: 'op@s1',
        kind: 'operator',
        type: 'REPORTER',
        role: 'AGENT_REPORTER',
        id: '5',
        agentId: '11',
        agentUsername: 'senior_one',
        prefix: 's1',
      },
    });
    await renderPage(RegisterReportPage, '/report');
    expect((await screen.findByTestId('register-summary')).textContent).toMatch(
      /^เอเจนต์ของฉันและสายงาน \(ทุกเอเจนต์\) · /,
    );
    expect(screen.getByText(/ของเอเจนต์ที่เลือกหรือของเอเจนต์ของฉันและสายงาน$/)).toBeTruthy();
    expect(screen.queryByText(/ทั้งแพลตฟอร์ม/)).toBeNull();
  });
});
