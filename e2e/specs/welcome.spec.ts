import { expect, newEmail, test } from '../fixtures.ts';

test.describe('/welcome', () => {
  test('a signed-out visitor goes to /login without seeing the names form', async ({ page, loginPage }) => {
    let formShown = false;
    await page.exposeFunction('reportForm', () => {
      formShown = true;
    });
    // Watch from the first paint: the form must never appear, not even before the bounce.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('input[autocomplete="given-name"]')) {
          (window as unknown as { reportForm: () => void }).reportForm();
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto('/welcome');
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginPage.email).toBeVisible();
    expect(formShown).toBe(false);
  });

  test('a new account that reloads /welcome keeps its session and finishes there', async ({
    page,
    loginPage,
    welcomePage,
  }) => {
    await loginPage.goto();
    await loginPage.signIn(newEmail('welcome'));
    await expect(page).toHaveURL(/\/welcome/);
    await page.reload();
    await welcomePage.submitNames('Marta', 'Ruiz');
    await expect(page).toHaveURL(/\/chat/);
    await expect(page.getByRole('heading', { name: '¡Hola, Marta! ¿Qué escribimos hoy?' })).toBeVisible();
  });
});
