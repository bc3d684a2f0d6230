import { type ComponentType, Suspense } from 'react';
import { renderScreen } from './render';

/**
 * A screen of the signed-in app at `url`: it reads the signed-in admin (`useSelf`, answered by the
 * API stub), so it renders once that has loaded.
 */
export const renderPage = (Page: ComponentType, url: string) =>
  renderScreen(
    <Suspense>
      <Page />
    </Suspense>,
    { url },
  );
