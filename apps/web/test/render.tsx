import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { cssVariablesResolver, makeTheme } from '../src/app/theme';
import { i18n, type Language } from '../src/lib/i18n';

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
}

/**
 * A screen or component as the app shows it (theme, translations, queries, the router at `url`),
 * in Thai unless told otherwise; no retries, so a failed call shows its error at once.
 */
export const renderScreen = async (
  ui: ReactNode,
  { url = '/', path = '*', language = 'th' }: { url?: string; path?: string; language?: Language } = {},
): Promise<Rendered> => {
  await i18n.changeLanguage(language);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [url] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={makeTheme('close')} cssVariablesResolver={cssVariablesResolver}>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...result, user: userEvent.setup(), queryClient, router };
};
