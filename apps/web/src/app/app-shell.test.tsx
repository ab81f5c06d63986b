import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json, renderRoutes } from '../../test/render';
import { startSignedOut } from '../../test/session';
import { luis, me, PROJECT_ID, projectFixture, workspaceFixture } from '../../test/fixtures';
import { entry, REPLY_ID, USER_ENTRY_ID, wholeConversation } from '@/features/chat/test/chat-fixtures';
import { setViewport } from '../../test/viewport';
import { sessionStore } from '@/lib/session-store';
import { routes } from './router';

const workspace = (id: string, name: string, plan: 'free' | 'pro_yearly', invited = 0) =>
  workspaceFixture({
    id,
    name,
    plan,
    invitedUsers: Array.from({ length: invited }, (_, i) => ({
      id: `5555555${i}-5555-4555-8555-555555555555`,
      firstName: 'M',
      lastName: `${i}`,
      email: `m${i}@x.co`,
    })),
    usage: { wordCount: 10, limit: 2000, remaining: 1990 },
  });
const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

function start(path: string, handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
    'GET /api/workspace/list': () =>
      json(200, [workspace(A, 'Espacio de Ana', 'free'), workspace(B, 'Agencia Norte', 'pro_yearly', 3)]),
    'GET /api/auth/providers': () => json(200, { google: false, facebook: false }),
    'POST /api/auth/logout': () => json(204),
    ...handlers,
  });
  const fetch = vi.fn(api.fetch);
  vi.stubGlobal('fetch', fetch);
  return { ...renderRoutes(routes, path), calls: api.calls, fetch };
}

describe('app shell', () => {
  beforeEach(startSignedOut);

  it('shows the full-screen loader, refreshes the session, then the desktop sidebar above 768 px', async () => {
    setViewport(false);
    const { calls } = start('/');
    expect(screen.getByTestId('full-screen-loader')).toBeInTheDocument();
    const sidebar = await screen.findByTestId('sidebar');
    expect(screen.queryByTestId('mobile-header')).not.toBeInTheDocument();
    for (const name of ['Chat', 'Mis proyectos', 'Plantillas', 'Lotes', 'Marca'])
      expect(within(sidebar).getByRole('link', { name })).toBeInTheDocument();
    // / redirects to /chat.
    await waitFor(() =>
      expect(within(sidebar).getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(calls.map((call) => call.key)).toEqual(
      expect.arrayContaining(['GET /api/auth/refresh', 'GET /api/workspace/list']),
    );
    // No stored id: the first workspace is chosen and stored.
    expect(localStorage.getItem('workspaceId')).toBe(A);
    expect(within(sidebar).getByRole('button', { name: 'Mejora al Plan Pro' })).toBeInTheDocument();
  });

  it('sends the X-Requested-With header on refresh', async () => {
    setViewport(false);
    const { fetch } = start('/chat');
    await screen.findByTestId('sidebar');
    const refresh = fetch.mock.calls.find(([url]) => url === '/api/auth/refresh')!;
    expect((refresh[1] as RequestInit).headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
    expect((refresh[1] as RequestInit).credentials).toBe('include');
  });

  it('at 768 px and below swaps the sidebar for the mobile header and slide-in menu', async () => {
    setViewport(true);
    start('/chat');
    const header = await screen.findByTestId('mobile-header');
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    await userEvent.click(within(header).getByRole('button', { name: 'Abrir menú' }));
    const menu = await screen.findByRole('dialog');
    expect(within(menu).getByRole('link', { name: 'Mis proyectos' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(within(menu).getByRole('combobox', { name: 'Idioma' })).toBeInTheDocument();
    // Navigating from the menu closes it.
    await userEvent.click(within(menu).getByRole('link', { name: 'Mis proyectos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a failed refresh clears the stored ids and goes to /login', async () => {
    setViewport(false);
    localStorage.setItem('workspaceId', A);
    localStorage.setItem('projectId', 'p1');
    start('/projects', {
      'GET /api/auth/refresh': () => json(401, { error: { code: 'REFRESH_INVALID', message: 'no' } }),
    });
    expect(await screen.findByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(localStorage.getItem('workspaceId')).toBeNull();
    expect(localStorage.getItem('projectId')).toBeNull();
  });

  describe('with the renewal the boot script sent as the page loaded', () => {
    afterEach(() => {
      delete window.__redactaBootRefresh;
    });
    const boot = (answer: Response) =>
      Object.defineProperty(window, '__redactaBootRefresh', {
        value: Promise.resolve(answer),
        configurable: true,
      });

    it('with a refresh cookie: opens signed in from that answer, sending no refresh of its own', async () => {
      setViewport(false);
      boot(json(200, { accessToken: 'boot-token', user: me }));
      const { calls, fetch } = start('/projects');
      expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
      expect(calls.map((call) => call.key)).not.toContain('GET /api/auth/refresh');
      const list = fetch.mock.calls.find(([url]) => url === '/api/workspace/list')!;
      expect((list[1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer boot-token' });
    });

    it('without one (401): clears the stored ids and goes to /login, sending no second refresh', async () => {
      setViewport(false);
      localStorage.setItem('workspaceId', A);
      localStorage.setItem('projectId', 'p1');
      boot(json(401, { error: { code: 'REFRESH_INVALID', message: 'no' } }));
      const { calls } = start('/chat');
      expect(await screen.findByLabelText('Correo electrónico')).toBeInTheDocument();
      expect(localStorage.getItem('workspaceId')).toBeNull();
      expect(localStorage.getItem('projectId')).toBeNull();
      expect(calls.map((call) => call.key)).not.toContain('GET /api/auth/refresh');
    });
  });

  it('uses the stored workspace, lists workspaces with a check, switches and stores the choice', async () => {
    setViewport(false);
    localStorage.setItem('workspaceId', B);
    localStorage.setItem('projectId', 'p1');
    const { router } = start('/projects');
    const sidebar = await screen.findByTestId('sidebar');
    // Pro workspace: invite instead of upgrade.
    expect(within(sidebar).getByRole('button', { name: 'Invitar a un compañero' })).toBeInTheDocument();
    await userEvent.click(within(sidebar).getByRole('button', { name: /^Menú de perfil/ }));
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByRole('link', { name: /ana@ejemplo.com/ })).toHaveAttribute('href', '/profile');
    expect(within(popup).getByRole('button', { name: /Agencia Norte/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(popup).getByRole('button', { name: /Espacio de Ana/ })).not.toHaveAttribute('aria-current');
    expect(within(popup).getByRole('link', { name: /Labs/ })).toHaveTextContent('Experimental');
    expect(within(popup).getByRole('combobox', { name: 'Idioma' })).toBeInTheDocument();
    await userEvent.click(within(popup).getByRole('button', { name: /Espacio de Ana/ }));
    expect(localStorage.getItem('workspaceId')).toBe(A);
    expect(localStorage.getItem('projectId')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${A}`));
  });

  it('the profile popup offers Settings → API in the workspaces its user owns only', async () => {
    setViewport(false);
    localStorage.setItem('workspaceId', B);
    start('/projects', {
      'GET /api/workspace/list': () =>
        json(200, [
          workspace(A, 'Espacio de Ana', 'free'),
          { ...workspace(B, 'Agencia Norte', 'pro_yearly'), ownerId: luis.id, owner: luis },
        ]),
    });
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(within(sidebar).getByRole('button', { name: /^Menú de perfil/ }));
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByRole('link', { name: 'Ajustes del espacio de trabajo' })).toBeInTheDocument();
    expect(within(popup).queryByRole('link', { name: 'API' })).not.toBeInTheDocument();
    await userEvent.click(within(popup).getByRole('button', { name: /Espacio de Ana/ }));
    await userEvent.click(within(sidebar).getByRole('button', { name: /^Menú de perfil/ }));
    expect(within(await screen.findByRole('dialog')).getByRole('link', { name: 'API' })).toHaveAttribute(
      'href',
      '/settings/api',
    );
  });

  it('invite with every seat taken says why, then goes to /subscription for more seats', async () => {
    setViewport(false);
    localStorage.setItem('workspaceId', B);
    const { router } = start('/chat');
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Invitar a un compañero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Todos los asientos están ocupados' });
    expect(router.state.location.pathname).toBe('/chat');
    await userEvent.click(within(dialog).getByRole('link', { name: 'Conseguir más asientos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('the upgrade modal opens on the yearly tab with the prices from the server', async () => {
    setViewport(false);
    start('/chat', {
      'GET /api/price': () =>
        json(200, [
          { name: 'proMonthly', value: 49 },
          { name: 'proYearly', value: 432 },
          { name: 'additionalSeatMonthly', value: 15 },
          { name: 'additionalSeatYearly', value: 144 },
        ]),
    });
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Mejora al Plan Pro' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByRole('tab', { name: /Anual/ })).toHaveAttribute('aria-selected', 'true');
    expect(await within(modal).findByText('36 €')).toBeInTheDocument();
    expect(modal).toHaveTextContent('432 €');
    await userEvent.click(within(modal).getByRole('tab', { name: 'Mensual' }));
    expect(modal).toHaveTextContent('49 €');
  });

  it('logs out: calls the API with X-Requested-With, clears ids and lands on /login', async () => {
    setViewport(false);
    const { fetch } = start('/chat');
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(within(sidebar).getByRole('button', { name: /^Menú de perfil/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByLabelText('Correo electrónico')).toBeInTheDocument();
    const logout = fetch.mock.calls.find(([url]) => url === '/api/auth/logout')!;
    expect((logout[1] as RequestInit).headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
    expect(localStorage.getItem('workspaceId')).toBeNull();
    expect(sessionStore.get().user).toBeNull();
  });

  it('renders /welcome without the layout, and without refreshing right after a sign-in', async () => {
    setViewport(false);
    sessionStore.setSession('token', { ...me, firstName: null, lastName: null });
    const { calls } = start('/welcome');
    expect(await screen.findByLabelText('Nombre')).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(calls.some((call) => call.key === 'GET /api/auth/refresh')).toBe(false);
  });

  it('renders any /invite/existing path without the session wrapper', async () => {
    setViewport(false);
    const { calls } = start('/invite/existing-user?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'No encontramos esta invitación' }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'GET /api/auth/refresh')).toBe(false);
  });

  it('reloads the workspaces 3 s after start', async () => {
    setViewport(false);
    // A 404 from the workspace would reload the list too (access may have ended): the sidebar's
    // recent projects answer.
    const { calls } = start('/chat', {
      [`GET /api/workspace/${A}/projects?sort=updatedAt&order=desc&limit=5`]: () =>
        json(200, { items: [], nextCursor: null }),
    });
    await screen.findByTestId('sidebar');
    const lists = () => calls.filter((call) => call.key === 'GET /api/workspace/list').length;
    expect(lists()).toBe(1);
    await waitFor(() => expect(lists()).toBe(2), { timeout: 4500 });
  });

  it('stripe=true marks the stored workspace Pro, reloads the list and drops the flag from the address', async () => {
    setViewport(false);
    localStorage.setItem('workspaceId', A);
    let list = 0;
    const { router, calls } = start('/chat?stripe=true', {
      // The server confirms after the checkout webhook; the first answer may still say free.
      'GET /api/workspace/list': () =>
        json(200, [workspace(A, 'Espacio de Ana', ++list === 1 ? 'free' : 'pro_yearly')]),
    });
    const sidebar = await screen.findByTestId('sidebar');
    // Confirmed by the server: a dialog says so; closed, the sidebar offers to invite.
    const welcome = await screen.findByRole('dialog', { name: 'Ya tienes el Plan Pro' });
    await userEvent.click(within(welcome).getByRole('button', { name: 'Seguir escribiendo' }));
    expect(
      await within(sidebar).findByRole('button', { name: 'Invitar a un compañero' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.filter((call) => call.key === 'GET /api/workspace/list').length).toBeGreaterThanOrEqual(2);
  });

  it('/projects?id= opens that workspace; without id it writes the current one', async () => {
    setViewport(false);
    const { router } = start(`/projects?id=${B}`);
    await screen.findByTestId('sidebar');
    await waitFor(() => expect(localStorage.getItem('workspaceId')).toBe(B));
    await screen.findByText('Proyectos de Agencia Norte');
    await router.navigate('/projects');
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${B}`));
  });

  it('an account without a name is sent to /welcome to finish registration', async () => {
    setViewport(false);
    start('/chat', {
      'GET /api/auth/refresh': () =>
        json(200, { accessToken: 't', user: { ...me, firstName: null, lastName: null } }),
    });
    expect(await screen.findByLabelText('Nombre')).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  });

  it('the empty chat shows the starters, and the out-of-words prompt when the allowance is used up', async () => {
    setViewport(false);
    const spent = workspaceFixture({ id: A, usage: { wordCount: 2000, remaining: 0 } });
    start('/chat', {
      'GET /api/workspace/list': () => json(200, [spent]),
      [`GET /api/workspace/${A}/projects?sort=updatedAt&order=desc&limit=5`]: () =>
        json(200, { items: [], nextCursor: null }),
      [`POST /api/workspace/${A}/project`]: () => json(201, { id: PROJECT_ID }),
      [`GET /api/project/${PROJECT_ID}`]: () =>
        json(200, { ...projectFixture, name: '1 nov 2026 Sin título' }),
      [`GET /api/project/${PROJECT_ID}/conversation`]: () => json(200, wholeConversation([])),
      [`GET /api/workspace/${A}/usage`]: () => json(200, spent.workspaceUsage),
    });
    expect(
      await screen.findByRole('heading', { name: '¡Hola, Ana! ¿Qué escribimos hoy?' }),
    ).toBeInTheDocument();
    for (const name of ['Búsqueda en tiempo real', 'Contenido extenso', 'Lluvia de ideas']) {
      expect(within(screen.getByRole('region', { name })).getAllByRole('button')).toHaveLength(3);
    }
    expect(screen.getByText('¡No te quedan palabras!')).toBeInTheDocument();
    // A starter fills the composer; with no words left, Send stays disabled.
    await userEvent.click(screen.getByRole('button', { name: /Dame 10 nombres/ }));
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveValue(
      'Dame 10 nombres para una marca de cosmética natural',
    );
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('/chat?project= asks for the project and its newest entries while the workspace list is on its way', async () => {
    setViewport(false);
    // The workspace list answers only once the conversation has been asked for: an app that waits for
    // the list before asking would never get past its loader.
    let conversationAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (conversationAsked = resolve));
    start(`/chat?project=${PROJECT_ID}`, {
      'GET /api/workspace/list': async () => {
        await asked;
        return json(200, [workspace(A, 'Espacio de Ana', 'free')]);
      },
      [`GET /api/project/${PROJECT_ID}`]: () => json(200, projectFixture),
      [`GET /api/project/${PROJECT_ID}/conversation`]: () => {
        conversationAsked();
        return json(
          200,
          wholeConversation([
            entry({ id: USER_ENTRY_ID, role: 'user', content: 'Tres titulares para la campaña' }),
            entry({ id: REPLY_ID, role: 'assistant', content: 'Otoño sin prisas' }),
          ]),
        );
      },
      [`GET /api/workspace/${A}/usage`]: () =>
        json(200, workspace(A, 'Espacio de Ana', 'free').workspaceUsage),
    });
    expect(await screen.findByText('Otoño sin prisas')).toBeInTheDocument();
  });

  it('/chat with nothing on this device opens the newest project the workspace list names, without waiting for the recent projects', async () => {
    setViewport(false);
    const recent = `GET /api/workspace/${A}/projects?sort=updatedAt&order=desc&limit=5`;
    let answerRecent: () => void = () => undefined;
    const recentHeld = new Promise<void>((resolve) => (answerRecent = resolve));
    const { calls, router } = start('/chat', {
      'GET /api/workspace/list': () =>
        json(200, [{ ...workspace(A, 'Espacio de Ana', 'free'), newestProjectId: PROJECT_ID }]),
      // The sidebar's list answers only once the chat is drawn.
      [recent]: async () => {
        await recentHeld;
        return json(200, { items: [projectFixture], nextCursor: null });
      },
      [`GET /api/project/${PROJECT_ID}/document`]: () =>
        json(200, { content: { type: 'doc', content: [{ type: 'paragraph' }] } }),
      [`GET /api/project/${PROJECT_ID}`]: () => json(200, projectFixture),
      [`GET /api/project/${PROJECT_ID}/conversation`]: () =>
        json(
          200,
          wholeConversation([entry({ id: REPLY_ID, role: 'assistant', content: 'Otoño sin prisas' })]),
        ),
      [`GET /api/workspace/${A}/usage`]: () =>
        json(200, workspace(A, 'Espacio de Ana', 'free').workspaceUsage),
    });
    expect(await screen.findByText('Otoño sin prisas')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?project=${PROJECT_ID}`);
    // The head start's answer is the chat screen's: the project is asked for once.
    expect(calls.filter((call) => call.key === `GET /api/project/${PROJECT_ID}`)).toHaveLength(1);
    // The sidebar asked for the recent projects once, and they have not answered yet.
    expect(calls.filter((call) => call.key === recent)).toHaveLength(1);
    answerRecent();
    expect(await within(screen.getByTestId('sidebar')).findByText(projectFixture.name)).toBeInTheDocument();
  });

  it('the demo notice comes with the conversation, never after it (nothing moves once drawn)', async () => {
    setViewport(true);
    let answerStatus: () => void = () => undefined;
    const statusAsked = new Promise<void>((resolve) => (answerStatus = resolve));
    start(`/chat?project=${PROJECT_ID}`, {
      'GET /api/workspace/list': () => json(200, [workspace(A, 'Espacio de Ana', 'free')]),
      [`GET /api/project/${PROJECT_ID}`]: () => json(200, projectFixture),
      [`GET /api/project/${PROJECT_ID}/conversation`]: () => {
        // The model's status answers only after the conversation has.
        setTimeout(answerStatus, 50);
        return json(
          200,
          wholeConversation([entry({ id: REPLY_ID, role: 'assistant', content: 'Otoño sin prisas' })]),
        );
      },
      [`GET /api/workspace/${A}/gpt-4/status`]: async () => {
        await statusAsked;
        return json(200, {
          isGpt4TurnedOn: false,
          available: false,
          modelLabel: 'GPT-4.1',
          activeModelLabel: 'Demo',
          demo: true,
          setupHelp: false,
        });
      },
      [`GET /api/workspace/${A}/usage`]: () =>
        json(200, workspace(A, 'Espacio de Ana', 'free').workspaceUsage),
    });
    expect(await screen.findByText('Otoño sin prisas')).toBeInTheDocument();
    expect(screen.getByText('Redactor de demostración.')).toBeInTheDocument();
  });

  it('the editor of a saved brand voice has the brand-voice title, in the tab and the mobile header', async () => {
    setViewport(true);
    start('/brand-voice/cccccccc-cccc-4ccc-8ccc-cccccccccccc');
    const header = await screen.findByTestId('mobile-header');
    expect(await within(header).findByText('Voz de marca')).toBeInTheDocument();
    expect(document.title).toBe('Voz de marca · Redacta');
  });

  it('the theme switch in the profile popup applies and remembers dark, light or system', async () => {
    setViewport(false);
    start('/chat');
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(within(sidebar).getByRole('button', { name: /^Menú de perfil/ }));
    const popup = await screen.findByRole('dialog');
    const system = within(popup).getByRole('radio', { name: 'Sistema' });
    expect(system).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(popup).getByRole('radio', { name: 'Oscuro' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('redacta.theme')).toBe('dark');
    await userEvent.click(within(popup).getByRole('radio', { name: 'Claro' }));
    expect(document.documentElement).not.toHaveClass('dark');
    await userEvent.click(system);
    expect(localStorage.getItem('redacta.theme')).toBeNull();
  });
});
