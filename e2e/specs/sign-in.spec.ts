import { expect, newEmail, test } from '../fixtures.ts';

test.describe('sign-in with an e-mail code', () => {
  test('a new user signs in with the mailed code, gives their name and lands on the empty chat', async ({
    page,
    loginPage,
    welcomePage,
    shell,
  }) => {
    const email = newEmail('new');
    await loginPage.goto();
    // Spanish by default, whatever the browser's language (Chromium here says en-US).
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await loginPage.signIn(email);
    await expect(page).toHaveURL(/\/welcome/);
    await welcomePage.submitNames('Lucía', 'Fernández');

    await expect(page).toHaveURL(/\/chat/);
    await expect(shell.sidebar).toBeVisible();
    // Empty chat: a welcome and the three starter categories (spec §1).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const category of [
      /búsqueda en tiempo real/i,
      /contenido (de formato )?largo/i,
      /lluvia de ideas/i,
    ]) {
      await expect(page.getByRole('heading', { name: category })).toBeVisible();
    }
  });

  test('logging out returns to /login, and a returning user skips /welcome', async ({
    page,
    signUp,
    loginPage,
    shell,
  }) => {
    const { email } = await signUp();
    await shell.logOut();
    await expect(page).toHaveURL(/\/login/);
    // The session is really gone: a signed-in page sends us back to /login.
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login/);

    await loginPage.signIn(email);
    await expect(page).toHaveURL(/\/chat/);
  });

  test('a phone number gets the "not available" message', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.requestCode('+34 612 345 678');
    await expect(
      page.getByText('El inicio de sesión con número de teléfono no está disponible'),
    ).toBeVisible();
    await expect(loginPage.code).toBeHidden();
  });
});
