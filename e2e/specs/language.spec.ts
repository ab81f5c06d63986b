import { expect, test } from '../fixtures.ts';

test('switching the language to English translates the app and is remembered', async ({
  page,
  signUp,
  shell,
}) => {
  await signUp({ firstName: 'Lucía' });
  await shell.openProfileMenu();
  await page.getByLabel('Idioma').selectOption({ label: 'English' });

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Language')).toHaveValue('en');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Hi Lucía! What shall we write today?' })).toBeVisible();
  for (const category of ['Real-time search', 'Long-form content', 'Brainstorm ideas']) {
    await expect(page.getByRole('heading', { name: category })).toBeVisible();
  }
  await expect(page.getByText('Búsqueda en tiempo real')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Real-time search' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
});
