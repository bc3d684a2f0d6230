import { DEFAULT_TIME_ZONE } from '@sapi/contract';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setBusinessTimeZone } from '../src/lib/business-time';

// A screen's first render on a loaded 2-core machine (five suites side by side) can take longer than
// Testing Library's 1 s default wait; a condition that never holds still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

/**
 * What Mantine reads from a browser that the DOM implementation lacks: media queries (colour scheme,
 * breakpoints) and element resize observation (scroll areas, tooltips).
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class NoResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: NoResizeObserver });
}

// A screen's first render on a busy machine (five suites sharing two cores) can take over the
// default second; a real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // A test that signed in on another report zone leaves the next one on the default.
  setBusinessTimeZone(DEFAULT_TIME_ZONE);
  // Each test's screens start without the filters another test's screens left behind.
  sessionStorage.clear();
});
