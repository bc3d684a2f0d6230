import { describe, expect, it } from 'vitest';
import { businessDaysFilter, businessMonthFilter } from './business-time';
import {
  agentReportHref,
  agentTransactionsHref,
  registerReportHref,
  reportTransactionsHref,
  summaryReportHref,
} from './drill-down';

const query = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

describe('drill-downs put the filters in the target URL', () => {
  it("Game Daily's check data: agent, brand and the day's first and last minute", () => {
    const href = reportTransactionsHref('42', { gameBrand: 'PGSOFT', ...businessDaysFilter('2026-11-01') });
    expect(href.startsWith('/summary/tsreport?')).toBe(true);
    expect(query(href)).toEqual({
      agent: '42',
      gameBrand: 'PGSOFT',
      startDate: '2026-11-01T00:00',
      endDate: '2026-11-01T23:59',
    });
  });

  it("an agent's bets of a month, to its last day", () => {
    const href = agentTransactionsHref('7', businessMonthFilter(2024, 2));
    expect(href.split('?')[0]).toBe('/transaction/7');
    expect(query(href)).toEqual({ startDate: '2024-02-01T00:00', endDate: '2024-02-29T23:59' });
    expect(agentTransactionsHref('7')).toBe('/transaction/7');
  });

  it('reports and the agent report leave out what is not chosen', () => {
    expect(summaryReportHref('agentdaily', { agent: 'all', month: '3', year: '2026', day: '' })).toBe(
      '/summary/agentdaily?agent=all&month=3&year=2026',
    );
    expect(agentReportHref('2026-03-01')).toBe('/agent/report?startDate=2026-03-01');
    expect(agentReportHref('2026-03-01', 'agent_1')).toBe(
      '/agent/report?username=agent_1&startDate=2026-03-01',
    );
    expect(registerReportHref('2026-03')).toBe('/report?month=2026-03');
  });
});
