import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { describeFindings, scanLooks } from '../support/a11y.ts';
import { chooseLanguage } from '../support/language.ts';

const REQUEST = 'Escribe un anuncio para una cafetería de barrio';

test.describe('versions side by side, composer controls, cost and rich copy', () => {
  test('asks for three versions, picks the second, inserts it; the controls stay with the project', async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(420_000);
    const chat = new ChatPage(page);
    await signUp();

    await page.getByRole('combobox', { name: 'Longitud' }).selectOption({ label: 'Corto (50–120 palabras)' });
    await page.getByRole('combobox', { name: 'Tono' }).selectOption({ label: 'Más formal' });
    await page.getByRole('radio', { name: '3 versiones' }).check();
    const meter = page.getByTestId('words-meter');
    const before = (await meter.textContent()) ?? '';
    await chat.ask(REQUEST);

    const variants = page.getByTestId('reply-variant');
    await expect(variants).toHaveCount(3);
    // The three stream side by side, each counting its words as they come.
    await expect(variants.nth(2).getByTestId('variant-words')).toContainText('palabras');
    await chat.waitForReplyEnd();
    const texts: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await expect(variants.nth(i).getByTestId('variant-words')).toHaveText(/^\d+ palabras usadas$/);
      texts.push((await variants.nth(i).getByTestId('reply-text').innerText()).trim());
    }
    expect(new Set(texts).size).toBe(3);
    // The allowance meter has followed the charges without a reload.
    await expect(meter).not.toHaveText(before);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(page.getByTestId('reply-variants')).toBeVisible();
      await keepScreenshot(page, testInfo, `variants-${width}-es`);
    }
    await page.setViewportSize({ width: 1280, height: 844 });

    const second = variants.nth(1);
    await second.getByRole('button', { name: 'Insertar' }).click();
    const panel = new DocumentPanel(page);
    await panel.waitUntilReady();
    const firstLine = texts[1]!.split('\n')[0]!.trim();
    await expect(panel.editor).toContainText(firstLine);

    const saved = page.waitForResponse((response) => response.url().endsWith('/conversation/shown-version'));
    await second.getByRole('button', { name: 'Usar esta' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByTestId('reply-variants')).toHaveCount(0);
    await expect(chat.versions(chat.reply(0))).toContainText('2/3');
    await expect(chat.replyText(chat.reply(0))).toContainText(firstLine);
    await expect(chat.reply(0).getByTestId('reply-cost')).toHaveText(/^\d+ palabras usadas$/);

    // The second stays the shown one, and the project keeps its controls, after a reload.
    await page.reload();
    await expect(chat.versions(chat.reply(0))).toContainText('2/3');
    await expect(page.getByRole('radio', { name: '3 versiones' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Tono' })).toHaveValue('formal');

    // In English, versions written again side by side: the same controls, the chooser's labels, axe clean.
    await chooseLanguage(page, 'en');
    await page.reload();
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Write an ad for a neighbourhood bakery');
    await message.press('Enter');
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(variants).toHaveCount(3);
    await expect(variants.first().getByRole('button', { name: 'Use this one' })).toBeVisible();
    await expect(variants.first().getByTestId('variant-words')).toHaveText(/^\d+ words used$/);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(page.getByTestId('reply-variants')).toBeVisible();
      await keepScreenshot(page, testInfo, `variants-${width}-en`);
    }
    const findings = await scanLooks(page, 'versions side by side');
    expect(findings, describeFindings(findings)).toEqual([]);
    await chooseLanguage(page, 'es');
  });

  test('Copy puts the reply on the clipboard as rich HTML and as readable plain text', async ({
    page,
    signUp,
  }) => {
    test.setTimeout(90_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const chat = new ChatPage(page);
    await signUp();
    await chat.ask(REQUEST);
    await chat.waitForReplyEnd();
    await chat.reply(0).getByRole('button', { name: 'Copiar' }).click();
    await expect(page.getByText('Respuesta copiada')).toBeVisible();
    const clipboard = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return {
        types: item!.types,
        html: await (await item!.getType('text/html')).text(),
        plain: await (await item!.getType('text/plain')).text(),
      };
    });
    expect(clipboard.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
    expect(clipboard.html).toMatch(/<h2>[^<]+<\/h2>/);
    expect(clipboard.html).toContain('<strong>');
    expect(clipboard.html).not.toContain('class=');
    expect(clipboard.plain).not.toMatch(/^#+ |\*\*/m);
    expect(clipboard.plain).toContain('cafetería de barrio');
  });
});
