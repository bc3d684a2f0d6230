import { api } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, stubApi } from '../../test/api-stub';
import { bangkokTime, userRecord } from '../../test/records';
import { renderPage } from '../../test/render-page';
import { UserPage } from '../features/user/user-page';
import { businessToday } from '../lib/business-time';
import { formatWallText, parseWallText, quickRangeDays } from '../lib/date-text';

const bob = userRecord();
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('typed date-times (issue 41, Deliver 1)', () => {
  it('reads Thai dd/MM/yyyy HH:mm, English MM/dd/yyyy hh:mm aa, Thai digits, a day alone by its edge', () => {
    expect(parseWallText('22/11/2026 13:58', 'th', 'start')).toEqual({ ok: true, wall: '2026-11-22T13:58' });
    expect(parseWallText('๒๒/๑๑/๒๐๒๖ ๑๓.๕๘', 'th', 'start')).toEqual({ ok: true, wall: '2026-11-22T13:58' });
    expect(parseWallText('11/22/2026 01:58 PM', 'en', 'start')).toEqual({
      ok: true,
      wall: '2026-11-22T13:58',
    });
    expect(parseWallText('11/22/2026 12:05 am', 'en', 'start')).toEqual({
      ok: true,
      wall: '2026-11-22T00:05',
    });
    expect(parseWallText('22/11/2026', 'th', 'end')).toEqual({ ok: true, wall: '2026-11-22T23:59' });
    expect(parseWallText('2026-11-22 08:00', 'th', 'start')).toEqual({ ok: true, wall: '2026-11-22T08:00' });
    expect(formatWallText('2026-11-22T13:58', 'th')).toBe('22/11/2026 13:58');
    expect(formatWallText('2026-11-22T13:58', 'en')).toBe('11/22/2026 01:58 PM');
    expect(formatWallText('2026-11-22T00:05', 'en')).toBe('11/22/2026 12:05 AM');
  });

  it('refuses what is no date-time, never guessing one', () => {
    for (const [text, reason] of [
      ['31/02/2026', 'calendar'],
      ['22/13/2026', 'calendar'],
      ['22/11/0000', 'years'],
      ['22/11/9999', 'years'],
      ['22/11/2026 24:00', 'time'],
      ['22/11/26', 'format'],
      ['yesterday', 'format'],
      ['22/11/2026\u0000', 'format'],
      ['\ud800', 'format'],
    ] as const) {
      expect(parseWallText(text, 'th', 'start'), text).toEqual({ ok: false, reason });
    }
    expect(parseWallText('11/22/2026 13:00 PM', 'en', 'start')).toEqual({ ok: false, reason: 'time' });
    expect(parseWallText('11/22/2026 00:30 AM', 'en', 'start')).toEqual({ ok: false, reason: 'time' });
  });

  it('quick ranges are whole business days: today, yesterday, a Monday-first week, this and last month', () => {
    const now = new Date('2026-03-04T10:00:00Z'); // a Wednesday in Bangkok
    expect(quickRangeDays('today', now)).toEqual(['2026-03-04', '2026-03-04']);
    expect(quickRangeDays('yesterday', now)).toEqual(['2026-03-03', '2026-03-03']);
    expect(quickRangeDays('thisWeek', now)).toEqual(['2026-03-02', '2026-03-08']);
    expect(quickRangeDays('thisMonth', now)).toEqual(['2026-03-01', '2026-03-31']);
    expect(quickRangeDays('lastMonth', now)).toEqual(['2026-02-01', '2026-02-28']);
    expect(quickRangeDays('lastMonth', new Date('2026-01-10T00:00:00Z'))).toEqual([
      '2025-12-01',
      '2025-12-31',
    ]);
  });

  it('a date-time typed in Thai is searched for as the business clock’s minute', async () => {
    const stub = stubApi([[api.userList, () => page([bob])]]);
    const { user } = await renderPage(UserPage, '/user/list');
    await screen.findByText('bob', undefined, { timeout: 15_000 });
    await user.type(field('วันที่เริ่มต้น'), '22/11/2026 13:58');
    await user.type(field('วันที่สิ้นสุด'), '23/11/2026');
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.userList)).toHaveLength(2));
    expect(stub.bodiesOf(api.userList)[1]).toMatchObject({
      startDate: bangkokTime(2026, 10, 22, 13, 58).toISOString(),
      endDate: bangkokTime(2026, 10, 23, 23, 59, 59, 999).toISOString(),
    });
    // Left, the day alone reads in the one form the field writes.
    expect(field('วันที่สิ้นสุด').value).toBe('23/11/2026 23:59');
  });

  it('in English the specification’s MM/dd/yyyy hh:mm aa is typed', async () => {
    const stub = stubApi([[api.userList, () => page([bob])]]);
    const { user } = await renderPage(UserPage, '/user/list', 'en');
    await screen.findByText('bob', undefined, { timeout: 15_000 });
    await user.type(screen.getByRole('textbox', { name: 'Start date' }), '11/22/2026 01:58 PM');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(stub.bodiesOf(api.userList)).toHaveLength(2));
    expect(stub.bodiesOf(api.userList)[1]).toMatchObject({
      startDate: bangkokTime(2026, 10, 22, 13, 58).toISOString(),
    });
  });

  it('from after to, and a text that is no date, are named under the field and never sent', async () => {
    const stub = stubApi([[api.userList, () => page([bob])]]);
    const { user } = await renderPage(UserPage, '/user/list');
    await screen.findByText('bob', undefined, { timeout: 15_000 });
    await user.type(field('วันที่เริ่มต้น'), '23/11/2026 10:00');
    await user.type(field('วันที่สิ้นสุด'), '22/11/2026 10:00');
    await waitFor(() => expect(errorOf(field('วันที่สิ้นสุด'))).toBe('วันที่สิ้นสุดต้องไม่อยู่ก่อนวันที่เริ่มต้น'));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    expect(stub.bodiesOf(api.userList)).toHaveLength(1);

    await user.clear(field('วันที่สิ้นสุด'));
    await user.type(field('วันที่สิ้นสุด'), '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(errorOf(field('วันที่สิ้นสุด'))).toBe('ไม่มีวันที่นี้ในปฏิทิน'));
    // What was typed stays as typed.
    expect(field('วันที่สิ้นสุด').value).toBe('31/02/2026');
    expect(stub.bodiesOf(api.userList)).toHaveLength(1);
  });

  it('a quick range fills both fields with whole business days', async () => {
    const stub = stubApi([[api.userList, () => page([bob])]]);
    const { user } = await renderPage(UserPage, '/user/list');
    await screen.findByText('bob', undefined, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'เลือกช่วงเวลา' }));
    await user.click(await screen.findByRole('menuitem', { name: 'เมื่อวาน', hidden: true }));
    const [day] = quickRangeDays('yesterday');
    const shown = formatWallText(`${day}T00:00`, 'th');
    await waitFor(() => expect(field('วันที่เริ่มต้น').value).toBe(shown));
    expect(field('วันที่สิ้นสุด').value).toBe(shown.replace('00:00', '23:59'));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.userList)).toHaveLength(2));
    expect(businessToday() > (day ?? '')).toBe(true);
  });
});
