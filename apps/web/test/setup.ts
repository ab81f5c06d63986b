import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import toast from 'react-hot-toast';
import { cleanup, configure } from '@testing-library/react';
import { takeResponseDrifts } from '@/lib/response-drifts';
import { loadFeatureTexts } from '@/lib/i18n';
import { CI_WAIT_FACTOR } from '../../../scripts/lib/ci-waits.mjs';

// Lazy pages are transformed on first import; under a loaded machine that can take over a second
// (speed is the benchmarks' job, not these waits').
configure({ asyncUtilTimeout: 5000 * CI_WAIT_FACTOR });

// The features' texts are in, as they are for every screen the app draws but sign-in (main.tsx):
// tests render screens on their own, without the app's start.
await loadFeatureTexts();

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

/**
 * jsdom has no ResizeObserver; popovers and tooltips (Radix) measure themselves with one when they
 * open. A silent one: nothing in these tests depends on a size changing.
 */
function installResizeObserver() {
  if (typeof window.ResizeObserver === 'function') return;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

beforeEach(() => {
  installMatchMedia();
  installResizeObserver();
});

// An answer (a test's fake included) that its route's shared schema refuses fails the test, even
// when the screen showed the thrown error as an error state the test expected.
afterEach(() => {
  const [drift] = takeResponseDrifts();
  if (drift) throw drift;
});

afterEach(() => {
  // Stubbed fetch and matchMedia, and toasts in react-hot-toast's module-wide store, must not leak
  // into the next test.
  vi.unstubAllGlobals();
  toast.remove();
  cleanup();
  window.localStorage.clear();
});
