import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The boot script exactly as index.html loads it, run in this page at `url`. */
function runBootScript(url: string, renewal = () => new Response('{}', { status: 200 })) {
  window.history.replaceState(null, '', url);
  const fetch = vi.fn(async (path: string) =>
    path === '/api/auth/refresh' ? renewal() : new Response('[]', { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  const source = readFileSync(path.resolve(__dirname, '../../public/session-boot.js'), 'utf8');
  // Indirect eval: the script runs in the page's global scope, as a classic script does.
  (0, eval)(source);
  return fetch;
}

describe('public/session-boot.js', () => {
  afterEach(() => {
    delete window.__redactaBootRefresh;
    delete window.__redactaBootWorkspaces;
    delete window.__redactaBootReads;
    window.localStorage.clear();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
    document.head.replaceChildren();
  });

  it.each(['/chat', '/chat?project=p1', '/', '/projects', '/welcome', '/callback'])(
    'on %s renews the session at once, as the app would, and leaves the answer for it',
    async (url) => {
      const fetch = runBootScript(url);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(fetch).toHaveBeenLastCalledWith('/api/auth/refresh', {
        headers: {
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-Session-Optional': '1',
        },
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
      expect(window.__redactaBootWorkspaces).toBeUndefined();
    },
  );

  it('once the renewal answers, asks for the workspace list with its access token and leaves that answer too', async () => {
    const fetch = runBootScript('/chat', () =>
      Response.json({ accessToken: 'boot-token', user: { id: 'u1' } }, { status: 200 }),
    );
    const workspaces = await window.__redactaBootWorkspaces;
    expect(workspaces?.status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenLastCalledWith('/api/workspace/list', {
      headers: { Accept: 'application/json', Authorization: 'Bearer boot-token' },
    });
    // The app still reads the renewal's own answer, body and all.
    expect(await (await window.__redactaBootRefresh)?.json()).toMatchObject({ accessToken: 'boot-token' });
  });

  it.each([
    ['signed out (401)', () => Response.json({ error: { code: 'REFRESH_INVALID' } }, { status: 401 })],
    ['a visitor who never signed in (204)', () => new Response(null, { status: 204 })],
    ['a renewal that never reached the server', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s: asks for no list and leaves null for the app', async (_case, renewal) => {
    const fetch = runBootScript('/chat', renewal as () => Response);
    await expect(window.__redactaBootWorkspaces).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  const project = '0b7e2a52-3c1d-4f6e-9a8b-1c2d3e4f5a6b';
  const signedIn = () => Response.json({ accessToken: 'boot-token', user: { id: 'u1' } }, { status: 200 });
  const asked = (fetch: ReturnType<typeof runBootScript>) => fetch.mock.calls.map(([url]) => url);

  it.each([
    ['the address', `/chat?project=${project}`],
    ['this device (the last one opened)', '/chat'],
    ['this device, on /', '/'],
  ])(
    'opening the chat on a project %s names, asks for it and its newest entries beside the list, and leaves the answers',
    async (_case, url) => {
      window.localStorage.setItem('projectId', project);
      const fetch = runBootScript(url, signedIn);
      const reads = window.__redactaBootReads!;
      expect(Object.keys(reads)).toEqual([`/project/${project}`, `/project/${project}/conversation`]);
      expect((await reads[`/project/${project}/conversation`])?.status).toBe(200);
      await window.__redactaBootWorkspaces;
      expect(asked(fetch)).toEqual([
        '/api/auth/refresh',
        '/api/workspace/list',
        `/api/project/${project}`,
        `/api/project/${project}/conversation`,
      ]);
      expect(fetch).toHaveBeenLastCalledWith(`/api/project/${project}/conversation`, {
        headers: { Accept: 'application/json', Authorization: 'Bearer boot-token' },
      });
    },
  );

  it('as the project answers, asks for the model status of the workspace it names, and leaves that answer too', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url === '/api/auth/refresh') return signedIn();
      if (url === `/api/project/${project}`) return Response.json({ id: project, workspaceId: 'w1' });
      return new Response('[]', { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', `/chat?project=${project}`);
    (0, eval)(readFileSync(path.resolve(__dirname, '../../public/session-boot.js'), 'utf8'));
    await window.__redactaBootReads![`/project/${project}`];
    await vi.waitFor(() => expect(window.__redactaBootReads!['/workspace/w1/gpt-4/status']).toBeDefined());
    expect((await window.__redactaBootReads!['/workspace/w1/gpt-4/status'])?.status).toBe(200);
    expect(fetch).toHaveBeenLastCalledWith('/api/workspace/w1/gpt-4/status', {
      headers: { Accept: 'application/json', Authorization: 'Bearer boot-token' },
    });
  });

  it.each([
    ['no project named', '/chat'],
    ['an address that is not an id', '/chat?project=..%2Fworkspace%2Flist'],
    ['another page', `/projects?project=${project}`],
  ])('with %s asks for the list only', async (_case, url) => {
    const fetch = runBootScript(url, signedIn);
    await window.__redactaBootWorkspaces;
    expect(window.__redactaBootReads).toBeUndefined();
    expect(asked(fetch)).toEqual(['/api/auth/refresh', '/api/workspace/list']);
  });

  it('signed out, leaves null for the project and its conversation', async () => {
    runBootScript(`/chat?project=${project}`, () =>
      Response.json({ error: { code: 'REFRESH_INVALID' } }, { status: 401 }),
    );
    await expect(window.__redactaBootReads![`/project/${project}`]).resolves.toBeNull();
    await expect(window.__redactaBootReads![`/project/${project}/conversation`]).resolves.toBeNull();
  });

  /** The boot script's tag as the build writes it, naming the chunks opening the chat needs. */
  function tagNamingChatModules() {
    const tag = document.createElement('script');
    tag.setAttribute('data-chat-modules', '/assets/prefetch-open-chat-a1.js /assets/chat-page-b2.js');
    tag.setAttribute('data-reply-modules', '/assets/markdown-renderer-c3.js');
    document.head.append(tag);
  }
  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );

  it.each(['/chat', '/chat?project=p1', '/'])(
    'on %s asks for the chunks the build named, in its order, while the entry downloads',
    (url) => {
      tagNamingChatModules();
      runBootScript(url);
      expect(preloaded()).toEqual(['/assets/prefetch-open-chat-a1.js', '/assets/chat-page-b2.js']);
    },
  );

  it.each([`/chat?project=${project}`, `/?project=${project}`])(
    'on %s also asks for the markdown renderer its replies are drawn with',
    (url) => {
      tagNamingChatModules();
      runBootScript(url);
      expect(preloaded()).toEqual([
        '/assets/prefetch-open-chat-a1.js',
        '/assets/chat-page-b2.js',
        '/assets/markdown-renderer-c3.js',
      ]);
    },
  );

  it.each(['/projects', '/login', '/chat?token=abc'])('on %s asks for none of them', (url) => {
    tagNamingChatModules();
    runBootScript(url);
    expect(preloaded()).toEqual([]);
  });

  it.each(['/projects', '/chat', '/welcome', '/invite/existing/x?token=abc'])(
    "on %s asks for the features' texts, which its first screen waits for",
    (url) => {
      const tag = document.createElement('script');
      tag.setAttribute('data-text-modules', '/assets/feature-es-messages-d4.js');
      document.head.append(tag);
      runBootScript(url);
      expect(preloaded()).toEqual(['/assets/feature-es-messages-d4.js']);
    },
  );

  it.each(['/login', '/terms', '/privacy'])('on %s (drawn from the core texts) asks for no texts', (url) => {
    const tag = document.createElement('script');
    tag.setAttribute('data-text-modules', '/assets/feature-es-messages-d4.js');
    document.head.append(tag);
    runBootScript(url);
    expect(preloaded()).toEqual([]);
  });

  it("without the build's list (the dev server) asks for nothing more and still renews", () => {
    const fetch = runBootScript('/chat');
    expect(preloaded()).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
