import type { Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { settle } from '../support/a11y.ts';

/** What the spec reads and clicks, in each of the app's languages. */
const words = {
  es: {
    browser: 'es-ES',
    profileMenu: 'Menú de perfil',
    openMenu: 'Abrir menú',
    noKeys: 'Aún no hay claves de API',
    create: 'Crear clave',
    createTitle: 'Crear clave de API',
    name: 'Nombre',
    write: /^Escribir/,
    shownTitle: 'Tu nueva clave de API',
    copy: 'Copiar',
    copied: 'Copiada',
    stored: 'Ya la he guardado',
    revoke: (name: string) => `Revocar la clave «${name}»`,
    confirmRevoke: 'Revocar clave',
    revoked: (name: string) => `Clave «${name}» revocada`,
    neverUsed: 'Último usoNunca',
  },
  en: {
    browser: 'en-GB',
    profileMenu: 'Profile menu',
    openMenu: 'Open menu',
    noKeys: 'No API keys yet',
    create: 'Create key',
    createTitle: 'Create an API key',
    name: 'Name',
    write: /^Write/,
    shownTitle: 'Your new API key',
    copy: 'Copy',
    copied: 'Copied',
    stored: 'I have stored it',
    revoke: (name: string) => `Revoke the key “${name}”`,
    confirmRevoke: 'Revoke key',
    revoked: (name: string) => `Key “${name}” revoked`,
    neverUsed: 'Last usedNever',
  },
} as const;
type Language = keyof typeof words;

/** The page as it is, at both widths, kept for a look; back at `width` after. */
async function shoot(page: Page, testInfo: TestInfo, name: string, width: number) {
  for (const each of [1280, 390] as const) {
    await page.setViewportSize({ width: each, height: 900 });
    await settle(page);
    await keepScreenshot(page, testInfo, `${name}-${each}`);
  }
  await page.setViewportSize({ width, height: 900 });
}

/** Settings → API through the profile menu (desktop) or the slide-in menu (phone). */
async function openApiSettings(page: Page, w: (typeof words)[Language], width: number) {
  await page.getByRole('button', { name: width < 768 ? w.openMenu : w.profileMenu }).click();
  await page.getByRole('link', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/api$/);
}

/** What a program gets for `GET /api/workspace/list` with the key. */
async function callWithKey(baseURL: string, key: string): Promise<number> {
  const response = await fetch(`${baseURL}/api/workspace/list`, { headers: { authorization: `Bearer ${key}` } });
  return response.status;
}

for (const [language, width] of [
  ['es', 1280],
  ['en', 390],
] as const) {
  test.describe(`API settings (${language}, ${width} px)`, () => {
    const w = words[language];
    test.use({ locale: w.browser, permissions: ['clipboard-read', 'clipboard-write'] });

    test('make a key, copy it once, use it, revoke it', async ({ page, signUp, baseURL }, testInfo) => {
      await signUp();
      await page.setViewportSize({ width, height: 900 });
      await openApiSettings(page, w, width);
      await expect(page.getByRole('heading', { name: w.noKeys })).toBeVisible();
      await shoot(page, testInfo, `api-keys-empty-${language}`, width);

      const name = language === 'es' ? 'Sincronización del catálogo' : 'Catalogue sync';
      const opener = page.getByRole('button', { name: w.create });
      await opener.click();
      const form = page.getByRole('dialog', { name: w.createTitle });
      await form.getByLabel(w.name).fill(name);
      await form.getByRole('checkbox', { name: w.write }).check();
      await shoot(page, testInfo, `api-keys-form-${language}`, width);
      await form.getByRole('button', { name: w.create }).click();

      const shown = page.getByRole('dialog', { name: w.shownTitle });
      const value = shown.getByTestId('secret-value');
      await expect(value).toHaveValue(/^rdk_[A-Za-z0-9_-]{20,}$/);
      await shown.getByRole('button', { name: w.copy, exact: true }).click();
      await expect(shown.getByRole('button', { name: w.copied })).toBeVisible();
      const key = await page.evaluate(() => navigator.clipboard.readText());
      expect(key).toBe(await value.inputValue());
      await shoot(page, testInfo, `api-keys-shown-${language}`, width);
      await shown.getByRole('button', { name: w.stored }).click();
      await expect(shown).toBeHidden();
      // The empty state's button left with it: the list's own "create" takes the focus.
      await expect(page.getByRole('button', { name: w.create })).toBeFocused();
      await expect(page.getByTestId('secret-value')).toHaveCount(0);

      const row = page.getByRole('listitem', { name });
      await expect(row).toContainText(w.neverUsed);
      await expect(row).toContainText(key.slice(0, 12));
      expect(await callWithKey(baseURL!, key)).toBe(200);
      await page.reload();
      await expect(row).toBeVisible();
      await expect(row).not.toContainText(w.neverUsed);
      await shoot(page, testInfo, `api-keys-list-${language}`, width);

      const revoke = page.getByRole('button', { name: w.revoke(name) });
      await revoke.click();
      await page.keyboard.press('Escape');
      await expect(revoke).toBeFocused();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: w.confirmRevoke }).click();
      await expect(page.getByText(w.revoked(name))).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(page.getByRole('heading', { name: w.noKeys })).toBeVisible();
      expect(await callWithKey(baseURL!, key)).toBe(401);
    });
  });
}
