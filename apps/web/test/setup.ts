import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import toast from 'react-hot-toast';
import { cleanup, configure } from '@testing-library/react';

// Lazy pages are transformed on first import; under a loaded machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });

/** jsdom has no matchMedia; a desktop-sized, light, motion-friendly default (tests may stub their own). */
function installMatchMedia() {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

beforeEach(installMatchMedia);

afterEach(() => {
  // Stubbed fetch and matchMedia, and toasts in react-hot-toast's module-wide store, must not leak
  // into the next test.
  vi.unstubAllGlobals();
  toast.remove();
  cleanup();
  window.localStorage.clear();
});
