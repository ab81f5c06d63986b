import { describe, expect, it, vi } from 'vitest';
import { createApiClient, MAX_ATTEMPTS_PER_URL } from './api-client';
import { ApiError } from './api-error';

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
