import { expect, test } from '../fixtures.ts';

test('switching the language to English translates the app and is remembered', async ({ page, signUp }) => {
  await signUp();
  const language = page.getByLabel('Idioma');
  if (!(await language.isVisible())) await page.getByRole('button', { name: 'Menú de perfil' }).click();
  await language.selectOption({ label: 'English' });

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Language')).toHaveValue('en');
  await expect(page.getByRole('heading', { name: /real-time search/i })).toBeVisible();
  await expect(page.getByText(/búsqueda en tiempo real/i)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: /real-time search/i })).toBeVisible();
});
