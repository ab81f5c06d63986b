import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import {
  describeFindings,
  desktopLooks,
  phoneLooks,
  scanLooks,
  settle,
  type Finding,
} from '../support/a11y.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

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
    copied: 'Copiado',
    stored: 'Ya la he guardado',
    revoke: (name: string) => `Revocar la clave «${name}»`,
    confirmRevoke: 'Revocar clave',
    revoked: (name: string) => `Clave «${name}» revocada`,
    neverUsed: 'Último usoNunca',
    addEndpoint: 'Añadir endpoint',
    endpointTitle: 'Añadir endpoint',
    url: 'Dirección (URL)',
    versionSaved: /^Versión de documento guardada/,
    secretTitle: 'Secreto de firma',
    secretStored: 'Ya lo he guardado',
    on: 'Activo',
    showDeliveries: 'Ver entregas',
    redeliver: /^Reenviar document\.version_saved/,
    redelivered: 'Reenvío en cola',
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
    addEndpoint: 'Add endpoint',
    endpointTitle: 'Add an endpoint',
    url: 'Address (URL)',
    versionSaved: /^Document version saved/,
    secretTitle: 'Signing secret',
    secretStored: 'I have stored it',
    on: 'On',
    showDeliveries: 'Show deliveries',
    redeliver: /^Redeliver document\.version_saved/,
    redelivered: 'Redelivery queued',
  },
} as const;
type Language = keyof typeof words;

/** The page as it is, at both widths, kept for a look (none wider than the window); back at `width` after. */
async function shoot(page: Page, testInfo: TestInfo, name: string, width: number, inView?: Locator) {
  for (const each of [1280, 390] as const) {
    await page.setViewportSize({ width: each, height: 900 });
    // The page scrolls within the app's frame, which a screenshot shows as it is.
    await inView?.scrollIntoViewIfNeeded();
    await settle(page);
    // Nothing on the page scrolls it sideways (a table scrolls within its own frame).
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(each);
    await keepScreenshot(page, testInfo, `${name}-${each}`);
  }
  await page.setViewportSize({ width, height: 900 });
}

/**
 * Axe in both themes at the test's own width (the other width is the other language's test), then
 * back to the light theme at that width.
 */
async function scan(page: Page, screen: string, width: number): Promise<Finding[]> {
  const findings = await scanLooks(page, screen, width < 768 ? phoneLooks : desktopLooks);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width, height: 900 });
  return findings;
}

/** Settings → API through the profile menu (desktop) or the slide-in menu (phone). */
async function openApiSettings(page: Page, w: (typeof words)[Language], width: number) {
  await page.getByRole('button', { name: width < 768 ? w.openMenu : w.profileMenu }).click();
  await page.getByRole('link', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/api$/);
}

/** What a program gets for `GET /api/workspace/list` with the key. */
async function callWithKey(baseURL: string, key: string): Promise<number> {
  const response = await fetch(`${baseURL}/api/workspace/list`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return response.status;
}

/**
 * A program shares the project with the team (a private project's versions are announced to no
 * webhook) and saves a version of its document with the key: the event the webhook is for.
 */
async function saveVersionWithKey(baseURL: string, key: string, projectId: string): Promise<number[]> {
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${baseURL}/api/project/${projectId}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((response) => response.status);
  return [
    await send('PATCH', '/share-to-workspace', { isShared: true }),
    await send('POST', '/document/versions', { name: 'API' }),
  ];
}

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(() => receiver.close());

for (const [language, width] of [
  ['es', 1280],
  ['en', 390],
] as const) {
  test.describe(`API settings (${language}, ${width} px)`, () => {
    const w = words[language];
    test.use({ locale: w.browser, permissions: ['clipboard-read', 'clipboard-write'] });

    test('make a key, copy it once, use it; add a webhook, see its delivery, redeliver; revoke the key', async ({
      page,
      signUp,
      baseURL,
    }, testInfo) => {
      await signUp();
      await expect(page).toHaveURL(/[?&]project=/);
      const projectId = new URL(page.url()).searchParams.get('project')!;
      await page.setViewportSize({ width, height: 900 });
      await openApiSettings(page, w, width);
      await expect(page.getByRole('heading', { name: w.noKeys })).toBeVisible();
      await shoot(page, testInfo, `api-empty-${language}`, width);

      const name = language === 'es' ? 'Sincronización del catálogo' : 'Catalogue sync';
      await page.getByRole('button', { name: w.create }).click();
      const form = page.getByRole('dialog', { name: w.createTitle });
      await form.getByLabel(w.name).fill(name);
      await form.getByRole('checkbox', { name: w.write }).check();
      await shoot(page, testInfo, `api-key-form-${language}`, width);
      await form.getByRole('button', { name: w.create }).click();

      const shown = page.getByRole('dialog', { name: w.shownTitle });
      const value = shown.getByTestId('secret-value');
      await expect(value).toHaveValue(/^rdk_[A-Za-z0-9_-]{20,}$/);
      await shown.getByRole('button', { name: w.copy, exact: true }).click();
      await expect(shown.getByRole('button', { name: w.copied })).toBeVisible();
      const key = await page.evaluate(() => navigator.clipboard.readText());
      expect(key).toBe(await value.inputValue());
      await shoot(page, testInfo, `api-key-shown-${language}`, width);
      // A click beside the dialog (on the dimmed page) does not throw the key away.
      await page.mouse.click(8, 8);
      await expect(value).toHaveValue(key);
      const findings = await scan(page, `the new key (${language})`, width);
      await shown.getByRole('button', { name: w.stored }).click();
      await expect(shown).toBeHidden();
      // The empty state's button left with it: the list's own "create" takes the focus.
      await expect(page.getByRole('button', { name: w.create })).toBeFocused();
      await expect(page.getByTestId('secret-value')).toHaveCount(0);

      const row = page.getByRole('listitem', { name });
      await expect(row).toContainText(w.neverUsed);
      await expect(row).toContainText(key.slice(0, 12));
      expect(await callWithKey(baseURL!, key)).toBe(200);

      const path = `/hooks/${language}-${width}`;
      await page.getByRole('button', { name: w.addEndpoint }).click();
      const endpointForm = page.getByRole('dialog', { name: w.endpointTitle });
      await endpointForm.getByLabel(w.url).fill(receiver.url(path));
      await endpointForm.getByRole('checkbox', { name: w.versionSaved }).check();
      await endpointForm.getByRole('button', { name: w.addEndpoint }).click();
      const secretDialog = page.getByRole('dialog', { name: w.secretTitle });
      await expect(secretDialog.getByTestId('secret-value')).toHaveValue(/^whsec_/);
      await secretDialog.getByRole('button', { name: w.copy, exact: true }).click();
      await expect(secretDialog.getByRole('button', { name: w.copied })).toBeVisible();
      await secretDialog.getByRole('button', { name: w.secretStored }).click();
      await expect(page.getByRole('button', { name: w.addEndpoint })).toBeFocused();
      const endpoint = page.getByRole('listitem', { name: receiver.url(path) });
      await expect(endpoint.getByTestId('webhook-state')).toHaveText(w.on);

      // A program saves a version with the key; the receiver hears of it, signed.
      expect(await saveVersionWithKey(baseURL!, key, projectId)).toEqual([200, 201]);
      const toThisTest = () => receiver.received.filter((request) => request.path === path);
      await expect.poll(() => toThisTest().length).toBe(1);
      const [first] = toThisTest();
      expect(JSON.parse(first!.body)).toMatchObject({ type: 'document.version_saved' });
      expect(first!.headers['webhook-signature']).toMatch(/^v1,/);

      await endpoint.getByRole('button', { name: w.showDeliveries }).click();
      const deliveries = endpoint.getByTestId('webhook-delivery');
      await expect(deliveries).toHaveCount(1);
      await expect(deliveries.first()).toContainText('document.version_saved');
      await expect(deliveries.first()).toContainText('200');
      await page.reload();
      await expect(row).not.toContainText(w.neverUsed);
      await endpoint.getByRole('button', { name: w.showDeliveries }).click();
      await expect(deliveries).toHaveCount(1);
      if (width === 1280) {
        // On a desktop the whole log fits its column: Redeliver is never cut.
        const log = endpoint.getByRole('region');
        expect(await log.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      await shoot(page, testInfo, `api-lists-${language}`, width, deliveries.first());
      findings.push(...(await scan(page, `keys and webhooks (${language})`, width)));
      expect(findings, describeFindings(findings)).toEqual([]);

      await deliveries.first().getByRole('button', { name: w.redeliver }).click();
      await expect(page.getByText(w.redelivered)).toBeVisible();
      await expect.poll(() => toThisTest().length).toBe(2);
      expect(toThisTest()[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      await expect(deliveries).toHaveCount(2);

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
