/* eslint-disable no-empty-pattern -- Playwright reads a test's fixtures from its first parameter's object pattern; these tests use only the owners set up once for all of them. */
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, signUpIn, test } from '../fixtures.ts';
import { describeFindings, desktopLooks, phoneLooks, scanLooks, settle } from '../support/a11y.ts';
import { ownServer } from '../support/own-server.ts';

/**
 * Settings → SCIM on an Enterprise workspace (made so with the operator command, as an administrator
 * would): the owner copies the base URL, makes the token (shown once), which an identity provider then
 * uses; rotating stops the old token, revoking the new one. The spec runs its own server: the operator
 * command opens the server's PGlite database, which only one process may hold. Both owners sign up
 * before the first test, and one stop of the server makes both workspaces Enterprise.
 */

/** What the spec reads and clicks, in each of the app's languages. */
const words = {
  es: {
    browser: 'es-ES',
    profileMenu: 'Menú de perfil',
    openMenu: 'Abrir menú',
    baseUrl: 'URL base de SCIM',
    noToken: 'Aún no hay token de SCIM',
    create: 'Crear token',
    shownTitle: 'Tu token de SCIM',
    copy: 'Copiar',
    copied: 'Copiado',
    done: 'Listo',
    neverUsed: 'Último usoNunca',
    rotate: 'Rotar token',
    confirmRotate: 'Rotar',
    revoke: 'Revocar',
    revoked: 'Token de SCIM revocado',
  },
  en: {
    browser: 'en-GB',
    profileMenu: 'Profile menu',
    openMenu: 'Open menu',
    baseUrl: 'SCIM base URL',
    noToken: 'No SCIM token yet',
    create: 'Create token',
    shownTitle: 'Your SCIM token',
    copy: 'Copy',
    copied: 'Copied',
    done: 'Done',
    neverUsed: 'Last usedNever',
    rotate: 'Rotate token',
    confirmRotate: 'Rotate',
    revoke: 'Revoke',
    revoked: 'SCIM token revoked',
  },
} as const;
type Language = keyof typeof words;

/** Nothing on the page scrolls it sideways at `width`; a screenshot kept for a look. */
async function shoot(page: Page, testInfo: TestInfo, name: string, width: number) {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
  await keepScreenshot(page, testInfo, `${name}-${width}`);
}

/** An identity provider's request with the token: the status of `GET /scim/v2/Users`. */
async function listUsers(baseURL: string, token: string): Promise<number> {
  const response = await fetch(`${baseURL}/scim/v2/Users`, { headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

/** Settings → SCIM through the profile menu (desktop) or the slide-in menu (phone). */
async function openScimSettings(page: Page, w: (typeof words)[Language], width: number) {
  await page.getByRole('button', { name: width < 768 ? w.openMenu : w.profileMenu }).click();
  await page.getByRole('link', { name: 'SCIM', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/scim$/);
}

const looks = [
  ['es', 1280],
  ['en', 390],
] as const;

test.describe('SCIM settings', () => {
  // The tests take turns in one worker, on the server and owners set up once before them.
  test.describe.configure({ mode: 'default' });
  const own = ownServer('scim');
  let url = '';
  const owners = new Map<Language, { context: BrowserContext; page: Page }>();

  test.beforeAll(async ({ browser }) => {
    // A start, the sign-ups, the operator commands and a second start: minutes on a loaded machine.
    test.setTimeout(600_000);
    ({ url } = await own.start());
    const workspaceIds: string[] = [];
    for (const [language, width] of looks) {
      const w = words[language];
      const context = await browser.newContext({
        baseURL: url,
        locale: w.browser,
        viewport: { width, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const page = await context.newPage();
      await signUpIn(page, w.browser);
      // The app keeps the workspace it opened once its list has loaded, a moment after signing in.
      const storedWorkspace = () => page.evaluate(() => localStorage.getItem('workspaceId'));
      await expect.poll(storedWorkspace).toMatch(/^[0-9a-f-]{36}$/);
      workspaceIds.push((await storedWorkspace())!);
      owners.set(language, { context, page });
    }
    await own.admin(...workspaceIds.map((id) => ['set-plan', id, 'enterprise', '--seats', '5']));
  });
  test.afterAll(async () => {
    for (const { context } of owners.values()) await context.close();
  });

  for (const [language, width] of looks) {
    const w = words[language];

    test(`make the token, use it, rotate it, revoke it (${language}, ${width} px)`, async ({}, testInfo) => {
      test.setTimeout(240_000);
      const { context, page } = owners.get(language)!;
      await page.goto('/chat');

      await openScimSettings(page, w, width);
      await expect(page.getByLabel(w.baseUrl, { exact: true })).toHaveValue(/\/scim\/v2$/);
      await expect(page.getByRole('heading', { name: w.noToken })).toBeVisible();
      await shoot(page, testInfo, `scim-empty-${language}`, width);

      await page.getByRole('button', { name: w.create }).click();
      const shown = page.getByRole('dialog', { name: w.shownTitle });
      const value = shown.getByTestId('scim-token-value');
      await expect(value).toHaveValue(/^rds_[A-Za-z0-9_-]{20,}$/);
      await shown.getByRole('button', { name: new RegExp(`^${w.copy}`) }).click();
      await expect(shown.getByRole('button', { name: new RegExp(`^${w.copied}`) })).toBeVisible();
      const token = await page.evaluate(() => navigator.clipboard.readText());
      expect(token).toBe(await value.inputValue());
      // A click beside the dialog (on the dimmed page) does not throw the token away.
      await page.mouse.click(8, 8);
      await expect(value).toHaveValue(token);
      await shoot(page, testInfo, `scim-token-shown-${language}`, width);
      const findings = await scanLooks(
        page,
        `the new SCIM token (${language})`,
        width < 768 ? phoneLooks : desktopLooks,
      );
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width, height: 900 });
      await shown.getByRole('button', { name: w.done }).click();
      await expect(shown).toBeHidden();
      await expect(page.getByTestId('scim-token-value')).toHaveCount(0);
      await expect(page.getByRole('button', { name: w.rotate })).toBeFocused();

      const card = page.getByTestId('scim-token');
      await expect(card).toContainText(token.slice(0, 12));
      await expect(card).toContainText(w.neverUsed);
      expect(await listUsers(url, token)).toBe(200);
      await page.reload();
      await expect(card).not.toContainText(w.neverUsed);
      await shoot(page, testInfo, `scim-token-${language}`, width);
      findings.push(
        ...(await scanLooks(
          page,
          `the SCIM settings (${language})`,
          width < 768 ? phoneLooks : desktopLooks,
        )),
      );
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width, height: 900 });
      expect(findings, describeFindings(findings)).toEqual([]);

      // Rotating: Escape leaves the question with the focus back on its button; confirmed, a new token.
      const rotate = page.getByRole('button', { name: w.rotate });
      await rotate.click();
      await page.keyboard.press('Escape');
      await expect(rotate).toBeFocused();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: w.confirmRotate, exact: true }).click();
      const rotated = await page.getByTestId('scim-token-value').inputValue();
      expect(rotated).not.toBe(token);
      await page.getByRole('button', { name: w.done }).click();
      expect(await listUsers(url, token)).toBe(401);
      expect(await listUsers(url, rotated)).toBe(200);

      await page.getByRole('button', { name: w.revoke, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: w.revoke, exact: true }).click();
      await expect(page.getByText(w.revoked)).toBeVisible();
      await expect(page.getByRole('heading', { name: w.noToken })).toBeVisible();
      expect(await listUsers(url, rotated)).toBe(401);
      await context.close();
    });
  }
});
