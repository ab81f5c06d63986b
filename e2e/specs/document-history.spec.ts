/* eslint-disable no-empty-pattern -- Playwright reads a test's fixtures from its first parameter's object pattern; these tests use only the team set up once for all of them. */
import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { chooseLanguage } from '../support/language.ts';
import { liveTeam } from '../support/live-team-setup.ts';

/** The document's text without the other person's caret and its name label (widgets in the text). */
const textOf = (panel: DocumentPanel) =>
  panel.editor.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy
      .querySelectorAll('[contenteditable="false"], span.pointer-events-none')
      .forEach((widget) => widget.remove());
    return copy.textContent;
  });
const showsText = (panel: DocumentPanel, text: string) =>
  expect.poll(() => textOf(panel), { timeout: 15_000 }).toBe(text);

const history = (page: Page) => page.getByRole('dialog', { name: /Historial de versiones|Version history/ });
const historyButton = (page: Page) =>
  new DocumentPanel(page).root.getByRole('button', { name: /^(Historial|History)$/ });

/**
 * The version history of a shared project's document, used by its owner and a teammate in two
 * browsers: a named version saved, the document changed, the version restored exactly for both, and
 * the restore undone by restoring the version saved just before it.
 */
test.describe.serial('document history', () => {
  const live = liveTeam();

  test('a version restored exactly: the teammate sees the restored text, and the restore can be undone', async ({}, testInfo) => {
    const { team } = live;
    const [ownerPanel, teammatePanel] = [new DocumentPanel(team.owner), new DocumentPanel(team.teammate)];
    const approved = 'Eslogan aprobado: escribe menos, vende más';
    await ownerPanel.editor.click();
    await team.owner.keyboard.type(approved);
    await showsText(teammatePanel, approved);
    await ownerPanel.waitUntilSaved();

    // The owner saves it as a named version; closing the panel gives the focus back to its button.
    await historyButton(team.owner).click();
    const ownerHistory = history(team.owner);
    await ownerHistory.getByLabel('Nombre de la versión (opcional)').fill('Aprobada por el cliente');
    await ownerHistory.getByRole('button', { name: 'Guardar versión' }).click();
    await expect(ownerHistory.getByTestId('version-list')).toContainText('Aprobada por el cliente');
    await expect(ownerHistory.getByTestId('version-list')).toContainText('Carmen Vidal');
    await team.owner.keyboard.press('Escape');
    await expect(ownerHistory).toBeHidden();
    await expect(historyButton(team.owner)).toBeFocused();

    // The teammate rewrites part of it.
    await teammatePanel.caretToEnd();
    await team.teammate.keyboard.type(' y además regala envíos');
    const changed = `${approved} y además regala envíos`;
    await showsText(ownerPanel, changed);
    await teammatePanel.waitUntilSaved();

    // The teammate opens the named version: read-only, the words a restore would take away struck out.
    await historyButton(team.teammate).click();
    const teammateHistory = history(team.teammate);
    await teammateHistory.getByRole('button', { name: /Aprobada por el cliente/ }).click();
    const preview = teammateHistory.getByTestId('version-preview');
    await expect(preview).toContainText(approved);
    await expect(preview.locator('del')).toContainText('regala envíos');
    await expect(preview.locator('ins')).toHaveCount(0);
    await keepScreenshot(team.teammate, testInfo, 'document-history-1280-es');

    await teammateHistory.getByRole('button', { name: 'Restaurar esta versión' }).click();
    await expect(teammateHistory).toBeHidden();
    await expect(historyButton(team.teammate)).toBeFocused();
    // Restored exactly, for both of them.
    await showsText(teammatePanel, approved);
    await showsText(ownerPanel, approved);
    expect(await ownerPanel.editor.locator('p').count()).toBe(1);
    expect(await teammatePanel.editor.locator('p').count()).toBe(1);

    // Undone by restoring the version saved just before the restore.
    await historyButton(team.owner).click();
    const before = history(team.owner)
      .getByRole('button', { name: /Antes de restaurar/ })
      .first();
    await before.click();
    await expect(history(team.owner).getByTestId('version-preview').locator('ins')).toContainText(
      'regala envíos',
    );
    await history(team.owner).getByRole('button', { name: 'Restaurar esta versión' }).click();
    await showsText(ownerPanel, changed);
    await showsText(teammatePanel, changed);
  });

  test('screenshots of the history at 1280 and 390 px in Spanish and English', async ({}, testInfo) => {
    const { team } = live;
    const page = team.owner;
    for (const language of ['es', 'en'] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await chooseLanguage(page, language);
        await page.goto(`/chat?project=${team.projectId}`);
        if (width === 390) await page.getByRole('tab', { name: /Documento|Document/ }).click();
        await expect(page.getByRole('textbox', { name: /Texto del documento|Document text/ })).toBeVisible({
          timeout: 30_000,
        });
        await historyButton(page).click();
        const dialog = history(page);
        await dialog.getByRole('button', { name: /Aprobada por el cliente/ }).click();
        await expect(dialog.getByTestId('version-preview')).toBeVisible();
        await keepScreenshot(page, testInfo, `document-history-${width}-${language}`);
        if (width === 390) {
          // On a phone the version takes the screen; its way back returns to the list.
          await dialog.getByRole('button', { name: /Volver a la lista|Back to the list/ }).click();
          await expect(dialog.getByTestId('version-list')).toBeVisible();
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooseLanguage(page, 'es');
  });
});
