import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The boot script exactly as index.html loads it, run in this page at `url`. */
function runBootScript(url: string) {
  window.history.replaceState(null, '', url);
  const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  const source = readFileSync(path.resolve(__dirname, '../../public/session-boot.js'), 'utf8');
  // Indirect eval: the script runs in the page's global scope, as a classic script does.
  (0, eval)(source);
  return fetch;
}

describe('public/session-boot.js', () => {
  afterEach(() => {
    delete window.__redactaBootRefresh;
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it.each(['/chat', '/chat?project=p1', '/', '/projects', '/welcome', '/callback'])(
    'on %s renews the session at once, as the app would, and leaves the answer for it',
    async (url) => {
      const fetch = runBootScript(url);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(fetch).toHaveBeenCalledWith('/api/auth/refresh', {
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        credentials: 'include',
      });
      expect((await window.__redactaBootRefresh)?.status).toBe(200);
    },
  );

  it.each(['/login', '/terms', '/privacy', '/invite/existing/x?token=abc', '/chat?token=abc'])(
    'on %s (no renewal at start there) sends nothing',
    (url) => {
      const fetch = runBootScript(url);
      expect(fetch).not.toHaveBeenCalled();
      expect(window.__redactaBootRefresh).toBeUndefined();
    },
  );
});
