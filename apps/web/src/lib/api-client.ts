import type { RefreshResponse } from '@redacta/shared';
import { ApiError, parseErrorResponse } from './api-error';
import { sessionStore } from './session-store';

/** A URL answered with 401 is tried at most this many times, refreshing in between (docs/product.md, Messages). */
export const MAX_ATTEMPTS_PER_URL = 3;

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ClientConfig {
  /** Timeout for each request in milliseconds: 10 s, or 100 s for improve and the brand-voice analysis. */
  timeoutMs: number;
  /** Send the bearer token and, on 401, refresh then retry. Off for the plain (refresh) client. */
  authRetry: boolean;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Gets a fresh access token; rejects when the session cannot be renewed. */
  refresh?: () => Promise<unknown>;
  /** Called when the session is gone for good (refresh failed or attempts exhausted). */
  onAuthFailure?: () => void;
  getAccessToken?: () => string | null;
}

export type ApiClient = ReturnType<typeof createApiClient>;

function withTimeout(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    /** Stops the timer; with `keepLink` the outer signal still aborts (a streamed body is still being read). */
    done: (keepLink = false) => {
      clearTimeout(timer);
      if (!keepLink) outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await response.json()) as T;
  const text = await response.text();
  return (text === '' ? undefined : text) as T;
}

/**
 * Checks a JSON answer against its route's shared schema, so a server or a test's fake that drifts
 * from the contract is caught where it happens. Development and tests only: the build replaces
 * `import.meta.env` with constants and drops the call, this module and zod's schemas with it.
 */
const checksContracts = import.meta.env.DEV || import.meta.env.MODE === 'test';

async function checkContract(method: string, path: string, body: unknown): Promise<void> {
  if (body === undefined || typeof body === 'string') return;
  const { checkResponse } = await import('./response-contract');
  checkResponse(method, path, body);
}

export function createApiClient(config: ClientConfig) {
  const baseUrl = config.baseUrl ?? '/api';
  /** 401 attempts per "METHOD url", kept across calls so a URL that keeps failing stops for good. */
  const attempts = new Map<string, number>();

  async function send(
    method: string,
    path: string,
    options: RequestOptions,
    streamed = false,
  ): Promise<Response> {
    const fetchImpl = config.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    // A form (a file upload) goes as multipart: the browser writes its Content-Type with the boundary.
    const form = options.body instanceof FormData ? options.body : null;
    if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
    const token = config.authRetry ? (config.getAccessToken ?? sessionStore.getAccessToken)() : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    const timeout = withTimeout(options.timeoutMs ?? config.timeoutMs, options.signal);
    try {
      return await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        credentials: 'include',
        signal: timeout.signal,
      });
    } catch (error) {
      if (timeout.timedOut()) throw new ApiError('TIMEOUT', 0, 'The request timed out');
      if (options.signal?.aborted) throw new ApiError('ABORTED', 0, 'The request was cancelled');
      throw new ApiError('NETWORK', 0, error instanceof Error ? error.message : 'Network error');
    } finally {
      timeout.done(streamed);
    }
  }

  function authFailed(): ApiError {
    config.onAuthFailure?.();
    return new ApiError('UNAUTHENTICATED', 401, 'The session has ended');
  }

  /** Sends with the 401 refresh-and-retry; a failed status becomes an ApiError. The body is left unread. */
  async function open(method: string, path: string, options: RequestOptions, streamed: boolean) {
    const key = `${method} ${path}`;
    let response = await send(method, path, options, streamed);
    while (response.status === 401 && config.authRetry) {
      const tried = attempts.get(key) ?? 1;
      if (tried >= MAX_ATTEMPTS_PER_URL || !config.refresh) {
        attempts.delete(key);
        throw authFailed();
      }
      attempts.set(key, tried + 1);
      try {
        await config.refresh();
      } catch {
        attempts.delete(key);
        throw authFailed();
      }
      response = await send(method, path, options, streamed);
    }
    attempts.delete(key);
    if (!response.ok) throw await parseErrorResponse(response);
    return response;
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const body = await readBody<T>(await open(method, path, options, false));
    if (checksContracts) await checkContract(method, path, body);
    return body;
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    /**
     * POST for a streamed answer (the chat): resolves with the response once its headers arrive,
     * body unread; `timeoutMs` covers the wait for the headers and `signal` also cancels the body.
     */
    postStream: (path: string, body: unknown, options?: RequestOptions) =>
      open('POST', path, { ...options, body }, true),
    /** GET for a streamed answer (the live conversation), like postStream. */
    getStream: (path: string, options?: RequestOptions) => open('GET', path, options ?? {}, true),
  };
}

/** Header the server requires on cookie-authenticated state changes (refresh, logout). */
export const xhrHeaders = { 'X-Requested-With': 'XMLHttpRequest' } as const;

/** Plain client for refresh, logout and sign-in: no bearer, no retry, 10 s. */
export const plainApi = createApiClient({ timeoutMs: 10_000, authRetry: false });

declare global {
  interface Window {
    /** The renewal `public/session-boot.js` sent as the page loaded, until the app takes it. */
    __redactaBootRefresh?: Promise<Response>;
    /** The workspace list it then asked for (null when it could not), until the app takes it. */
    __redactaBootWorkspaces?: Promise<Response | null>;
    /** Other reads it then asked for (the chat's project and conversation), by path, until taken. */
    __redactaBootReads?: Record<string, Promise<Response | null> | undefined>;
  }
}

/** Waits for a request the boot script sent, as fetch would wait for its own: `signal` ends the wait. */
function awaitBootAnswer<T>(answer: Promise<T>, signal?: AbortSignal | null): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), {
      once: true,
    });
    answer.then(resolve, reject);
  });
}

/**
 * The renewal the boot script sent before the app's scripts ran, taken at most once: the property is
 * deleted as it is read, so only the page's first renewal uses it (why that is safe: the comment in
 * `public/session-boot.js`). Waiting for it ends with the caller's timeout like any request.
 */
function takeBootRefresh(): typeof fetch | undefined {
  const answer = window.__redactaBootRefresh;
  if (!answer) return undefined;
  delete window.__redactaBootRefresh;
  return (_url, init) => awaitBootAnswer(answer, init?.signal);
}

/** The refresh client: the plain one, reading the boot script's answer instead of sending when there is one. */
function refreshClient(): ApiClient {
  const boot = takeBootRefresh();
  return boot ? createApiClient({ timeoutMs: 10_000, authRetry: false, fetch: boot }) : plainApi;
}

let refreshing: Promise<RefreshResponse> | null = null;

/**
 * The renewal's headers. With X-Session-Optional the server answers a visitor who never signed in (no
 * refresh cookie) 204 instead of 401, which the browser would log as a failed request on a first
 * visit; the boot script sends the same (public/session-boot.js).
 */
const refreshHeaders = { ...xhrHeaders, 'X-Session-Optional': '1' } as const;

/**
 * Renews the session from the refresh cookie; concurrent callers share one request, because the
 * server rotates the token and a second use of the old one would revoke the whole family. No session
 * (the 204) fails as a 401 would: every caller sends a signed-out visitor where it did before.
 */
export function refreshSession(): Promise<RefreshResponse> {
  refreshing ??= refreshClient()
    .get<RefreshResponse | undefined>('/auth/refresh', { headers: refreshHeaders })
    .then((session) => {
      if (!session) throw new ApiError('REFRESH_INVALID', 401, 'No session to renew');
      sessionStore.setSession(session.accessToken, session.user);
      return session;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

let authFailureHandler: () => void = () => {
  window.location.assign('/login');
};

/** The app installs a router-aware handler (clear stored ids, go to /login). */
export function setAuthFailureHandler(handler: () => void): void {
  authFailureHandler = handler;
}

const authed = {
  authRetry: true,
  refresh: refreshSession,
  onAuthFailure: () => authFailureHandler(),
} as const;

/** Main client: bearer token, refresh + retry on 401, 10 s. */
/** The usual client's options: authed, 10 s. */
const apiOptions = { ...authed, timeoutMs: 10_000 };
export const api = createApiClient(apiOptions);
/** Slow client for improve and brand-voice analysis, which wait on a model: 100 s. */
export const slowApi = createApiClient({ ...authed, timeoutMs: 100_000 });

/**
 * GET /workspace/list. The page's first read takes the list the boot script asked for with the first
 * renewal (the property is deleted as it is read); when it asked nothing, or failed, and on any later
 * try of the same read (a 401's retry), the request is sent as usual.
 */
export function getWorkspaceList<T>(): Promise<T> {
  const boot = window.__redactaBootWorkspaces;
  delete window.__redactaBootWorkspaces;
  const client = boot ? createApiClient({ ...apiOptions, fetch: answeringFirst(boot) }) : api;
  return client.get<T>('/workspace/list');
}

/**
 * How long after the page started an answer of the boot script may stand for the app's own read:
 * the app's screens read the chat's project and conversation again after this long (see
 * CONVERSATION_FRESH_MS), and a read this late is not the chat's opening (another screen came first).
 */
const BOOT_READS_FRESH_MS = 10_000;

/**
 * GET `path` (as `api.get`). The page's first read of a path the boot script asked for (the chat's
 * project and the newest page of its conversation, see `public/session-boot.js`), made while the
 * page starts, takes that answer; any other read, and any later try of the same one, is sent as usual.
 */
export function getFirstRead<T>(path: string, options?: RequestOptions): Promise<T> {
  const reads = window.__redactaBootReads;
  const boot = reads?.[path];
  if (reads && boot) delete reads[path];
  if (!boot || performance.now() > BOOT_READS_FRESH_MS) return api.get<T>(path, options);
  return createApiClient({ ...apiOptions, fetch: answeringFirst(boot) }).get<T>(path, options);
}

/** A fetch whose first call is answered by `boot` when it holds a response; it sends every other. */
function answeringFirst(boot: Promise<Response | null>): typeof fetch {
  let bootTaken = false;
  return async (url, init) => {
    if (!bootTaken) {
      bootTaken = true;
      const answer = await awaitBootAnswer(boot, init?.signal);
      if (answer) return answer;
    }
    return globalThis.fetch(url, init);
  };
}
