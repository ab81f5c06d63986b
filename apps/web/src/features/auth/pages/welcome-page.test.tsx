import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { at, fakeApi, json, renderRoutes } from '../../../../test/render';
import { changeLocale } from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';
import WelcomePage from './welcome-page';

const user = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ana@ejemplo.com',
  firstName: null,
  lastName: null,
  name: '',
  picture: null,
  locale: 'es' as const,
};

function renderWelcome(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'PATCH /api/user/change-name': (body) => json(200, { id: user.id, ...(body as object) }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  renderRoutes(
    [at('/welcome', <WelcomePage />), at('/chat', <p>chat page</p>), at('/login', <p>login page</p>)],
    '/welcome',
  );
  return api.calls;
}

describe('welcome page', () => {
  beforeEach(async () => {
    await changeLocale('es');
    sessionStore.setSession('token', user);
  });

  it('starts with the caret in the first-name field', async () => {
    renderWelcome();
    expect(await screen.findByLabelText('Nombre')).toHaveFocus();
  });

  it('requires both names and sends nothing while they are missing', async () => {
    const calls = renderWelcome();
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('rejects names that are not names on blur, naming the characters refused or the limit', async () => {
    renderWelcome();
    await userEvent.type(await screen.findByLabelText('Nombre'), 'Ana_12');
    await userEvent.tab();
    expect(
      screen.getByText(
        'Introduce un nombre o apellido válido. Un nombre solo lleva letras, espacios, apóstrofos, guiones y puntos. No se permite: _ 1 2',
      ),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Apellido'), 'a'.repeat(51));
    await userEvent.tab();
    expect(screen.getByText('Máximo 50 caracteres (ahora hay 51)')).toBeInTheDocument();
  });

  it('saves valid names, updates the user and goes to the chat', async () => {
    const calls = renderWelcome();
    await userEvent.type(await screen.findByLabelText('Nombre'), '  María José ');
    await userEvent.type(screen.getByLabelText('Apellido'), "O'Neill-García");
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      key: 'PATCH /api/user/change-name',
      body: { firstName: 'María José', lastName: "O'Neill-García" },
    });
    expect(sessionStore.get().user).toMatchObject({ firstName: 'María José', lastName: "O'Neill-García" });
  });

  it('speaks English when chosen', async () => {
    await changeLocale('en');
    renderWelcome();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toBeInTheDocument();
  });

  describe('without a session in memory', () => {
    beforeEach(() => sessionStore.clear());

    it('sends a signed-out visitor to /login without showing the form', async () => {
      const calls = renderWelcome({
        'GET /api/auth/refresh': () =>
          json(401, { error: { code: 'REFRESH_INVALID', message: 'No session' } }),
      });
      expect(await screen.findByText('login page')).toBeInTheDocument();
      expect(screen.queryByLabelText('Nombre')).toBeNull();
      expect(calls.map((call) => call.key)).toEqual(['GET /api/auth/refresh']);
    });

    it('renews the session from the cookie on a reload and shows the form', async () => {
      renderWelcome({ 'GET /api/auth/refresh': () => json(200, { accessToken: 'fresh', user }) });
      expect(await screen.findByLabelText('Nombre')).toBeInTheDocument();
      expect(screen.queryByText('login page')).toBeNull();
    });
  });
});
