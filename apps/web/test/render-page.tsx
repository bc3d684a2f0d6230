import { type ComponentType, Suspense } from 'react';
import type { Language } from '../src/lib/i18n';
import { renderScreen } from './render';

/**
 * A screen of the signed-in app at `url`: it reads the signed-in admin (`useSelf`, answered by the
 * API stub), so it renders once that has loaded. In Thai unless told otherwise.
 */
export const renderPage = (Page: ComponentType, url: string, language: Language = 'th') =>
  renderScreen(
    <Suspense>
      <Page />
    </Suspense>,
    { url, language },
  );
