import { expect, keepScreenshot, test } from '../fixtures.ts';

test.describe('responsive layout', () => {
  test('at 768 px and below the sidebar gives way to the mobile header', async ({ page, signUp, shell }) => {
    await signUp();

    await page.setViewportSize({ width: 769, height: 800 });
    await expect(shell.sidebar).toBeVisible();
    await expect(shell.mobileHeader).toBeHidden();

    await page.setViewportSize({ width: 768, height: 800 });
    await expect(shell.sidebar).toBeHidden();
    await expect(shell.mobileHeader).toBeVisible();
    await shell.mobileMenu.click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(shell.sidebar).toBeVisible();
    await expect(shell.mobileHeader).toBeHidden();
  });

  test('screenshots of /login and /chat at 1280 and 390 px', async ({
    page,
    signUp,
    loginPage,
  }, testInfo) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await loginPage.goto();
      await keepScreenshot(page, testInfo, `login-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 844 });
    await signUp();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(page.getByRole('heading', { name: 'Contenido extenso' })).toBeVisible();
      await keepScreenshot(page, testInfo, `chat-${width}`);
    }
  });
});
