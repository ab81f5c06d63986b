import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { describeFindings, desktopLooks, phoneLooks, scanLooks, settle } from '../support/a11y.ts';

/** What the spec reads and clicks, in each of the app's languages. */
const words = {
  es: {
    browser: 'es-ES',
    profileMenu: 'Menú de perfil',
    openMenu: 'Abrir menú',
    link: 'Registro de actividad',
    list: 'Entradas del registro',
    renamed: 'Espacio de trabajo renombrado',
    exported: 'Registro de actividad exportado',
    failed: 'Inicio de sesión fallido',
    signedIn: 'Inicio de sesión',
    nameChange: 'Nombre: Mi espacio de trabajo → Equipo de marketing',
    action: 'Acción',
    noMatch: 'Nada coincide con estos filtros',
    from: 'Desde',
    clear: 'Quitar filtros',
    export: 'Exportar CSV',
    fileName: /^registro-de-actividad-\d{4}-\d{2}-\d{2}\.csv$/,
    person: 'Persona',
    revokedKey: 'API · Catálogo (revocada)',
    shared: 'Proyecto compartido',
  },
  en: {
    browser: 'en-GB',
    profileMenu: 'Profile menu',
    openMenu: 'Open menu',
    link: 'Audit log',
    list: 'Log entries',
    renamed: 'Workspace renamed',
    exported: 'Audit log exported',
    failed: 'Failed sign-in',
    signedIn: 'Signed in',
    nameChange: 'Name: My workspace → Equipo de marketing',
    action: 'Action',
    noMatch: 'Nothing matches these filters',
    from: 'From',
    clear: 'Clear filters',
    export: 'Export CSV',
    fileName: /^audit-log-\d{4}-\d{2}-\d{2}\.csv$/,
    person: 'Person',
    revokedKey: 'API · Catálogo (revoked)',
    shared: 'Project shared',
  },
} as const;

/** The page at both widths, kept for a look, and never wider than the window; back at `width` after. */
async function shoot(page: Page, testInfo: TestInfo, name: string, width: number) {
  for (const each of [1280, 390] as const) {
    await page.setViewportSize({ width: each, height: 900 });
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(each);
    await keepScreenshot(page, testInfo, `${name}-${each}`);
  }
  await page.setViewportSize({ width, height: 900 });
}

/** The signed-in person's access token and workspace, as a program of theirs would hold them. */
async function session(page: Page) {
  const refreshed = await page.request.get('/api/auth/refresh', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(refreshed.ok()).toBe(true);
  const { accessToken } = (await refreshed.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const list = await page.request.get('/api/workspace/list', { headers });
  const [workspace] = (await list.json()) as { id: string }[];
  return { headers, workspaceId: workspace!.id };
}

for (const [language, width] of [
  ['es', 1280],
  ['en', 390],
] as const) {
  test.describe(`audit log (${language}, ${width} px)`, () => {
    const w = words[language];
    test.use({ locale: w.browser });

    test('see sign-ins and a rename, filter them, and export them as CSV', async ({
      page,
      signUp,
    }, testInfo) => {
      const { email } = await signUp();
      const { headers, workspaceId } = await session(page);
      const renamed = await page.request.patch(`/api/workspace/rename/${workspaceId}`, {
        headers,
        data: { name: 'Equipo de marketing' },
      });
      expect(renamed.ok()).toBe(true);
      // Someone tries the address with a code that is not the one mailed.
      const wrong = await page.request.post('/api/auth/login', {
        data: { method: 'email', email, code: '000000' },
      });
      expect(wrong.status()).toBe(400);

      await page.setViewportSize({ width, height: 900 });
      await page.goto('/chat');
      await page.getByRole('button', { name: width < 768 ? w.openMenu : w.profileMenu }).click();
      await page.getByRole('link', { name: w.link }).click();
      await expect(page).toHaveURL(/\/settings\/audit$/);

      const list = page.getByRole('list', { name: w.list });
      const entries = list.locator(':scope > li');
      await expect(entries).toHaveCount(3);
      await expect(entries.nth(0)).toContainText(w.failed);
      await expect(entries.nth(1)).toContainText(w.renamed);
      await expect(entries.nth(1)).toContainText(w.nameChange);
      await expect(entries.nth(2)).toContainText(w.signedIn);
      await shoot(page, testInfo, `audit-log-${language}`, width);
      const findings = await scanLooks(
        page,
        `audit log (${language})`,
        width < 768 ? phoneLooks : desktopLooks,
      );
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width, height: 900 });
      expect(findings, describeFindings(findings)).toEqual([]);

      await page.getByLabel(w.action).selectOption('workspace.renamed');
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText(w.renamed);

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: w.export }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(w.fileName);
      const csv = await readFile((await download.path())!);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.subarray(3).toString('utf8').trimEnd().split('\r\n');
      expect(lines[0]).toBe('at,actor,action,target_type,target_id,target,before,after,ip,user_agent');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('workspace.renamed');

      // A day after today matches nothing; clearing the filters shows the whole log again.
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      await page.getByLabel(w.from).fill(tomorrow);
      await expect(page.getByRole('heading', { name: w.noMatch })).toBeVisible();
      // The export itself is now the newest entry.
      await page.getByRole('button', { name: w.clear }).click();
      await expect(entries).toHaveCount(4);
      await expect(entries.first()).toContainText(w.exported);
    });

    test('filter by who acted, a revoked key included, said as such', async ({ page, signUp }, testInfo) => {
      await signUp({ firstName: 'Olga', lastName: 'Dueña' });
      const { headers, workspaceId } = await session(page);
      // A key shares a project, and is then revoked: what it did stays findable by it.
      const made = await page.request.post(`/api/workspace/${workspaceId}/api-keys`, {
        headers,
        data: { name: 'Catálogo', scopes: ['read', 'write'] },
      });
      expect(made.status()).toBe(201);
      const key = (await made.json()) as { id: string; key: string };
      const byKey = { authorization: `Bearer ${key.key}` };
      const project = await page.request.post(`/api/workspace/${workspaceId}/project`, { headers: byKey });
      expect(project.status()).toBe(201);
      const { id: projectId } = (await project.json()) as { id: string };
      const shared = await page.request.patch(`/api/project/${projectId}/share-to-workspace`, {
        headers: byKey,
        data: { isShared: true },
      });
      expect(shared.ok()).toBe(true);
      expect((await page.request.delete(`/api/api-key/${key.id}`, { headers })).status()).toBe(204);

      await page.setViewportSize({ width, height: 900 });
      await page.goto('/settings/audit');
      const entries = page.getByRole('list', { name: w.list }).locator(':scope > li');
      await expect(entries.first()).toBeVisible();
      const person = page.getByLabel(w.person);
      await expect(person.getByRole('option', { name: w.revokedKey })).toHaveCount(1);
      await expect(person.getByRole('option', { name: 'Olga Dueña', exact: true })).toHaveCount(1);
      await person.selectOption({ label: w.revokedKey });
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText(w.shared);
      await expect(entries.first()).toContainText('API · Catálogo');
      await shoot(page, testInfo, `audit-log-actor-${language}`, width);
    });
  });
}
