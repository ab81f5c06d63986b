import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import type { InvitationPreview } from '@redacta/shared';
import InviteExistingPage from '@/features/auth/pages/invite-existing-page';
import { sessionStore } from '@/lib/session-store';
import { at, fakeApi, json, renderRoutes, type ApiHandler } from '../../../test/render';
import { startAsAna, startSignedOut } from '../../../test/session';
import { me, WORKSPACE_ID as W } from '../../../test/fixtures';

const TOKEN = 'a'.repeat(43);

const preview = (overrides: Partial<InvitationPreview> = {}): InvitationPreview => ({
  state: 'pending',
  workspaceName: 'Agencia Norte',
  inviterName: 'Luis Pérez',
  email: 'marta@ejemplo.com',
  ...overrides,
});

/** Marta, new: signing in with the invited address creates her account, still without a name. */
const marta = {
  id: '77777777-7777-4777-8777-777777777777',
  email: 'marta@ejemplo.com',
  firstName: null,
  lastName: null,
  name: '',
  picture: null,
  locale: 'es' as const,
};

const error = (status: number, code: string) => json(status, { error: { code, message: code } });

function renderInvite(handlers: Record<string, ApiHandler>, path = `/invite/existing?token=${TOKEN}`) {
  const api = fakeApi({ 'GET /api/auth/refresh': () => error(401, 'REFRESH_INVALID'), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderRoutes(
    [
      at(
        '/invite/existing',
        <>
          <InviteExistingPage />
          <Toaster />
        </>,
      ),
      at(
        '/chat',
        <>
          <p>chat page</p>
          <Toaster />
        </>,
      ),
      at('/login', <p>login page</p>),
    ],
    path,
  );
  const callsTo = (key: string) => api.calls.filter((call) => call.key === key);
  return { ...view, calls: api.calls, callsTo };
}

const previewRoute = 'POST /api/invitation-to-workspace/preview';
const acceptRoute = 'POST /api/workspace/add-user-by-token';

describe('invitation page: closed and unknown invitations', () => {
  beforeEach(startSignedOut);

  it('a link without a well-formed token is unknown, without asking the server', async () => {
    const { calls } = renderInvite({}, '/invite/existing?token=short');
    expect(
      await screen.findByRole('heading', { name: 'No encontramos esta invitación' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.key === previewRoute)).toHaveLength(0);
  });

  it('a token the server does not know is unknown', async () => {
    renderInvite({ [previewRoute]: () => error(404, 'NOT_FOUND') });
    expect(
      await screen.findByRole('heading', { name: 'No encontramos esta invitación' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['expired', 'Esta invitación ha caducado', /Pide a Luis Pérez que te la vuelva a enviar/],
    ['revoked', 'Esta invitación ya no es válida', /Luis Pérez la ha revocado/],
    ['used', 'Esta invitación ya se ha utilizado', /ya eres miembro de «Agencia Norte»/],
  ] as const)('a %s invitation gets its own page', async (state, title, text) => {
    const { callsTo } = renderInvite({ [previewRoute]: () => json(200, preview({ state })) });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Redacta' })).toHaveAttribute('href', '/chat');
    expect(callsTo(acceptRoute)).toHaveLength(0);
  });

  it('a failed check says so and tries again', async () => {
    let attempt = 0;
    renderInvite({
      [previewRoute]: () => (++attempt === 1 ? error(500, 'INTERNAL') : json(200, preview())),
    });
    expect(await screen.findByText('No se pudo comprobar la invitación.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('heading', { name: 'Luis Pérez te invita a «Agencia Norte»' }),
    ).toBeInTheDocument();
  });
});

describe('invitation page: joining', () => {
  it('signed out: a new person gets a code at the invited address, gives a name, joins and lands in /chat there', async () => {
    await startSignedOut();
    const { callsTo, router } = renderInvite({
      [previewRoute]: () => json(200, preview()),
      'POST /api/auth/email/start': () => json(204),
      'POST /api/auth/login': () =>
        json(200, { accessToken: 'token', user: { ...marta, isRegistration: true } }),
      'PATCH /api/user/change-name': (body) => json(200, { id: marta.id, ...(body as object) }),
      [acceptRoute]: () => json(200, { id: W }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Luis Pérez te invita a «Agencia Norte»' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/entra con marta@ejemplo.com/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviarme un código' }));
    expect(callsTo('POST /api/auth/email/start')[0]?.body).toEqual({
      email: 'marta@ejemplo.com',
      locale: 'es',
    });
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Código de verificación'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verificar' }));

    // A new account: its name first, then it joins.
    await userEvent.type(await screen.findByLabelText('Nombre'), 'Marta');
    await userEvent.type(screen.getByLabelText('Apellido'), 'Ruiz');
    expect(callsTo(acceptRoute)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Unirme a «Agencia Norte»' }));

    expect(await screen.findByText('chat page')).toBeInTheDocument();
    expect(screen.getByText('¡Te damos la bienvenida a «Agencia Norte»!')).toBeInTheDocument();
    expect(callsTo(acceptRoute)[0]?.body).toEqual({ token: TOKEN });
    expect(router.state.location.pathname).toBe('/chat');
    expect(window.localStorage.getItem('workspaceId')).toBe(W);
    expect(sessionStore.get().user?.firstName).toBe('Marta');
  });

  it('signed in as the invited address: one button joins', async () => {
    await startAsAna();
    const { callsTo } = renderInvite({
      [previewRoute]: () => json(200, preview({ email: 'Ana@Ejemplo.com' })),
      [acceptRoute]: () => json(200, { id: W }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unirme a «Agencia Norte»' }));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
    expect(callsTo(acceptRoute)).toHaveLength(1);
    expect(callsTo('GET /api/auth/refresh')).toHaveLength(0);
  });

  it('signed in from the refresh cookie as the invited address, a revoked answer shows the revoked page', async () => {
    await startSignedOut();
    renderInvite({
      'GET /api/auth/refresh': () => json(200, { accessToken: 'fresh', user: me }),
      [previewRoute]: () => json(200, preview({ email: me.email })),
      [acceptRoute]: () => error(410, 'INVITATION_REVOKED'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unirme a «Agencia Norte»' }));
    expect(
      await screen.findByRole('heading', { name: 'Esta invitación ya no es válida' }),
    ).toBeInTheDocument();
  });

  it('signed in as someone else: says so, and signing out continues as the invited address', async () => {
    await startAsAna();
    const { callsTo } = renderInvite({
      [previewRoute]: () => json(200, preview()),
      'POST /api/auth/logout': () => json(204),
    });
    expect(
      await screen.findByRole('heading', { name: 'Esta invitación es para otra cuenta' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /Has iniciado sesión como ana@ejemplo.com, pero la invitación a «Agencia Norte» es para marta@ejemplo.com/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unirme a «Agencia Norte»' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión y continuar' }));
    expect(await screen.findByRole('button', { name: 'Enviarme un código' })).toBeInTheDocument();
    expect(callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(sessionStore.get().user).toBeNull();
    await waitFor(() => expect(callsTo(acceptRoute)).toHaveLength(0));
  });
});
