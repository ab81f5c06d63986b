import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { chooseLanguage } from '../support/language.ts';

/** A heading, a paragraph with bold and italic words, and a bulleted list, typed with the toolbar and shortcuts. */
async function writeSample(page: Page, panel: DocumentPanel) {
  await panel.editor.click();
  await panel.toolbarButton('Título 1').click();
  // A toolbar button hands the focus back to the text; typing before it has would type elsewhere.
  await expect(panel.editor).toBeFocused();
  await page.keyboard.type('Plan de lanzamiento');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Un café ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('intenso');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' y ');
  await page.keyboard.press('ControlOrMeta+i');
  await page.keyboard.type('suave');
  await page.keyboard.press('ControlOrMeta+i');
  await page.keyboard.press('Enter');
  await panel.toolbarButton('Lista con viñetas').click();
  await expect(panel.editor).toBeFocused();
  await page.keyboard.type('Tostado local');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Envío gratis');
}

/** Signs a new user up and waits for the document beside the chat. */
async function signUpBesideDocument(page: Page, signUp: () => Promise<unknown>) {
  await signUp();
  const panel = new DocumentPanel(page);
  await panel.waitUntilReady();
  return panel;
}

test.describe('the document beside the chat', () => {
  test('what is written is saved after a pause and is still there after a reload', async ({
    page,
    signUp,
  }, testInfo) => {
    const panel = await signUpBesideDocument(page, signUp);
    await expect(panel.root.getByText('Inserta respuestas del chat o escribe aquí')).toBeVisible();

    await writeSample(page, panel);
    await panel.waitUntilSaved();
    await expect(panel.wordCount).toHaveText('12 palabras');
    await expect(panel.characterCount).toHaveText('67 caracteres');
    await keepScreenshot(page, testInfo, 'document-1280-es');

    await page.reload();
    await panel.waitUntilReady();
    await expect(panel.editor.getByRole('heading', { level: 1 })).toHaveText('Plan de lanzamiento');
    await expect(panel.editor.locator('strong')).toHaveText('intenso');
    await expect(panel.editor.locator('em')).toHaveText('suave');
    await expect(panel.editor.getByRole('listitem')).toHaveText(['Tostado local', 'Envío gratis']);
    await expect(panel.wordCount).toHaveText('12 palabras');

    await panel.saveButton.click();
    await expect(page.getByText('¡Proyecto guardado correctamente!')).toBeVisible();
  });

  test('exports a Word file that opens as a zip with the text in word/document.xml', async ({
    page,
    signUp,
  }) => {
    const panel = await signUpBesideDocument(page, signUp);
    await writeSample(page, panel);

    const download = await panel.export('Word (.docx)');
    expect(download.suggestedFilename()).toMatch(/Sin título\.docx$/);
    const zip = await JSZip.loadAsync(await readFile(await download.path()));
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = xml.replace(/<[^>]+>/g, '');
    for (const part of [
      'Plan de lanzamiento',
      'Un café',
      'intenso',
      'suave',
      'Tostado local',
      'Envío gratis',
    ]) {
      expect(text).toContain(part);
    }
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');

    const markdown = await panel.export('Markdown (.md)');
    expect(markdown.suggestedFilename()).toMatch(/Sin título\.md$/);
    expect(await readFile(await markdown.path(), 'utf8')).toBe(
      '# Plan de lanzamiento\n\nUn café **intenso** y *suave*\n\n- Tostado local\n- Envío gratis\n',
    );
  });

  test('a chat reply inserted into the document lands as rich text and is saved', async ({
    page,
    signUp,
  }) => {
    const panel = await signUpBesideDocument(page, signUp);

    await page.getByRole('textbox', { name: 'Mensaje' }).fill('Escribe un eslogan para una cafetería');
    await page.getByRole('button', { name: 'Enviar' }).click();
    const reply = page.getByTestId('assistant-reply').last();
    const insert = reply.getByRole('button', { name: 'Insertar en el documento' });
    await expect(insert).toBeVisible({ timeout: 30_000 });
    // The reply's own text, not the labels around it (such as the demo writer's).
    const firstLine = (
      await reply.getByTestId('reply-text').locator('p, h1, h2, h3, li').first().innerText()
    ).trim();

    await insert.click();
    await expect(panel.editor).toContainText(firstLine);
    await panel.waitUntilSaved();

    await page.reload();
    await panel.waitUntilReady();
    await expect(panel.editor).toContainText(firstLine);
  });

  test('screenshots at 1280 and 390 px in Spanish and English', async ({ page, signUp, shell }, testInfo) => {
    const panel = await signUpBesideDocument(page, signUp);
    await keepScreenshot(page, testInfo, 'document-empty-1280-es');
    await writeSample(page, panel);
    await panel.waitUntilSaved();
    await page.keyboard.press('Shift+Home');
    await panel.toolbarButton('Enlace').click();
    const address = page.getByLabel('Dirección del enlace');
    await address.fill('cafe.example/envios');
    await keepScreenshot(page, testInfo, 'document-link-1280-es');
    await address.press('Enter');
    await expect(panel.editor.getByRole('link', { name: 'Envío gratis' })).toHaveAttribute(
      'href',
      'https://cafe.example/envios',
    );
    await panel.waitUntilSaved();
    for (const language of ['es', 'en'] as const) {
      if (language === 'en') {
        await page.setViewportSize({ width: 1280, height: 844 });
        await shell.openProfileMenu();
        await page.getByLabel('Idioma', { exact: true }).selectOption({ label: 'English' });
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await page.keyboard.press('Escape');
      }
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        if (width === 390)
          await page.getByRole('tab', { name: language === 'es' ? 'Documento' : 'Document' }).click();
        await expect(page.getByTestId('document-panel')).toBeVisible();
        await keepScreenshot(page, testInfo, `document-${width}-${language}`);
        await panel.exportButton.or(page.getByRole('button', { name: 'Export' })).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await keepScreenshot(page, testInfo, `document-export-${width}-${language}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
      }
    }
  });
});

const labels = {
  es: { tab: 'Documento', editor: 'Texto del documento', saved: 'Guardado' },
  en: { tab: 'Document', editor: 'Document text', saved: 'Saved' },
} as const;

for (const width of [1280, 390]) {
  for (const language of ['es', 'en'] as const) {
    test(`typing leaves the header and the toolbar where they are (${width} px, ${language})`, async ({
      page,
      signUp,
    }, testInfo) => {
      const text = labels[language];
      await page.setViewportSize({ width, height: 844 });
      await signUp();
      if (language === 'en') {
        await chooseLanguage(page, 'en');
        await page.reload();
      }
      if (width <= 768) await page.getByRole('tab', { name: text.tab }).click();
      const root = page.getByTestId('document-panel');
      const editor = root.getByRole('textbox', { name: text.editor });
      await expect(editor).toBeVisible({ timeout: 30_000 });
      const status = root.locator('[data-save-state]');
      await expect(status).toHaveText(text.saved);

      const header = root.getByTestId('document-header');
      const toolbar = root.getByRole('toolbar');
      const place = async () => {
        const [h, bar] = [await header.boundingBox(), await toolbar.boundingBox()];
        return { headerHeight: h!.height, toolbarTop: bar!.y, toolbarLeft: bar!.x };
      };
      const before = await place();

      await editor.click();
      for (const key of 'Hola, mundo') {
        await page.keyboard.type(key);
        expect(await place()).toEqual(before);
      }
      await keepScreenshot(page, testInfo, `document-typing-${width}-${language}`);
      await expect(status).toHaveText(text.saved, { timeout: 20_000 });
      expect(await place()).toEqual(before);
    });
  }
}
