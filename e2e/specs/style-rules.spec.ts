import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { chooseLanguage } from '../support/language.ts';

/** The owner adds "never «revolucionario»" on /brand/style-rules and saves it. */
async function banRevolucionario(page: Page) {
  await page.goto('/brand/style-rules');
  await expect(page.getByRole('heading', { name: 'Aún no hay reglas de estilo' })).toBeVisible();
  await expect(page.getByText('nunca «revolucionario»')).toBeVisible();
  await page.getByRole('button', { name: 'Añadir regla' }).click();
  const rule = page.getByTestId('style-rule');
  // The new rule's first field takes the focus, so the keyboard can go on from there.
  await expect(rule.getByLabel('Tipo de regla')).toBeFocused();
  await expect(rule.getByLabel('Tipo de regla')).toHaveValue('ban');
  await rule.getByLabel('Nunca uses').fill('revolucionario');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Reglas de estilo guardadas')).toBeVisible();
}

test.describe('style rules', () => {
  // Each test signs up, saves a rule on one page and then works on another.
  test.slow();
  test('the owner bans a word; typed in the document it is underlined and fixed there', async ({
    page,
    signUp,
  }, testInfo) => {
    await signUp();
    await banRevolucionario(page);
    await keepScreenshot(page, testInfo, 'style-rules-1280-es');

    await page.goto('/chat');
    const panel = new DocumentPanel(page);
    await panel.waitUntilReady();
    await panel.editor.click();
    await page.keyboard.type('Un cargador Revolucionario para todos.');
    const underline = panel.editor.locator('.style-issue');
    await expect(underline).toHaveText('Revolucionario');

    // From the keyboard: the caret inside the word, Alt+Enter reaches the popover, Escape comes back.
    await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 14; i += 1) await page.keyboard.press('ArrowLeft');
    const popover = page.getByTestId('style-issue-popover');
    await expect(popover).toContainText('«Revolucionario» está prohibido');
    await page.keyboard.press('Alt+Enter');
    await expect(popover.getByRole('button', { name: 'Ignorar' })).toBeFocused();
    await keepScreenshot(page, testInfo, 'style-rules-document-popover-1280-es');
    await page.keyboard.press('Escape');
    await expect(panel.editor).toBeFocused();

    await underline.click();
    await popover.getByRole('button', { name: 'Corregir' }).click();
    await expect(panel.editor).toHaveText('Un cargador para todos.');
    await expect(underline).toHaveCount(0);
    await panel.waitUntilSaved();
  });

  test('a long document is checked in a Web Worker: the banned word at its end is underlined and fixed', async ({
    page,
    signUp,
  }) => {
    await signUp();
    await banRevolucionario(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto('/chat');
    const panel = new DocumentPanel(page);
    await panel.waitUntilReady();
    await panel.editor.click();
    // Over 20,000 characters (run-check.ts's threshold), pasted as the clipboard would.
    const filler = 'Nuestro equipo escribe textos claros para cada cliente de la tienda. '.repeat(6);
    const text = `${Array.from({ length: 60 }, () => filler).join('\n\n')}\n\nUn cargador revolucionario.`;
    expect(text.length).toBeGreaterThan(20_000);
    await panel.editor.evaluate((editor, pasted) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', pasted);
      editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, text);
    const underline = panel.editor.locator('.style-issue');
    await expect(underline).toHaveText('revolucionario');
    expect(workers.some((url) => /style-check/.test(url))).toBe(true);

    await underline.click();
    await page.getByTestId('style-issue-popover').getByRole('button', { name: 'Corregir' }).click();
    await expect(underline).toHaveCount(0);
    await expect(panel.editor.locator('p').last()).toHaveText('Un cargador.');
    await panel.waitUntilSaved();
  });

  test('a reply that breaks a rule is fixed with "Corregir todo"', async ({ page, signUp }, testInfo) => {
    await signUp();
    await banRevolucionario(page);
    await page.goto('/chat');
    const chat = new ChatPage(page);
    await chat.composer.fill('Escribe un anuncio sobre el cargador revolucionario');
    await chat.send.click();
    const reply = chat.reply(0);
    const issues = reply.getByTestId('reply-style-issues');
    await expect(issues).toBeVisible({ timeout: 30_000 });
    await expect(chat.replyText(reply)).toContainText(/revolucionario/i);
    await keepScreenshot(page, testInfo, 'style-rules-reply-1280-es');

    await issues.getByRole('button', { name: 'Corregir todo' }).click();
    await expect(issues).toHaveCount(0);
    await expect(chat.replyText(reply)).not.toContainText(/revolucionario/i);
  });

  test('at 390 px in English the owner adds a preferred term, and a missing field keeps what was typed', async ({
    page,
    signUp,
  }, testInfo) => {
    await signUp();
    await chooseLanguage(page, 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/brand/style-rules');
    await expect(page.getByRole('heading', { name: 'No style rules yet' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'style-rules-empty-390-en');
    await page.getByRole('button', { name: 'Add rule' }).click();
    const rule = page.getByTestId('style-rule');
    await rule.getByLabel('Kind of rule').selectOption('prefer');
    await rule.getByLabel('Use', { exact: true }).fill('email');
    // Saving with a field missing says what is missing, and keeps what was typed.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(rule.getByText('Write at least one word to avoid')).toBeVisible();
    await expect(rule.getByLabel('Use', { exact: true })).toHaveValue('email');
    await rule.getByLabel('Instead of').fill('e-mail, mail');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Style rules saved')).toBeVisible();
    await keepScreenshot(page, testInfo, 'style-rules-rule-390-en');
  });
});
