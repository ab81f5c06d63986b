import { afterEach, describe, expect, it, vi } from 'vitest';
import { me, workspaceFixture } from '../../test/fixtures';
import {
  createApiClient,
  getFirstRead,
  getWorkspaceList,
  MAX_ATTEMPTS_PER_URL,
  refreshSession,
} from './api-client';
import { ApiError } from './api-error';
import { sessionStore } from './session-store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(
  responder: (url: string, init: RequestInit) => Response | Promise<Response>,
  refreshOk = true,
) {
  let token = 'old';
  const fetch = vi.fn(async (url: string, init: RequestInit) => responder(url, init));
  const refresh = vi.fn(async () => {
    if (!refreshOk) throw new ApiError('REFRESH_INVALID', 401, 'no');
    token = 'new';
  });
  const onAuthFailure = vi.fn();
  const client = createApiClient({
    timeoutMs: 10_000,
    authRetry: true,
    fetch: fetch as unknown as typeof globalThis.fetch,
    refresh,
    onAuthFailure,
    getAccessToken: () => token,
  });
  return { client, fetch, refresh, onAuthFailure };
}

describe('api client', () => {
  it('sends the bearer token, credentials and JSON body to /api', async () => {
    const { client, fetch } = setup(() => json(200, { ok: true }));
    await expect(client.post('/thing', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/thing');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old');
    expect(init.body).toBe('{"a":1}');
  });

  it('on 401 refreshes, then retries the request with the new token', async () => {
    const { client, fetch, refresh } = setup((_url, init) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer new'
        ? json(200, [1])
        : json(401, {}),
    );
    await expect(client.get('/thing')).resolves.toEqual([1]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it(`tries a URL that keeps answering 401 at most ${MAX_ATTEMPTS_PER_URL} times, then gives up to /login`, async () => {
    const { client, fetch, refresh, onAuthFailure } = setup(() =>
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } }),
    );
    await expect(client.get('/auth/user')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('counts attempts per URL: another URL still gets its own tries', async () => {
    const { client, fetch } = setup((url) => (url === '/api/a' ? json(401, {}) : json(200, 'ok')));
    await expect(client.get('/a')).rejects.toBeInstanceOf(ApiError);
    fetch.mockClear();
    await expect(client.get('/b')).resolves.toBe('ok');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh sends the user to /login without retrying', async () => {
    const { client, fetch, onAuthFailure } = setup(() => json(401, {}), false);
    await expect(client.get('/x')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('parses our error shape into a typed ApiError', async () => {
    const { client, onAuthFailure } = setup(() =>
      json(409, {
        error: { code: 'EMAIL_TAKEN', message: 'taken', issues: [{ path: 'email', message: 'x' }] },
      }),
    );
    const error = await client.patch('/user/change-email', { email: 'a@b.co' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'EMAIL_TAKEN', status: 409, message: 'taken' });
    expect((error as ApiError).issues).toHaveLength(1);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('classifies a non-JSON failure by status and a 204 as undefined', async () => {
    const { client } = setup((url) =>
      url.endsWith('/gone')
        ? new Response('bad gateway', { status: 502 })
        : new Response(null, { status: 204 }),
    );
    await expect(client.get('/gone')).rejects.toMatchObject({ code: 'INTERNAL', status: 502 });
    await expect(client.post('/auth/email/start', {})).resolves.toBeUndefined();
  });

  it('times out after the configured delay', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      );
      const client = createApiClient({
        timeoutMs: 5_000,
        authRetry: false,
        fetch: fetch as unknown as typeof globalThis.fetch,
      });
      const pending = client.get('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await pending).toMatchObject({ code: 'TIMEOUT' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('the plain client neither sends a bearer token nor retries', async () => {
    const fetch = vi.fn(async () => json(401, { error: { code: 'REFRESH_INVALID', message: 'no' } }));
    const refresh = vi.fn();
    const client = createApiClient({
      timeoutMs: 10_000,
      authRetry: false,
      fetch: fetch as unknown as typeof globalThis.fetch,
      refresh,
      getAccessToken: () => 't',
    });
    await expect(client.get('/auth/refresh')).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty(
      'Authorization',
    );
  });
});

describe('refreshSession with the renewal the boot script sent', () => {
  afterEach(() => {
    delete window.__redactaBootRefresh;
    sessionStore.clear();
    vi.unstubAllGlobals();
  });

  function boot(answer: Promise<Response>) {
    Object.defineProperty(window, '__redactaBootRefresh', { value: answer, configurable: true });
    const fetch = vi.fn(async () => json(200, { accessToken: 'second', user: me }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('signs in from the answer the boot script got, without sending a renewal of its own', async () => {
    const fetch = boot(Promise.resolve(json(200, { accessToken: 'first', user: me })));
    await expect(refreshSession()).resolves.toMatchObject({ accessToken: 'first' });
    expect(fetch).not.toHaveBeenCalled();
    expect(sessionStore.get()).toMatchObject({ accessToken: 'first', user: { id: me.id } });
    expect(window.__redactaBootRefresh).toBeUndefined();
  });

  it('uses that answer once: a later renewal (the cookie has rotated) is a request of its own', async () => {
    const fetch = boot(Promise.resolve(json(200, { accessToken: 'first', user: me })));
    await refreshSession();
    await expect(refreshSession()).resolves.toMatchObject({ accessToken: 'second' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual([
      '/api/auth/refresh',
      expect.objectContaining({
        credentials: 'include',
        headers: expect.objectContaining({ 'X-Requested-With': 'XMLHttpRequest' }),
      }),
    ]);
  });

  it('a visitor who never signed in (204 to X-Session-Optional) is signed out, as a 401 was', async () => {
    const fetch = boot(Promise.resolve(new Response(null, { status: 204 })));
    await expect(refreshSession()).rejects.toMatchObject({ code: 'REFRESH_INVALID', status: 401 });
    expect(sessionStore.get().accessToken).toBeNull();
    // Its own renewals say the same, so a first visit never answers 401.
    fetch.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(refreshSession()).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
    expect(fetch.mock.calls[0]).toEqual([
      '/api/auth/refresh',
      expect.objectContaining({ headers: expect.objectContaining({ 'X-Session-Optional': '1' }) }),
    ]);
  });

  it('callers while the boot answer is on its way share it: still no second renewal', async () => {
    let answer!: (response: Response) => void;
    const fetch = boot(new Promise<Response>((resolve) => (answer = resolve)));
    const first = refreshSession();
    const second = refreshSession();
    answer(json(200, { accessToken: 'first', user: me }));
    await expect(Promise.all([first, second])).resolves.toMatchObject([
      { accessToken: 'first' },
      { accessToken: 'first' },
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signed out (401) fails as a renewal of its own would, and sends nothing more', async () => {
    const fetch = boot(
      Promise.resolve(json(401, { error: { code: 'REFRESH_INVALID', message: 'Your session has ended' } })),
    );
    await expect(refreshSession()).rejects.toMatchObject({ code: 'REFRESH_INVALID', status: 401 });
    expect(fetch).not.toHaveBeenCalled();
    expect(sessionStore.get().accessToken).toBeNull();
  });

  it('a boot renewal that never reached the server fails as a network error', async () => {
    const fetch = boot(Promise.reject(new TypeError('Failed to fetch')));
    await expect(refreshSession()).rejects.toMatchObject({ code: 'NETWORK' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a boot renewal with no answer within 10 s times out like any request', async () => {
    vi.useFakeTimers();
    try {
      const fetch = boot(new Promise<Response>(() => {}));
      const pending = refreshSession().catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await pending).toMatchObject({ code: 'TIMEOUT' });
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('getWorkspaceList with the list the boot script asked for', () => {
  const listed = [workspaceFixture({ name: 'Del arranque' })];
  const asked = [workspaceFixture({ name: 'Pedida por la app' })];
  afterEach(() => {
    delete window.__redactaBootWorkspaces;
    sessionStore.clear();
    vi.unstubAllGlobals();
  });

  function boot(answer: Promise<Response | null>) {
    Object.defineProperty(window, '__redactaBootWorkspaces', { value: answer, configurable: true });
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, asked));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('the first read takes the boot answer without a request; the next one asks the server', async () => {
    const fetch = boot(Promise.resolve(json(200, listed)));
    sessionStore.setSession('token', me);
    await expect(getWorkspaceList()).resolves.toEqual(listed);
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__redactaBootWorkspaces).toBeUndefined();
    await expect(getWorkspaceList()).resolves.toEqual(asked);
    expect(fetch).toHaveBeenCalledWith(
      '/api/workspace/list',
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer token' }) }),
    );
  });

  it('when the boot script could not ask (its renewal failed), the app asks itself', async () => {
    const fetch = boot(Promise.resolve(null));
    sessionStore.setSession('token', me);
    await expect(getWorkspaceList()).resolves.toEqual(asked);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a boot answer of 401 is renewed and asked again, as the app’s own request would be', async () => {
    const fetch = boot(Promise.resolve(json(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } })));
    fetch.mockImplementation(async (url: string) =>
      url === '/api/auth/refresh' ? json(200, { accessToken: 'renewed', user: me }) : json(200, asked),
    );
    sessionStore.setSession('expired', me);
    await expect(getWorkspaceList()).resolves.toEqual(asked);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh', '/api/workspace/list']);
    expect(fetch.mock.calls[1]![1]).toMatchObject({ headers: { Authorization: 'Bearer renewed' } });
  });
});

describe('getFirstRead with the reads the boot script asked for', () => {
  const path = '/project/p1/conversation';
  const page = (projectId: string) => ({ projectId, entries: [], hasMore: false, nextCursor: null });
  const fromBoot = page('0b7e2a52-3c1d-4f6e-9a8b-1c2d3e4f5a6b');
  const fromApp = page('9c8d7e6f-5a4b-4c3d-8e2f-1a0b9c8d7e6f');
  afterEach(() => {
    delete window.__redactaBootReads;
    sessionStore.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function boot(answer: Promise<Response | null>) {
    Object.defineProperty(window, '__redactaBootReads', { value: { [path]: answer }, configurable: true });
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, fromApp));
    vi.stubGlobal('fetch', fetch);
    sessionStore.setSession('token', me);
    return fetch;
  }

  it('the first read of that path takes the boot answer; the next one, and other paths, ask the server', async () => {
    const fetch = boot(Promise.resolve(json(200, fromBoot)));
    await expect(getFirstRead('/project/p2/conversation')).resolves.toEqual(fromApp);
    await expect(getFirstRead(path)).resolves.toEqual(fromBoot);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/project/p2/conversation']);
    await expect(getFirstRead(path)).resolves.toEqual(fromApp);
    expect(fetch).toHaveBeenLastCalledWith(
      `/api${path}`,
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer token' }) }),
    );
  });

  it('a boot answer that is an error is the read’s error, as the app’s own request would be', async () => {
    boot(Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } })));
    await expect(getFirstRead(path)).rejects.toMatchObject({ status: 404 });
  });

  it('when the boot script could not ask (its renewal failed), the app asks itself', async () => {
    const fetch = boot(Promise.resolve(null));
    await expect(getFirstRead(path)).resolves.toEqual(fromApp);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('long after the page started, the boot answer is dropped and the server asked', async () => {
    const fetch = boot(Promise.resolve(json(200, fromBoot)));
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    await expect(getFirstRead(path)).resolves.toEqual(fromApp);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(window.__redactaBootReads?.[path]).toBeUndefined();
  });
});
