import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, type Language } from '../lib/i18n';
import { RouteErrorPage } from './route-error-page';
import { cssVariablesResolver, makeTheme } from './theme';

/** A route whose loader fails as guards.ts fails (a status), or throws as a broken screen does. */
const renderError = async (failure: number | 'crash', language: Language) => {
  await i18n.changeLanguage(language);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage standalone />,
        loader: () => {
          if (failure === 'crash') throw new Error('boom');
          throw data(null, { status: failure });
        },
        element: <p>never shown</p>,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider theme={makeTheme('close')} cssVariablesResolver={cssVariablesResolver}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return screen.findByRole('heading', { level: 1 });
};

const thaiPages = [
  [400, '400 คำขอไม่ถูกต้อง'],
  [403, '403 ไม่มีสิทธิ์เข้าถึง'],
  [404, '404 ไม่พบหน้านี้'],
  [405, '405 ไม่รองรับวิธีการเรียก'],
  ['crash', 'เกิดข้อผิดพลาดที่ไม่คาดคิด'],
] as const;

const englishPages = [
  [400, '400 Bad Request'],
  [403, '403 Forbidden'],
  [404, '404 Not Found'],
  [405, '405 Method Not Allowed'],
  ['crash', 'Unexpected Application Error!'],
] as const;

describe('error pages', () => {
  // The unexpected-error page logs what failed to the console; keep the test output to the results.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(thaiPages)(
    'in Thai mode, %s reads in Thai: heading, text, buttons and tab title',
    async (failure, name) => {
      const heading = await renderError(failure, 'th');
      expect(heading.textContent).toBe(name);
      // No English word in the heading, the explanation or the buttons (the status code stays a number).
      const page = screen.getByTestId('route-error');
      const words = (page.textContent ?? '').replace(/boom/, '').match(/[A-Za-z]+/g) ?? [];
      expect(words).toEqual([]);
      screen.getByRole('button', { name: 'ย้อนกลับ' });
      screen.getByRole('link', { name: 'กลับหน้าหลัก' });
      await waitFor(() => expect(document.title).toBe(`${name} · S.API`));
    },
  );

  it.each(englishPages)(
    'in English mode, %s keeps the specification’s English name',
    async (failure, name) => {
      const heading = await renderError(failure, 'en');
      expect(heading.textContent).toBe(name);
      await waitFor(() => expect(document.title).toBe(`${name} · S.API`));
    },
  );
});
