import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { describeFindings, desktopLooks, phoneLooks, scanLooks, settle } from '../support/a11y.ts';

/** What the spec reads and clicks, in each of the app's languages. */
const words = {
  es: {
    browser: 'es-ES',
    profileMenu: 'Menú de perfil',
    openMenu: 'Abrir menú',
    usage: 'Uso',
    message: 'Mensaje',
    send: 'Enviar',
    stop: 'Detener',
    total: /palabras? este mes$/,
    byMember: 'Por miembro',
    byProject: 'Por proyecto',
    budgetOf: (name: string) => `Presupuesto mensual de ${name}`,
    digitsOnly: 'Escribe solo cifras, sin puntos ni espacios, o déjalo vacío para no poner límite.',
    save: 'Guardar',
    saved: (name: string) => `Presupuesto de ${name} guardado`,
    export: 'Exportar CSV',
    csvHeading: 'Tipo,Nombre,Correo,Palabras,Presupuesto mensual',
    budgetUsed: 'Has agotado tu presupuesto de palabras',
  },
  en: {
    browser: 'en-GB',
    profileMenu: 'Profile menu',
    openMenu: 'Open menu',
    usage: 'Usage',
    message: 'Message',
    send: 'Send',
    stop: 'Stop',
    total: /words? this month$/,
    byMember: 'By member',
    byProject: 'By project',
    budgetOf: (name: string) => `Monthly budget of ${name}`,
    digitsOnly: 'Type digits only, without dots or spaces, or leave it empty for no cap.',
    save: 'Save',
    saved: (name: string) => `${name}'s budget saved`,
    export: 'Export CSV',
    csvHeading: 'Type,Name,Email,Words,Monthly budget',
    budgetUsed: 'You have used up your word budget',
  },
} as const;
type Words = (typeof words)[keyof typeof words];

/** Settings → Usage through the profile menu (desktop) or the slide-in menu (phone). */
async function openUsage(page: Page, w: Words, width: number) {
  await page.getByRole('button', { name: width < 768 ? w.openMenu : w.profileMenu }).click();
  await page.getByRole('link', { name: w.usage, exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/usage$/);
}

/** The page at its width: nothing scrolls it sideways; a screenshot is kept for a look. */
async function shoot(page: Page, testInfo: TestInfo, name: string, width: number) {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
  await keepScreenshot(page, testInfo, `${name}-${width}`);
}

for (const [language, width] of [
  ['es', 1280],
  ['en', 390],
] as const) {
  test.describe(`Usage and budgets (${language}, ${width} px)`, () => {
    const w = words[language];
    test.use({ locale: w.browser });

    test('the month’s words by member and project, their CSV, and a budget that stops the chat', async ({
      page,
      signUp,
    }, testInfo) => {
      await signUp({ firstName: 'Lucía', lastName: 'Fernández' });
      await page.setViewportSize({ width, height: 900 });
      const composer = page.getByRole('textbox', { name: w.message });
      await composer.fill('Un eslogan para una panadería de barrio');
      await composer.press('Enter');
      await expect(page.getByRole('button', { name: w.stop })).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByTestId('assistant-reply')).toHaveCount(1);

      await openUsage(page, w, width);
      const total = page.getByTestId('usage-total');
      await expect(total).toHaveText(w.total);
      const written = Number((await total.textContent())!.replace(/\D/g, ''));
      expect(written).toBeGreaterThan(0);
      const members = page.getByRole('list', { name: w.byMember });
      await expect(members.getByRole('listitem')).toHaveCount(1);
      await expect(members).toContainText('Lucía Fernández');
      await expect(page.getByRole('list', { name: w.byProject }).getByRole('listitem')).toHaveCount(1);
      // The chart (its own lazily loaded chunk) draws the same figures.
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await shoot(page, testInfo, `usage-${language}`, width);
      const findings = await scanLooks(page, `usage (${language})`, width < 768 ? phoneLooks : desktopLooks);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width, height: 900 });
      expect(findings, describeFindings(findings)).toEqual([]);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: w.export }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^redacta-usage-\d{4}-\d{2}\.csv$/);
      const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
      expect(csv.split('\r\n')[0]).toBe(w.csvHeading);
      expect(csv).toContain(`Lucía Fernández,`);
      expect(csv).toContain(`,${written},`);

      // A budget typed wrong is refused with the reason; one below what was written stops the chat.
      const budget = page.getByRole('textbox', { name: w.budgetOf('Lucía Fernández') });
      await budget.fill('12a');
      await page.getByRole('button', { name: w.save }).click();
      await expect(page.getByText(w.digitsOnly)).toBeVisible();
      await budget.fill('5');
      await budget.press('Enter');
      await expect(page.getByText(w.saved('Lucía Fernández'))).toBeVisible();
      await expect(budget).toHaveValue('5');
      await shoot(page, testInfo, `usage-budget-${language}`, width);

      await page.goBack();
      await page.goto('/chat');
      await expect(page.getByTestId('budget-notice')).toContainText(w.budgetUsed);
      await expect(page.getByRole('button', { name: w.send })).toBeDisabled();
      await shoot(page, testInfo, `usage-chat-${language}`, width);
    });
  });
}
