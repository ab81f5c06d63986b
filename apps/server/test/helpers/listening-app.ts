import { createProject } from '../chat/chat-helpers.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createUser, type TestUser } from './factories.ts';

export interface ListeningApp extends TestApp {
  /** Where it listens, `http://127.0.0.1:<port>`. */
  base: string;
  /** A signed-up user with her personal workspace. */
  ana: TestUser;
  /** A project of Ana's, private to her; a test may point it at another. */
  projectId: string;
  /**
   * Ends the connections still open and closes the app: streams a test left unread, and the fresh
   * keep-alive connection undici opens after an aborted fetch, which never sends a request and which
   * the server would otherwise wait for.
   */
  close: () => Promise<void>;
}

/**
 * The real app listening on a free port for tests that read streams over HTTP, with a user and a
 * project of hers. `env` configures it (an OpenAI-protocol peer's `peerAppEnv`; without one the offline
 * demo writer answers). Close it in afterEach.
 */
export async function listeningApp(env: Record<string, string> = {}): Promise<ListeningApp> {
  const t = await createTestApp(env);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const ana = await createUser(t.app);
  const projectId = await createProject(t.app, ana.workspaceId, ana.id);
  return {
    ...t,
    base,
    ana,
    projectId,
    close: async () => {
      t.app.server.closeAllConnections();
      await t.app.close();
    },
  };
}
