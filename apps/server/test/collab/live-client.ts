import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import { afterEach, beforeAll } from 'vitest';
import * as Y from 'yjs';
import type { App, AppDeps } from '../../src/app.ts';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { workerDatabase } from '../helpers/database.ts';
import { addMember, createUser } from '../helpers/factories.ts';
import { insertProject } from '../helpers/project-factories.ts';

/** A test app listening on a free port of this machine, as browsers reach it. */
export async function listeningApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'storageQuotas'> = {},
) {
  const testApp = await createTestApp(
    {
      COLLAB_STORE_DEBOUNCE_MS: '100',
      COLLAB_STORE_MAX_WAIT_MS: '500',
      ...env,
    },
    deps,
  );
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return testApp;
}

/** Another server on the same database, listening: a restarted instance, or a second one. */
export async function anotherInstance(testApp: TestApp): Promise<TestApp> {
  const app = await buildApp({
    config: testApp.config,
    // The worker's database outlives each app: closing the app must not close it.
    database: { ...(await workerDatabase()), close: async () => {} },
    storageQuotas: testApp.app.storageQuotas,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { ...testApp, app, mailer: app.mailer };
}

export const collabUrl = (app: App) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}/api/collab`;
};

/** ws, quiet about a socket closed while it connects (a provider stopped while it reconnects). */
class QuietWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => {});
  }
}

export interface LiveClient {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** Reasons the server gave: refusals at authentication and closes of the document. */
  refusals: string[];
  /** Close events of the socket itself (code and reason). */
  socketCloses: { code: number; reason: string }[];
  destroy(): void;
}

/** A real Hocuspocus provider over a real WebSocket, as the browser's editor opens a document. */
export function connect(app: App, projectId: string, token: string | (() => string)): LiveClient {
  const doc = new Y.Doc();
  const refusals: string[] = [];
  const socketCloses: { code: number; reason: string }[] = [];
  const websocketProvider = new HocuspocusProviderWebsocket({
    url: collabUrl(app),
    WebSocketPolyfill: QuietWebSocket,
    delay: 50,
    minDelay: 50,
    maxAttempts: 0,
  });
  websocketProvider.on('close', ({ event }: { event: { code: number; reason: string } }) =>
    socketCloses.push({ code: event.code, reason: String(event.reason) }),
  );
  const provider = new HocuspocusProvider({
    websocketProvider,
    name: projectId,
    document: doc,
    token,
    onAuthenticationFailed: ({ reason }) => refusals.push(reason),
    onClose: ({ event }) => {
      if (event.code === 1000 && event.reason) refusals.push(String(event.reason));
    },
  });
  provider.attach();
  return {
    provider,
    doc,
    refusals,
    socketCloses,
    destroy() {
      provider.destroy();
      websocketProvider.destroy();
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for: ${what}`);
    await sleep(20);
  }
  return Date.now() - start;
}

export const synced = (client: LiveClient) => until(() => client.provider.synced, 'the provider to sync');

/** Every change of this client acknowledged by the server. */
export const settled = (client: LiveClient) =>
  until(
    () => client.provider.synced && !client.provider.hasUnsyncedChanges,
    'the changes to reach the server',
  );

/**
 * The apps and live clients one test file opens: the worker's database is opened before its first
 * test (a new PGlite database takes seconds), and whatever a test opened is closed after it.
 */
export function liveSession() {
  const apps: TestApp[] = [];
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    await workerDatabase();
  }, 120_000);
  afterEach(async () => {
    clients.splice(0).forEach((client) => client.destroy());
    for (const testApp of apps.splice(0)) await testApp.app.close();
  });
  return {
    async start(env: Record<string, string> = {}, deps: Pick<AppDeps, 'storageQuotas'> = {}) {
      const testApp = await listeningApp(env, deps);
      apps.push(testApp);
      return testApp;
    },
    async another(testApp: TestApp) {
      const next = await anotherInstance(testApp);
      apps.push(next);
      return next;
    },
    /** Stops an app before the test ends, as a restart does. */
    async stop(testApp: TestApp) {
      apps.splice(apps.indexOf(testApp), 1);
      await testApp.app.close();
    },
    open(...args: Parameters<typeof connect>) {
      const client = connect(...args);
      clients.push(client);
      return client;
    },
  };
}

/** An owner, a member of the owner's workspace, and a project shared with it. */
export async function sharedProject(app: App) {
  const owner = await createUser(app);
  const member = await createUser(app);
  await addMember(app, owner.workspaceId, member.id);
  const project = await insertProject(app, owner, { isShared: true });
  return { owner, member, project };
}
