import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../../test/render';
import { usageFixture, workspaceFixture } from '../../../../test/fixtures';
import { startSignedOut } from '../../../../test/session';
import { setViewport } from '../../../../test/viewport';
import { entry, PROJECT_ID, projectRoutes, renderChat, REPLY_ID, WORKSPACE_ID } from '../test/chat-fixtures';
import { LiveConnectionContext } from '@/features/document';
import { startLiveServer } from '../../document/test/live-server';
import { testConnection } from '../../document/test/render-document';
import ChatPage from './chat-page';

const CREATE = `POST /api/workspace/${WORKSPACE_ID}/project`;
const emptyDocument = () => json(200, { content: { type: 'doc', content: [{ type: 'paragraph' }] } });

describe('chat page', () => {
  beforeEach(async () => {
    await startSignedOut();
    setViewport(false);
  });
  afterEach(() => vi.restoreAllMocks());

  it('without ?project= opens the newest project of the workspace and stores it', async () => {
    const { router, callsTo } = renderChat(
      <ChatPage />,
      { [`GET /api/project/${PROJECT_ID}/document`]: emptyDocument },
      { path: '/chat', newestProjectId: PROJECT_ID },
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${PROJECT_ID}`));
    expect(localStorage.getItem('projectId')).toBe(PROJECT_ID);
    expect(
      await screen.findByRole('heading', { name: '¡Hola, Ana! ¿Qué escribimos hoy?' }),
    ).toBeInTheDocument();
    expect(callsTo(CREATE)).toHaveLength(0);
  });

  it('a workspace without projects gets a new one', async () => {
    const NEW_ID = '55555555-5555-4555-8555-555555555555';
    const { router } = renderChat(
      <ChatPage />,
      {
        [CREATE]: () => json(201, { id: NEW_ID }),
        ...projectRoutes(NEW_ID),
        [`GET /api/project/${NEW_ID}/document`]: emptyDocument,
      },
      { path: '/chat' },
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${NEW_ID}`));
    expect(localStorage.getItem('projectId')).toBe(NEW_ID);
  });

  it('leaving /chat while its new project is being made stays where the user went; the next visit opens it', async () => {
    const NEW_ID = '55555555-5555-4555-8555-555555555555';
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { router, callsTo } = renderChat(
      <ChatPage />,
      {
        [CREATE]: async () => {
          await answered;
          return json(201, { id: NEW_ID });
        },
        ...projectRoutes(NEW_ID),
        [`GET /api/project/${NEW_ID}/document`]: emptyDocument,
      },
      { path: '/chat' },
    );
    await waitFor(() => expect(callsTo(CREATE)).toHaveLength(1));
    // A link followed: the browser's address changes at once (the memory router of these tests does
    // not touch it, so the test does what the app's browser router does).
    const addressBefore = window.location.href;
    onTestFinished(() => window.history.replaceState(null, '', addressBefore));
    window.history.pushState(null, '', '/brand/voices');
    await router.navigate('/brand/voices');
    answer();
    await waitFor(() => expect(localStorage.getItem('projectId')).toBe(NEW_ID));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/brand/voices');

    await router.navigate('/chat');
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${NEW_ID}`));
    expect(callsTo(CREATE)).toHaveLength(1);
  });

  it('the stored project wins over the newest one', async () => {
    const NEWER = '77777777-7777-4777-8777-777777777777';
    localStorage.setItem('projectId', PROJECT_ID);
    const { router, callsTo } = renderChat(
      <ChatPage />,
      { [`GET /api/project/${PROJECT_ID}/document`]: emptyDocument, ...projectRoutes(NEWER) },
      { path: '/chat', newestProjectId: NEWER },
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${PROJECT_ID}`));
    expect(callsTo(`GET /api/project/${NEWER}`)).toHaveLength(0);
  });

  it('a stored project that is gone is forgotten and the newest opens instead', async () => {
    const GONE = '66666666-6666-4666-8666-666666666666';
    localStorage.setItem('projectId', GONE);
    const { router } = renderChat(
      <ChatPage />,
      { [`GET /api/project/${PROJECT_ID}/document`]: emptyDocument },
      { path: '/chat', newestProjectId: PROJECT_ID },
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${PROJECT_ID}`));
    expect(localStorage.getItem('projectId')).toBe(PROJECT_ID);
  });

  it('a project of another workspace in the address reads as not found', async () => {
    const OTHER = '88888888-8888-4888-8888-888888888888';
    renderChat(
      <ChatPage />,
      {
        ...projectRoutes(OTHER, { workspaceId: '99999999-9999-4999-8999-999999999999' }),
      },
      { path: `/chat?project=${OTHER}` },
    );
    expect(await screen.findByRole('heading', { name: 'No encontramos este proyecto' })).toBeInTheDocument();
  });

  it('a project of another of my workspaces opens there: the app switches, keeps the address and says so', async () => {
    const TEAM = '99999999-9999-4999-8999-999999999999';
    const SHARED = '88888888-8888-4888-8888-888888888888';
    const team = workspaceFixture({ id: TEAM, name: 'Equipo Norte', plan: 'pro_monthly' });
    const { router } = renderChat(
      <ChatPage />,
      {
        'GET /api/workspace/list': () => json(200, [workspaceFixture(), team]),
        ...projectRoutes(SHARED, { workspaceId: TEAM, name: 'Lanzamiento' }),
        [`GET /api/project/${SHARED}/document`]: emptyDocument,
        [`GET /api/workspace/${TEAM}/usage`]: () =>
          json(200, usageFixture('pro_monthly', { workspaceId: TEAM })),
        [`GET /api/workspace/${TEAM}/gpt-4/status`]: () =>
          json(200, {
            isGpt4TurnedOn: false,
            available: true,
            modelLabel: 'GPT-4.1',
            activeModelLabel: 'GPT-4.1 mini',
            demo: false,
            setupHelp: false,
          }),
        [`GET /api/brand-voice/workspace/${TEAM}`]: () => json(200, []),
      },
      { path: `/chat?project=${SHARED}` },
    );
    expect(
      await screen.findByText('Cambiamos a «Equipo Norte» para abrir este proyecto'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: '¡Hola, Ana! ¿Qué escribimos hoy?' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No encontramos este proyecto' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe(`?project=${SHARED}`);
    expect(localStorage.getItem('workspaceId')).toBe(TEAM);
    expect(localStorage.getItem('projectId')).toBe(SHARED);
  });

  it('a project that is gone shows "not found" with a new-project button, never a blank page', async () => {
    const GONE = '66666666-6666-4666-8666-666666666666';
    renderChat(<ChatPage />, {}, { path: `/chat?project=${GONE}` });
    expect(await screen.findByRole('heading', { name: 'No encontramos este proyecto' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo proyecto' })).toBeInTheDocument();
  });

  it('the divider resizes the document from the keyboard and the width is remembered', async () => {
    // jsdom lays nothing out: give the page 1000 px to share.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 1000, height: 800 }),
    );
    const { unmount } = renderChat(<ChatPage />, {
      [`GET /api/project/${PROJECT_ID}/document`]: emptyDocument,
    });
    const divider = await screen.findByRole('separator', { name: 'Cambiar el ancho del documento' });
    expect(divider).toHaveAttribute('aria-valuenow', '440');
    divider.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(divider).toHaveAttribute('aria-valuenow', '488');
    await userEvent.keyboard('{End}');
    expect(divider).toHaveAttribute('aria-valuenow', '640');
    await userEvent.keyboard('{Home}');
    expect(divider).toHaveAttribute('aria-valuenow', '320');
    await userEvent.keyboard('{ArrowRight}');
    expect(divider).toHaveAttribute('aria-valuenow', '320');
    const pane = document.getElementById(divider.getAttribute('aria-controls')!);
    expect(pane).toHaveAccessibleName('Documento');
    expect(pane).toHaveStyle({ width: '320px' });
    unmount();
    renderChat(<ChatPage />, { [`GET /api/project/${PROJECT_ID}/document`]: emptyDocument });
    expect(await screen.findByRole('separator')).toHaveAttribute('aria-valuenow', '320');
  });

  it('on phones the chat and the document are two tabs; inserting a reply opens the document', async () => {
    setViewport(true);
    const live = await startLiveServer();
    // The session's access token, as the test session signs in.
    live.tokens.valid.add('token');
    onTestFinished(() => live.stop());
    const page = (
      <LiveConnectionContext.Provider value={testConnection(live)}>
        <ChatPage />
      </LiveConnectionContext.Provider>
    );
    renderChat(page, {
      [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
        json(200, {
          projectId: PROJECT_ID,
          hasMore: false,
          nextCursor: null,
          entries: [
            entry({ id: '77777777-7777-4777-8777-777777777777', role: 'user', content: 'Un eslogan' }),
            entry({ id: REPLY_ID, role: 'assistant', content: 'Pan del día' }),
          ],
        }),
      [`GET /api/project/${PROJECT_ID}/document`]: emptyDocument,
    });
    const chatTab = await screen.findByRole('tab', { name: 'Chat' });
    const documentTab = screen.getByRole('tab', { name: 'Documento' });
    expect(chatTab).toHaveAttribute('aria-selected', 'true');
    const reply = await screen.findByTestId('assistant-reply');
    // The hidden document's editor is not loaded before the tab is first opened.
    const documentPane = document.getElementById('chat-pane-document')!;
    expect(documentPane).toBeEmptyDOMElement();
    await userEvent.click(within(reply).getByRole('button', { name: 'Insertar en el documento' }));
    await waitFor(() => expect(documentTab).toHaveAttribute('aria-selected', 'true'));
    expect(await within(documentPane).findByText('Pan del día', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(async () =>
      expect(JSON.stringify(await live.content(PROJECT_ID))).toContain('Pan del día'),
    );
    // The chat stays mounted, only hidden (jsdom has no stylesheet: the class says it).
    expect(screen.getByTestId('conversation').closest('[role="tabpanel"]')).toHaveClass('hidden');
    expect(screen.getByRole('tabpanel', { name: 'Documento' })).not.toHaveClass('hidden');
  });
});
