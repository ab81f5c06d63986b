import type { Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { describeFindings, scanLooks, settle } from '../support/a11y.ts';
import { chooseLanguage } from '../support/language.ts';
import { docxWithText, pdfWithText } from '../support/knowledge-files.ts';

const PRICE = 'El plan Pro de Huerta Viva cuesta 29 euros al mes.';
const DELIVERY = 'Huerta Viva reparte sus cestas los martes y los viernes.';

/** The knowledge page at both widths in the language the page is in, kept for a look. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390] as const) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('knowledge', () => {
  test('upload a PDF and a DOCX, ask in the chat, follow a citation to its passage', async ({
    page,
    signUp,
  }, testInfo) => {
    // Two files processed, axe in four looks twice, and a streamed reply: longer than one screen's test.
    test.setTimeout(240_000);
    await signUp({ firstName: 'Lucía', lastName: 'Fernández' });
    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Marca' })
      .click();
    await page
      .getByRole('navigation', { name: 'Secciones de marca' })
      .getByRole('link', { name: 'Conocimiento' })
      .click();
    await expect(page).toHaveURL(/\/brand\/knowledge$/);
    await expect(page.getByRole('heading', { name: 'Aún no hay conocimiento' })).toBeVisible();
    await shoot(page, testInfo, 'knowledge-empty-es');

    await page.getByTestId('knowledge-file-input').setInputFiles([
      { name: 'tarifas.pdf', mimeType: 'application/pdf', buffer: pdfWithText(['Tarifas 2027', PRICE]) },
      {
        name: 'reparto.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await docxWithText('Reparto', [DELIVERY]),
      },
    ]);
    const pdf = page.getByRole('listitem', { name: 'tarifas.pdf' });
    const docx = page.getByRole('listitem', { name: 'reparto.docx' });
    await expect(pdf).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(docx).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(pdf).toContainText('Añadida por Lucía Fernández');

    const question = page.getByRole('searchbox', { name: 'Pregunta' });
    await question.fill('¿Cuánto cuesta el plan Pro?');
    await question.press('Enter');
    await expect(page.getByTestId('knowledge-passage').first()).toContainText('tarifas.pdf · Página 1');
    await shoot(page, testInfo, 'knowledge-ready-es');
    const findings = await scanLooks(page, 'knowledge page');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(findings, describeFindings(findings)).toEqual([]);

    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Chat' })
      .click();
    await expect(page.getByRole('button', { name: 'Conocimiento' })).toHaveAttribute('aria-pressed', 'true', {
      timeout: 30_000,
    });
    const composer = page.getByLabel('Mensaje', { exact: true });
    await composer.fill('Escribe un anuncio corto: cuánto cuesta el plan Pro de Huerta Viva');
    await composer.press('Enter');
    const reply = page.getByTestId('assistant-reply').last();
    await expect(reply).toContainText(PRICE, { timeout: 30_000 });
    const citation = reply.getByRole('button', { name: 'Fuente 1: tarifas.pdf' });
    await citation.click();
    const passage = page.getByRole('dialog', { name: /tarifas\.pdf/ });
    await expect(passage).toContainText('Página 1');
    await expect(passage).toContainText(PRICE);
    await keepScreenshot(page, testInfo, 'knowledge-citation-1280-es');
    const citationFindings = await scanLooks(page, 'open citation', undefined, async () => {
      if (!(await passage.isVisible())) await citation.click();
    });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(citationFindings, describeFindings(citationFindings)).toEqual([]);
    if (!(await passage.isVisible())) await citation.click();
    await page.keyboard.press('Escape');
    await expect(passage).toBeHidden();
    await expect(citation).toBeFocused();

    // The page in English, and deleting a source with its confirmation.
    await chooseLanguage(page, 'en');
    await page.goto('/brand/knowledge');
    const remove = page.getByRole('button', { name: 'Delete reparto.docx' });
    await expect(remove).toBeVisible();
    await shoot(page, testInfo, 'knowledge-ready-en');
    await remove.click();
    await page
      .getByRole('dialog', { name: 'Delete “reparto.docx”?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Source deleted')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'reparto.docx' })).toHaveCount(0);
  });

  test('a Markdown source’s passage shows its words without its marks, on the page and in a citation', async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signUp();
    await page.goto('/brand/knowledge');
    await page.getByTestId('knowledge-file-input').setInputFiles({
      name: 'variedades.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        '# Variedades\n\n**Picual Temprano** es un aceite _frutado_ de `cosecha temprana` que cuesta 12 euros.\n',
      ),
    });
    await expect(page.getByRole('listitem', { name: 'variedades.md' })).toHaveAttribute(
      'data-status',
      'ready',
      { timeout: 30_000 },
    );
    const plain = 'Picual Temprano es un aceite frutado de cosecha temprana que cuesta 12 euros.';
    const question = page.getByRole('searchbox', { name: 'Pregunta' });
    await question.fill('¿Cuánto cuesta el Picual Temprano?');
    await question.press('Enter');
    const found = page.getByTestId('knowledge-passage').first();
    await expect(found).toContainText(plain);
    await expect(found).not.toContainText('**');

    await page.goto('/chat');
    const composer = page.getByLabel('Mensaje', { exact: true });
    await composer.fill('Escribe un anuncio corto: cuánto cuesta el Picual Temprano');
    await composer.press('Enter');
    const reply = page.getByTestId('assistant-reply').last();
    const citation = reply.getByRole('button', { name: 'Fuente 1: variedades.md' });
    await expect(citation).toBeVisible({ timeout: 30_000 });
    for (const width of [1280, 390] as const) {
      await page.setViewportSize({ width, height: 900 });
      if (!(await page.getByRole('dialog').isVisible())) await citation.click();
      const passage = page.getByRole('dialog', { name: /variedades\.md/ });
      await expect(passage).toContainText(plain);
      await expect(passage).not.toContainText('**');
      await settle(page);
      await keepScreenshot(page, testInfo, `knowledge-markdown-citation-${width}-es`);
    }
  });
});
