import { StrictMode, useState } from 'react';
import { vi } from 'vitest';
import { Toaster } from 'react-hot-toast';
import { fakeApi, json, renderRoutes } from '../../../../test/render';
import { PROJECT_ID, projectFixture } from '../../../../test/fixtures';
import { sessionStore } from '@/lib/session-store';
import { DocumentPanel, DocumentProvider, useDocumentInsert } from '..';

export { projectFixture };
export const documentUrl = `/api/project/${PROJECT_ID}/document`;

/** What the chat's "Insert into document" button does with a reply. */
function InsertReply({ markdown }: { markdown: string }) {
  const { insertMarkdown } = useDocumentInsert();
  return (
    <button type="button" onClick={() => insertMarkdown(markdown)}>
      Insertar respuesta
    </button>
  );
}

/** Stands in for the chat page: the open project can change under the same provider. */
let switchTo: (projectId: string) => void = () => undefined;

function Workbench({ reply, withPanel }: { reply: string; withPanel: boolean }) {
  const [projectId, setProjectId] = useState(PROJECT_ID);
  switchTo = setProjectId;
  return (
    <DocumentProvider projectId={projectId}>
      <InsertReply markdown={reply} />
      {withPanel && <DocumentPanel />}
      <Toaster />
    </DocumentProvider>
  );
}

/** A JWT-shaped access token expiring in `seconds` (the client reads only its `exp`). */
export function accessToken(seconds: number): string {
  const payload = btoa(JSON.stringify({ sub: 'user', exp: Math.floor(Date.now() / 1000) + seconds }));
  return `eyJhbGciOiJIUzI1NiJ9.${payload.replace(/=+$/, '')}.signature`;
}

/**
 * The provider with an insert button and (optionally) the panel, against a fake API answering by
 * "METHOD /path". Every call is recorded with its JSON body, and whether it was keepalive.
 */
export function renderDocument(
  handlers: Parameters<typeof fakeApi>[0],
  { reply = '', withPanel = true }: { reply?: string; withPanel?: boolean } = {},
) {
  sessionStore.setAccessToken(accessToken(15 * 60));
  const api = fakeApi(
    { [`GET /api/project/${PROJECT_ID}`]: () => json(200, projectFixture), ...handlers },
    (init) => ({ keepalive: init.keepalive === true }),
  );
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const rendered = renderRoutes(
    [
      {
        path: '/chat',
        // As in main.tsx: StrictMode sets every effect up twice, which the store must survive.
        element: (
          <StrictMode>
            <Workbench reply={reply} withPanel={withPanel} />
          </StrictMode>
        ),
      },
      { path: '/elsewhere', element: <p>Otra página</p> },
    ],
    '/chat',
  );
  const saves = () => api.calls.filter((call) => call.key === `PATCH ${documentUrl}`);
  return { ...rendered, calls: api.calls, saves, switchProject: (projectId: string) => switchTo(projectId) };
}

/** A promise the test resolves when it wants the server to answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
