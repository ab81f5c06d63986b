import { StrictMode, useState } from 'react';
import { vi } from 'vitest';
import { Toaster } from 'react-hot-toast';
import WebSocket from 'ws';
import { fakeApi, json, renderRoutes } from '../../../../test/render';
import { me, PROJECT_ID, projectFixture } from '../../../../test/fixtures';
import { refreshSession } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import {
  DocumentPanel,
  DocumentProvider,
  LiveConnectionContext,
  LostEditsDialog,
  useDocumentInsert,
} from '..';
import { SessionGate } from '@/features/session';
import { peerColour } from '../live/peer-colour';
import type { LiveServer } from './live-server';

export { projectFixture };

/** What the chat's "Insert into document" button does with a reply. */
function InsertReply({ markdown }: { markdown: string }) {
  const { insertMarkdown } = useDocumentInsert();
  return (
    <button type="button" onClick={() => insertMarkdown(markdown)}>
      Insertar respuesta
    </button>
  );
}

/** Connects as Ana to the test's live document server, with the session's token. */
export const testConnection = (server: LiveServer) => () => ({
  url: server.url,
  WebSocketPolyfill: WebSocket,
  token: async () => sessionStore.getAccessToken() ?? '',
  renewToken: refreshSession,
  user: {
    id: me.id,
    name: me.name,
    firstName: me.firstName,
    lastName: me.lastName,
    color: peerColour(me.id),
    picture: null,
  },
});

/** Stands in for the chat page: the open project can change under the same provider. */
let switchTo: (projectId: string) => void = () => undefined;

function Workbench({ server, reply, withPanel }: { server: LiveServer; reply: string; withPanel: boolean }) {
  const [projectId, setProjectId] = useState(PROJECT_ID);
  switchTo = setProjectId;
  return (
    <LiveConnectionContext.Provider value={testConnection(server)}>
      <DocumentProvider projectId={projectId}>
        <InsertReply markdown={reply} />
        {withPanel && <DocumentPanel />}
      </DocumentProvider>
      <LostEditsDialog />
      <Toaster />
    </LiveConnectionContext.Provider>
  );
}

/**
 * The provider with an insert button and (optionally) the panel, connected to a real live document
 * server; other HTTP calls go to a fake API answering by "METHOD /path". With `inSession`, the panel is
 * drawn inside the signed-in session (what the style rules and the selection's AI actions need), which
 * the fake API's handlers then answer for.
 */
export function renderDocument(
  server: LiveServer,
  {
    reply = '',
    withPanel = true,
    token = 'good-token',
    handlers = {},
    inSession = false,
  }: {
    reply?: string;
    withPanel?: boolean;
    token?: string;
    handlers?: Parameters<typeof fakeApi>[0];
    inSession?: boolean;
  } = {},
) {
  sessionStore.setSession(token, me);
  const api = fakeApi({ [`GET /api/project/${PROJECT_ID}`]: () => json(200, projectFixture), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const rendered = renderRoutes(
    [
      {
        path: '/chat',
        // As in main.tsx: StrictMode sets every effect up twice, which the store must survive.
        element: (
          <StrictMode>
            {inSession ? (
              <SessionGate>
                <Workbench server={server} reply={reply} withPanel={withPanel} />
              </SessionGate>
            ) : (
              <Workbench server={server} reply={reply} withPanel={withPanel} />
            )}
          </StrictMode>
        ),
      },
      { path: '/elsewhere', element: <p>Otra página</p> },
    ],
    '/chat',
  );
  return { ...rendered, calls: api.calls, switchProject: (projectId: string) => switchTo(projectId) };
}

export const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
export const doc = (...content: object[]) => ({ type: 'doc', content });
