import { type ComponentType, type ReactNode, Suspense } from 'react';
import type { Language } from '../src/lib/i18n';
import { useSelf } from '../src/lib/session';
import { renderScreen } from './render';

/**
 * What the app's protected layout does before a screen: read the signed-in admin (and with it the
 * report time zone the business clock follows).
 */
const SignedIn = ({ children }: { children: ReactNode }) => {
  useSelf();
  return children;
};

/**
 * A screen of the signed-in app at `url`, rendered once the signed-in admin (`useSelf`, answered by
 * the API stub) has loaded, as inside the app's layout. In Thai unless told otherwise.
 */
export const renderPage = (Page: ComponentType, url: string, language: Language = 'th') =>
  renderScreen(
    <Suspense>
      <SignedIn>
        <Page />
      </SignedIn>
    </Suspense>,
    { url, language },
  );
