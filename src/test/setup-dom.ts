import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearUserStorage } from '@/lib/user-storage';

// jsdom has no matchMedia; the toaster (system theme), reduced-motion checks and the panes a layout
// leaves out on a narrow window ask it. Answer as a wide, light, motion-allowing desktop screen.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: /min-width/.test(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy* and waitFor wait for a state, never a time: on a shared 2-core machine (CI runs two test
// workers beside the real BFF and its database) the default second is too short for a screen that
// reads through the BFF, so a wait may last up to five before it counts as a failure.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount here,
// or each test's page would pile onto the next.
afterEach(() => {
  cleanup();
  // What the app kept for the user (in memory when no user was bound) must not leak into the next test.
  clearUserStorage();
  localStorage.clear();
});
