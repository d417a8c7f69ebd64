import '@testing-library/jest-dom/vitest';
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

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount here,
// or each test's page would pile onto the next.
afterEach(() => {
  cleanup();
  // What the app kept for the user (in memory when no user was bound) must not leak into the next test.
  clearUserStorage();
  localStorage.clear();
});
