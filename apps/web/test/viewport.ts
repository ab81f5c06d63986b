import { vi } from 'vitest';

/** Answers the app's phone breakpoint query as a phone (`mobile`) or a desktop would. */
export function setViewport(mobile: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(max-width: 768px)' ? mobile : false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}
