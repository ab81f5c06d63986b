import { expect, newEmail, test } from '../fixtures.ts';
import { waitForCode } from '../support/mailbox.ts';

test('switching the language to English translates the app and is remembered', async ({
  page,
  signUp,
  shell,
}) => {
  await signUp({ firstName: 'Lucía' });
  await shell.openProfileMenu();
  await page.getByLabel('Idioma', { exact: true }).selectOption({ label: 'English' });

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');
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

test.describe('a browser that prefers British English', () => {
  test.use({ locale: 'en-GB' });

  test('a visitor without a session who opens the chat signs in in English', async ({ page }) => {
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Sign in to Redacta' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('starts in English, signs up in English, and an error on screen follows a switch to Spanish', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Sign in to Redacta' })).toBeVisible();
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');

    // An error already on screen is said again in the language the user switches to.
    await page.getByLabel('Email').fill('ana@');
    await page.getByRole('button', { name: 'Continue with email' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Español' });
    await expect(page.getByText('Introduce una dirección de correo electrónico válida')).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toHaveCount(0);
    await page.getByLabel('Idioma', { exact: true }).selectOption({ label: 'English' });
    await expect(page.getByText('Enter a valid email address')).toBeVisible();

    const email = newEmail('en-gb');
    const since = new Date(Date.now() - 1_000);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue with email' }).click();
    await page.getByLabel('Verification code').fill(await waitForCode(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/welcome/);
    await page.getByLabel('First name', { exact: true }).fill('Emma');
    await page.getByLabel('Last name', { exact: true }).fill('Clarke');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hi Emma! What shall we write today?' })).toBeVisible();
  });

  test('the user’s choice wins over the browser’s language, across reloads', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Español' });
    await expect(page.getByRole('heading', { name: 'Inicia sesión en Redacta' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByLabel('Idioma', { exact: true })).toHaveValue('es');
  });
});

test.describe('a browser that prefers French', () => {
  test.use({ locale: 'fr-FR' });

  test('starts in Spanish', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByLabel('Idioma', { exact: true })).toHaveValue('es');
  });
});

test('a Spanish account opens in Spanish on an English browser with no choice saved, never fetching English texts', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp({ firstName: 'Lucía' });
  // Another device: the same session cookie, nothing stored, a browser that prefers English.
  const { cookies } = await page.context().storageState();
  const device = await browser.newContext({
    locale: 'en-GB',
    baseURL,
    storageState: { cookies, origins: [] },
  });
  try {
    const other = await device.newPage();
    const englishTexts: string[] = [];
    other.on('request', (request) => {
      if (/\/en(-[\w-]+)?\.(js|json)\b/.test(new URL(request.url()).pathname))
        englishTexts.push(request.url());
    });
    await other.goto('/chat');
    await expect(other.getByRole('heading', { name: /Lucía/ })).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Búsqueda en tiempo real' })).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'es');
    expect(englishTexts).toEqual([]);
  } finally {
    await device.close();
  }
});
