import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { describeFindings, scan } from '../support/a11y.ts';
import { chooseLanguage } from '../support/language.ts';

const PARAGRAPH =
  'Nuestras zapatillas ligeras están hechas para correr cada día con la máxima comodidad. ' +
  'Realmente son muy resistentes, y además el diseño es moderno y muy elegante. ' +
  'Descubre la nueva colección en nuestra tienda y disfruta del envío gratis.';

const wordsOf = (text: string) => text.trim().split(/\s+/).length;

/** Signs up, writes a title and the paragraph, and waits until the server holds them. */
async function writeParagraph(page: Page, signUp: () => Promise<unknown>) {
  await signUp();
  const panel = new DocumentPanel(page);
  await panel.waitUntilReady();
  await panel.editor.click();
  await page.keyboard.type('Campaña de primavera');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText(PARAGRAPH);
  await panel.waitUntilSaved();
  return panel;
}

/** Selects the whole second paragraph, as a triple click does. */
async function selectParagraph(panel: DocumentPanel) {
  await panel.editor.locator('p').nth(1).click({ clickCount: 3 });
}

test.describe('AI on a selection of the document', () => {
  // Signing up, the editor's chunk and the live document each take a while on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('select a paragraph, shorten it, accept it as one change, and undo brings it back', async ({
    page,
    signUp,
  }, testInfo) => {
    const panel = await writeParagraph(page, signUp);
    await selectParagraph(panel);
    const menu = page.getByRole('menu', { name: 'Acciones de IA sobre la selección' });
    await expect(menu).toBeVisible();
    await expect(page.getByTestId('selection-transform')).toHaveAttribute('aria-keyshortcuts', /Control\+J/);
    await keepScreenshot(page, testInfo, 'transform-menu-1280-es');
    expect(describeFindings(await scan(page, 'transform menu'))).toBe('');

    await menu.getByRole('menuitem', { name: 'Acortar' }).click();
    const preview = page.getByRole('group', { name: 'Resultado de la IA' });
    await expect(preview.getByRole('status')).toHaveText('Listo', { timeout: 20_000 });
    await expect(preview.getByText(/redactor de demostración/)).toBeVisible();
    const result = (await page.getByTestId('transform-result').textContent())!.trim();
    expect(wordsOf(result)).toBeLessThan(wordsOf(PARAGRAPH));
    // The original stays as it was while the preview is shown.
    await expect(panel.editor.locator('p').nth(1)).toHaveText(PARAGRAPH);
    await keepScreenshot(page, testInfo, 'transform-preview-1280-es');
    expect(describeFindings(await scan(page, 'transform preview'))).toBe('');

    await preview.getByRole('button', { name: 'Aceptar' }).click();
    await expect(preview).toBeHidden();
    await expect(panel.editor.locator('p').nth(1)).toHaveText(result);
    await expect(panel.editor.locator('p').first()).toHaveText('Campaña de primavera');
    await expect(panel.wordCount).toHaveText(`${3 + wordsOf(result)} palabras`);

    await expect(panel.editor).toBeFocused();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(panel.editor.locator('p').nth(1)).toHaveText(PARAGRAPH);
    await expect(panel.editor.locator('p')).toHaveCount(2);
  });

  test('the keyboard opens the menu, moves through it and a submenu, and Escape returns to the text', async ({
    page,
    signUp,
  }) => {
    const panel = await writeParagraph(page, signUp);
    await panel.editor.locator('p').nth(1).click();
    await page.keyboard.press('ControlOrMeta+j');
    const menu = page.getByRole('menu', { name: 'Acciones de IA sobre la selección' });
    await expect(menu.getByRole('menuitem', { name: 'Reescribir' })).toBeFocused();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Traducir' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('menuitem', { name: 'Español' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Inglés' })).toBeFocused();
    await page.keyboard.press('Enter');

    const preview = page.getByRole('group', { name: 'Resultado de la IA' });
    await expect(preview.getByRole('status')).toHaveText('Listo', { timeout: 20_000 });
    await expect(page.getByTestId('transform-result')).toContainText('light sneakers');
    await expect(preview.getByRole('button', { name: 'Aceptar' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await expect(panel.editor).toBeFocused();
    await expect(panel.editor.locator('p').nth(1)).toHaveText(PARAGRAPH);

    await page.keyboard.press('ControlOrMeta+j');
    await expect(menu.getByRole('menuitem', { name: 'Reescribir' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(panel.editor).toBeFocused();

    // Closed for that selection only: a click elsewhere, then the same paragraph selected again, opens it.
    await panel.editor.locator('p').nth(0).click();
    await panel.editor.locator('p').nth(1).click({ clickCount: 3 });
    await expect(menu).toBeVisible();
  });

  test('a co-editor changes the selected text meanwhile: the result says so and does not replace it', async ({
    page,
    signUp,
  }) => {
    const panel = await writeParagraph(page, signUp);
    // The same project open in a second tab stands for a co-editor: the live document is the same.
    const link = await page
      .getByRole('region', { name: 'Recientes' })
      .getByRole('link')
      .first()
      .getAttribute('href');
    const other = await page.context().newPage();
    await other.goto(link!);
    const otherPanel = new DocumentPanel(other);
    await otherPanel.waitUntilReady();
    await expect(otherPanel.editor.locator('p').nth(1)).toHaveText(PARAGRAPH);

    await page.bringToFront();
    await selectParagraph(panel);
    await page.getByRole('menuitem', { name: 'Acortar' }).click();
    const preview = page.getByRole('group', { name: 'Resultado de la IA' });
    await expect(preview.getByRole('status')).toHaveText('Listo', { timeout: 20_000 });

    // The co-editor writes inside the selected text: after its first word.
    await otherPanel.editor.click();
    await other.keyboard.press('ControlOrMeta+Home');
    await other.keyboard.press('ArrowDown');
    await other.keyboard.press('Home');
    for (let i = 0; i < 'Nuestras'.length; i += 1) await other.keyboard.press('ArrowRight');
    await other.keyboard.type(' nuevas');
    const changed = PARAGRAPH.replace('Nuestras', 'Nuestras nuevas');
    await expect(panel.editor.locator('p').nth(1)).toHaveText(changed);

    await preview.getByRole('button', { name: 'Aceptar' }).click();
    await expect(preview.getByRole('alert')).toHaveText(/ha cambiado mientras tanto/);
    await expect(preview.getByRole('button', { name: 'Aceptar' })).toBeDisabled();
    await expect(panel.editor.locator('p').nth(1)).toHaveText(changed);
    await expect(otherPanel.editor.locator('p').nth(1)).toHaveText(changed);
    await other.close();
  });

  test('screenshots at 1280 and 390 px in Spanish and English', async ({ page, signUp }, testInfo) => {
    await writeParagraph(page, signUp);
    for (const language of ['es', 'en'] as const) {
      if (language === 'en') {
        await chooseLanguage(page, 'en');
        await page.reload();
      }
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        if (width === 390)
          await page.getByRole('tab', { name: language === 'es' ? 'Documento' : 'Document' }).click();
        const editor = page.getByTestId('document-panel').getByRole('textbox');
        await expect(editor).toBeVisible({ timeout: 30_000 });
        await editor.locator('p').nth(1).click({ clickCount: 3 });
        await expect(page.getByTestId('selection-transform')).toBeVisible();
        await keepScreenshot(page, testInfo, `transform-menu-${width}-${language}`);
        await page.getByRole('menuitem', { name: language === 'es' ? 'Alargar' : 'Lengthen' }).click();
        await expect(page.getByTestId('selection-transform').getByRole('status')).toHaveText(
          language === 'es' ? 'Listo' : 'Ready',
          { timeout: 20_000 },
        );
        await keepScreenshot(page, testInfo, `transform-preview-${width}-${language}`);
        const box = (await page.getByTestId('selection-transform').boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(describeFindings(await scan(page, `transform preview ${width} ${language}`))).toBe('');
        await page.getByRole('button', { name: language === 'es' ? 'Descartar' : 'Discard' }).click();
        await expect(page.getByTestId('selection-transform')).toBeHidden();
      }
    }
    await expect(page.getByTestId('document-panel').getByRole('textbox').locator('p').nth(1)).toHaveText(
      PARAGRAPH,
    );
  });
});
