import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { at, fakeApi, json, renderRoutes } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { sessionStore } from '@/lib/session-store';
import LoginPage from './login-page';

const user = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ana@ejemplo.com',
  firstName: null,
  lastName: null,
  name: '',
  picture: null,
  locale: 'es',
};

function renderLogin(handlers: Parameters<typeof fakeApi>[0], path = '/login') {
  const api = fakeApi({
    'GET /api/auth/providers': () => json(200, { google: false, facebook: false }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderRoutes(
    [at('/login', <LoginPage />), at('/welcome', <p>welcome page</p>), at('/chat', <p>chat page</p>)],
    path,
  );
  return { ...view, calls: api.calls };
}

/** Presses Tab until `element` has the focus (the language select comes before it), at most a few times. */
async function tabTo(element: HTMLElement) {
  for (let step = 0; step < 5 && document.activeElement !== element; step += 1) await userEvent.tab();
  expect(element).toHaveFocus();
}

describe('login page', () => {
  beforeEach(startSignedOut);

  it('labels the e-mail field and the submit button for assistive tech', async () => {
    renderLogin({});
    expect(await screen.findByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar con correo electrónico' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(screen.getByRole('button', { name: 'Continuar con Google' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it.each([
    [
      'es',
      'Continuar con Google',
      'Google no está configurado en este servidor',
      'Continuar con Facebook',
      'Facebook no está configurado en este servidor',
    ],
    [
      'en',
      'Continue with Google',
      'Google sign-in is not set up on this server',
      'Continue with Facebook',
      'Facebook sign-in is not set up on this server',
    ],
  ])(
    'in %s, a keyboard user reaches a provider the server has no credentials for and hears why',
    async (locale, google, googleReason, facebook, facebookReason) => {
      const { calls } = renderLogin({});
      if (locale === 'en') {
        await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Idioma' }), 'en');
      }
      const googleButton = await screen.findByRole('button', { name: google });
      await tabTo(googleButton);
      expect(googleButton).toHaveAttribute('aria-disabled', 'true');
      expect(googleButton).toHaveAccessibleDescription(googleReason);
      await userEvent.tab();
      expect(screen.getByRole('button', { name: facebook })).toHaveFocus();
      expect(screen.getByRole('button', { name: facebook })).toHaveAccessibleDescription(facebookReason);

      // Pressed, it does nothing: no navigation, no call to the server.
      const before = calls.length;
      await userEvent.click(googleButton);
      await userEvent.keyboard('{Enter}');
      expect(screen.getByRole('button', { name: google })).toBeInTheDocument();
      expect(calls).toHaveLength(before);
    },
  );

  it('keeps a configured provider a plain link to its sign-in, with no reason attached', async () => {
    renderLogin({ 'GET /api/auth/providers': () => json(200, { google: true, facebook: false }) });
    const google = await screen.findByRole('link', { name: 'Continuar con Google' });
    expect(google).toHaveAttribute('href', '/api/auth/oauth/google?locale=es');
    expect(google).not.toHaveAttribute('aria-disabled');
    expect(google).toHaveAccessibleDescription('');
    await tabTo(google);
    expect(screen.getByRole('button', { name: 'Continuar con Facebook' })).toHaveAccessibleDescription(
      'Facebook no está configurado en este servidor',
    );
  });

  it('tells a phone number apart and says phone sign-in is not available, without calling the server', async () => {
    const { calls } = renderLogin({});
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), '+34 600 123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar con correo electrónico' }));
    expect(
      await screen.findByText('El inicio de sesión con número de teléfono no está disponible'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /api/auth/email/start')).toBe(false);
  });

  it('shows the server phone-login error from its code', async () => {
    renderLogin({
      'POST /api/auth/email/start': () =>
        json(400, { error: { code: 'PHONE_LOGIN_UNSUPPORTED', message: 'Phone login is not supported' } }),
    });
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), 'ana@ejemplo.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar con correo electrónico' }));
    expect(
      await screen.findByText('El inicio de sesión con número de teléfono no está disponible'),
    ).toBeInTheDocument();
  });

  it('asks for the code in a modal, shows catalogue errors, and sends a new account to /welcome', async () => {
    let attempt = 0;
    const { calls } = renderLogin({
      'POST /api/auth/email/start': () => json(204),
      'POST /api/auth/login': () =>
        ++attempt === 1
          ? json(400, { error: { code: 'CODE_INVALID', message: 'Invalid code' } })
          : json(200, { accessToken: 'token', user: { ...user, isRegistration: true } }),
    });
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), 'Ana@Ejemplo.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar con correo electrónico' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ana@Ejemplo.com');
    expect(calls.find((call) => call.key === 'POST /api/auth/email/start')?.body).toEqual({
      email: 'Ana@Ejemplo.com',
      locale: 'es',
    });

    const verify = screen.getByRole('button', { name: 'Verificar' });
    expect(verify).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Código de verificación'), '123456');
    await userEvent.click(verify);
    expect(
      await screen.findByText('El código no es correcto. Revísalo e inténtalo de nuevo'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('welcome page')).toBeInTheDocument();
    expect(sessionStore.get().accessToken).toBe('token');
    expect(calls.filter((call) => call.key === 'POST /api/auth/login').at(-1)?.body).toEqual({
      method: 'email',
      email: 'Ana@Ejemplo.com',
      code: '123456',
    });
  });

  it.each([
    ['CODE_EXPIRED', 'El código ha caducado. Pide uno nuevo'],
    ['CODE_ATTEMPTS_EXCEEDED', 'Demasiados intentos fallidos. Pide un código nuevo'],
    ['RATE_LIMITED', 'Demasiados intentos. Espera un momento y vuelve a intentarlo'],
  ])('signs in from the e-mail link and maps %s to its message', async (code, message) => {
    renderLogin(
      { 'POST /api/auth/login': () => json(400, { error: { code, message: 'x' } }) },
      '/login?email=ana%40ejemplo.com&code=654321',
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Código de verificación')).toHaveValue('654321');
  });

  it('says in how many minutes to try again when the refusal tells', async () => {
    renderLogin(
      {
        'POST /api/auth/login': () =>
          new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'x' } }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '2650' },
          }),
      },
      '/login?email=ana%40ejemplo.com&code=654321',
    );
    expect(
      await screen.findByText('Demasiados intentos. Vuelve a intentarlo dentro de 45 minutos'),
    ).toBeInTheDocument();
  });

  it('goes straight to /chat for an existing account opened from the e-mail link', async () => {
    const { calls } = renderLogin(
      {
        'POST /api/auth/login': () =>
          json(200, { accessToken: 't', user: { ...user, firstName: 'Ana', isRegistration: false } }),
      },
      '/login?email=ana%40ejemplo.com&code=654321',
    );
    expect(await screen.findByText('chat page')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.key === 'POST /api/auth/login')).toHaveLength(1));
  });

  it('switches to English and remembers it', async () => {
    renderLogin({});
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Idioma' }), 'en');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('redacta.locale')).toBe('en');
  });

  it(
    'says an error already on screen again in the language the user switches to',
    { timeout: 15_000 },
    async () => {
      renderLogin({});
      const field = await screen.findByLabelText('Correo electrónico');
      await userEvent.type(field, 'ana@');
      await userEvent.click(screen.getByRole('button', { name: 'Continuar con correo electrónico' }));
      expect(
        await screen.findByText('Introduce una dirección de correo electrónico válida'),
      ).toBeInTheDocument();

      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'en');
      expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
      expect(screen.queryByText('Introduce una dirección de correo electrónico válida')).toBeNull();
    },
  );

  it('says why an address whose organisation requires SSO gets no code, and makes "Continuar con SSO" the main action', async () => {
    const { calls } = renderLogin({
      'POST /api/auth/email/start': () =>
        json(403, { error: { code: 'SSO_REQUIRED', message: 'Addresses at acme.es sign in with SSO' } }),
    });
    const sso = await screen.findByRole('button', { name: 'Continuar con SSO' });
    expect(sso).not.toHaveClass('bg-primary');
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'marta@acme.es');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar con correo electrónico' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tu organización inicia sesión con inicio de sesión único (SSO). Usa «Continuar con SSO»',
    );
    expect(sso).toHaveClass('bg-primary');
    expect(calls.filter((call) => call.key === 'POST /api/auth/email/start')).toHaveLength(1);
  });

  it('shows why a Google or Facebook sign-in came back when the organisation requires SSO', async () => {
    renderLogin({}, '/login?error=SSO_REQUIRED');
    expect(await screen.findByRole('alert')).toHaveTextContent('Usa «Continuar con SSO»');
    expect(screen.getByRole('button', { name: 'Continuar con SSO' })).toHaveClass('bg-primary');
  });
});
