import { expect, keepScreenshot, newEmail, test } from '../fixtures.ts';

/** The empty chat: a welcome and the three starter categories, in Spanish by default. */
const starterCategories = ['Búsqueda en tiempo real', 'Contenido extenso', 'Lluvia de ideas'];

test.describe('sign-in with an e-mail code', () => {
  test('a new user signs in with the mailed code, gives their name and lands on the empty chat', async ({
    page,
    loginPage,
    welcomePage,
    shell,
  }) => {
    const email = newEmail('new');
    await loginPage.goto();
    // Spanish by default, whatever the browser's language (this Chromium says en-US).
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await loginPage.signIn(email);
    await expect(page).toHaveURL(/\/welcome$/);
    await welcomePage.submitNames('Lucía', 'Fernández');

    // On the chat (the project it opens may already be in the address).
    await expect(page).toHaveURL(/\/chat(\?project=[0-9a-f-]+)?$/);
    await expect(shell.sidebar).toBeVisible();
    await expect(page.getByRole('heading', { name: '¡Hola, Lucía! ¿Qué escribimos hoy?' })).toBeVisible();
    for (const category of starterCategories) {
      const section = page.getByRole('region', { name: category });
      await expect(section.getByRole('heading', { name: category })).toBeVisible();
      await expect(section.getByRole('button')).toHaveCount(3); // three example prompts each
    }
  });

  test('logging out returns to /login; signing in again skips /welcome', async ({
    page,
    signUp,
    loginPage,
    shell,
  }) => {
    const { email } = await signUp({ firstName: 'Pablo', lastName: 'Gómez' });
    await shell.logOut();
    await expect(page).toHaveURL(/\/login$/);
    // The session is really gone: a signed-in page sends us back to /login.
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login$/);

    await loginPage.signIn(email);
    await expect(page).toHaveURL(/\/chat(\?project=[0-9a-f-]+)?$/);
    await expect(page.getByRole('heading', { name: '¡Hola, Pablo! ¿Qué escribimos hoy?' })).toBeVisible();
  });

  test('a phone number gets the "not available" message', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.requestCode('+34 612 345 678');
    await expect(
      page.getByText('El inicio de sesión con número de teléfono no está disponible'),
    ).toBeVisible();
    await expect(loginPage.code).toBeHidden();
  });

  test('the API refuses a phone number as identifier too', async ({ request }) => {
    const response = await request.post('/api/auth/email/start', {
      data: { email: '+34 612 345 678', locale: 'es' },
    });
    expect(response.status()).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'PHONE_LOGIN_UNSUPPORTED',
    );
  });
});

test.describe('social sign-in the server has no credentials for', () => {
  for (const [locale, language, reason] of [
    ['es', 'Español', 'Google no está configurado en este servidor'],
    ['en', 'English', 'Google sign-in is not set up on this server'],
  ] as const) {
    test(`in ${locale}, Google says why on keyboard focus and on hover, and does nothing`, async ({
      page,
      loginPage,
    }, testInfo) => {
      await loginPage.goto();
      await page.getByRole('combobox').selectOption({ label: language });
      const google = page.getByRole('button', { name: /Google/ });
      const hint = page.getByText(reason);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await expect(hint).toBeHidden();
        // The keyboard reaches it: the language select, then Google.
        await page.getByRole('combobox').focus();
        await page.keyboard.press('Tab');
        await expect(google).toBeFocused();
        await expect(google).toHaveAttribute('aria-disabled', 'true');
        await expect(google).toHaveAccessibleDescription(reason);
        await expect(hint).toBeVisible();
        await keepScreenshot(page, testInfo, `login-provider-hint-${width}-${locale}`);
        // Pressing it leaves the page where it is.
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/login$/);
        await google.blur();
        await expect(hint).toBeHidden();
      }
      await page.setViewportSize({ width: 1280, height: 844 });
      await page.getByRole('button', { name: /Facebook/ }).hover();
      await expect(page.getByText(reason.replace('Google', 'Facebook'))).toBeVisible();
      await expect(hint).toBeHidden();
    });
  }
});
