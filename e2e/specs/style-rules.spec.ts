import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { chooseLanguage, type Language } from '../support/language.ts';

/** The style rules page's words in each language. */
const words = {
  es: {
    empty: 'Aún no hay reglas de estilo',
    add: 'Añadir regla',
    kind: 'Tipo de regla',
    never: 'Nunca uses',
    save: 'Guardar',
    saved: 'Reglas de estilo guardadas',
  },
  en: {
    empty: 'No style rules yet',
    add: 'Add rule',
    kind: 'Kind of rule',
    never: 'Never use',
    save: 'Save',
    saved: 'Style rules saved',
  },
} as const;

/** The owner adds "never «phrase»" on /brand/style-rules and saves it. */
async function banPhrase(page: Page, phrase: string, language: Language = 'es') {
  const say = words[language];
  await page.goto('/brand/style-rules');
  await expect(page.getByRole('heading', { name: say.empty })).toBeVisible();
  await page.getByRole('button', { name: say.add }).click();
  const rule = page.getByTestId('style-rule');
  // The new rule's first field takes the focus, so the keyboard can go on from there.
  await expect(rule.getByLabel(say.kind)).toBeFocused();
  await expect(rule.getByLabel(say.kind)).toHaveValue('ban');
  await rule.getByLabel(say.never).fill(phrase);
  await page.getByRole('button', { name: say.save, exact: true }).click();
  await expect(page.getByText(say.saved)).toBeVisible();
}

/** The document's and the reply's labels for a banned phrase's rewrite, in each language. */
const rewriteWords = {
  es: {
    fix: 'Corregir',
    preview: 'Resultado de la IA',
    ready: 'Listo',
    accept: 'Aceptar',
    discard: 'Descartar',
    action: 'Reescribir sin la frase prohibida',
    document: 'Documento',
    chat: 'Chat',
    editor: 'Texto del documento',
    composer: 'Mensaje',
  },
  en: {
    fix: 'Fix',
    preview: 'AI result',
    ready: 'Ready',
    accept: 'Accept',
    discard: 'Discard',
    action: 'Rewrite without the banned phrase',
    document: 'Document',
    chat: 'Chat',
    editor: 'Document text',
    composer: 'Message',
  },
} as const;

/**
 * In the document: the caret in the underlined phrase, Fix shows its sentence rewritten in place (the
 * writing tools' preview, the demo writer's rewrite here), and Accept puts it in as one change.
 */
async function fixInDocument(
  page: Page,
  panel: DocumentPanel,
  sentence: { typed: string; phrase: string; rewritten: string },
  shot: { testInfo: TestInfo; name: string },
) {
  const say = rewriteWords[shot.name.endsWith('en') ? 'en' : 'es'];
  const underline = panel.editor.locator('.style-issue', { hasText: sentence.phrase });
  await expect(underline).toHaveCount(1);
  await underline.click();
  await page.getByTestId('style-issue-popover').getByRole('button', { name: say.fix }).click();
  const preview = page.getByRole('group', { name: say.preview });
  await expect(preview.getByRole('status')).toHaveText(say.ready, { timeout: 20_000 });
  await expect(preview.getByText(say.action)).toBeVisible();
  await expect(page.getByTestId('transform-result')).toHaveText(sentence.rewritten);
  // A preview: the sentence stays as it was until accepted.
  await expect(panel.editor).toContainText(sentence.typed);
  const box = (await page.getByTestId('selection-transform').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await keepScreenshot(page, shot.testInfo, shot.name);
  await preview.getByRole('button', { name: say.accept }).click();
  await expect(preview).toBeHidden();
  await expect(panel.editor).toContainText(sentence.rewritten);
  await expect(panel.editor).not.toContainText(sentence.phrase);
  await expect(underline).toHaveCount(0);
}

/**
 * In a reply: Fix on the banned phrase (the `nth` of its findings) shows its sentence rewritten inside
 * the reply; Accept changes the reply's text.
 */
async function fixInReply(
  page: Page,
  reply: Locator,
  finding: { nth: number; rewritten: string; after: RegExp; phrase: RegExp },
  shot: { testInfo: TestInfo; name: string },
) {
  const say = rewriteWords[shot.name.endsWith('en') ? 'en' : 'es'];
  const issues = reply.getByTestId('reply-style-issues');
  await expect(issues).toBeVisible({ timeout: 30_000 });
  await issues.getByRole('button', { name: say.fix, exact: true }).nth(finding.nth).click();
  const preview = reply.getByTestId('reply-rewrite');
  await expect(preview.getByRole('status')).toHaveText(say.ready, { timeout: 20_000 });
  await expect(preview.getByText(say.action)).toBeVisible();
  await expect(preview.getByTestId('transform-result')).toHaveText(finding.rewritten);
  await expect(reply.getByTestId('reply-text')).toContainText(finding.phrase);
  await preview.scrollIntoViewIfNeeded();
  await keepScreenshot(page, shot.testInfo, shot.name);
  await preview.getByRole('button', { name: say.accept }).click();
  await expect(preview).toBeHidden();
  await expect(reply.getByTestId('reply-text')).toContainText(finding.after);
}

test.describe('style rules', () => {
  // Each test signs up, saves a rule on one page and then works on another.
  test.slow();
  test('a banned phrase in the document: Corregir shows its sentence rewritten, accepted as one change that undo takes back', async ({
    page,
    signUp,
  }, testInfo) => {
    await signUp();
    await banPhrase(page, 'complicaciones');
    await keepScreenshot(page, testInfo, 'style-rules-1280-es');

    await page.goto('/chat');
    const panel = new DocumentPanel(page);
    await panel.waitUntilReady();
    await panel.editor.click();
    const typed = 'Compra sin complicaciones y disfruta.';
    await page.keyboard.type(typed);
    const underline = panel.editor.locator('.style-issue');
    await expect(underline).toHaveText('complicaciones');

    // From the keyboard: the caret inside the word, Alt+Enter reaches the popover, Escape comes back.
    for (let i = 0; i < ' y disfruta.'.length + 3; i += 1) await page.keyboard.press('ArrowLeft');
    const popover = page.getByTestId('style-issue-popover');
    await expect(popover).toContainText('«complicaciones» está prohibido');
    await page.keyboard.press('Alt+Enter');
    await expect(popover.getByRole('button', { name: 'Ignorar' })).toBeFocused();
    await keepScreenshot(page, testInfo, 'style-rules-document-popover-1280-es');
    await page.keyboard.press('Escape');
    await expect(panel.editor).toBeFocused();

    await fixInDocument(
      page,
      panel,
      { typed, phrase: 'complicaciones', rewritten: 'Compra y disfruta.' },
      { testInfo, name: 'style-rules-document-rewrite-1280-es' },
    );
    await expect(panel.editor).toHaveText('Compra y disfruta.');
    // An ordinary editor change: undo brings the sentence back, redo puts the rewrite in again.
    await expect(panel.editor).toBeFocused();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(panel.editor).toHaveText(typed);
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(panel.editor).toHaveText('Compra y disfruta.');
    await panel.waitUntilSaved();
  });

  test('a long document is checked in a Web Worker: the banned word at its end is underlined and fixed', async ({
    page,
    signUp,
  }) => {
    await signUp();
    await banPhrase(page, 'revolucionario');
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
    const preview = page.getByRole('group', { name: 'Resultado de la IA' });
    await expect(page.getByTestId('transform-result')).toHaveText('Un cargador.', { timeout: 20_000 });
    await preview.getByRole('button', { name: 'Aceptar' }).click();
    await expect(underline).toHaveCount(0);
    await expect(panel.editor.locator('p').last()).toHaveText('Un cargador.');
    await expect(panel.editor.locator('p').first()).toHaveText(filler.trim());
    await panel.waitUntilSaved();
  });

  for (const language of ['es', 'en'] as const) {
    const say = rewriteWords[language];
    const flow =
      language === 'es'
        ? {
            phrase: 'complicaciones',
            prompt: 'Escribe un anuncio sobre el cargador',
            // The demo writer's reply asks "¿Buscas resultados sin complicaciones?" in its body.
            reply: {
              nth: 0,
              rewritten: 'Texto: ¿Buscas resultados?',
              after: /¿Buscas resultados\? Con el cargador/,
              phrase: /sin complicaciones/,
            },
            document: {
              typed: 'Sin complicaciones, empieza hoy.',
              phrase: 'complicaciones',
              rewritten: 'Empieza hoy.',
            },
          }
        : {
            phrase: 'hassle',
            prompt: 'Write an ad for a charger without the hassle',
            // Its third finding is in the body's question, "Looking for results without the hassle?".
            reply: {
              nth: 2,
              rewritten: 'Body: Looking for results?',
              after: /Looking for results\? With a charger/,
              phrase: /results without the hassle/,
            },
            document: {
              typed: 'Shop without the hassle and relax.',
              phrase: 'hassle',
              rewritten: 'Shop and relax.',
            },
          };

    test.describe(`in ${language === 'es' ? 'Spanish' : 'English'}`, () => {
      test.use({ locale: language === 'es' ? 'es-ES' : 'en-US' });

      test(`a banned phrase in a reply and in the document is rewritten, at 1280 and 390 px (${language})`, async ({
        page,
        signUp,
      }, testInfo) => {
        await signUp();
        await chooseLanguage(page, language);
        await banPhrase(page, flow.phrase, language);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto('/chat');
          const composer = page.getByRole('textbox', { name: say.composer });
          await composer.fill(flow.prompt);
          await composer.press('Enter');
          const reply = page.getByTestId('assistant-reply').last();
          await expect(reply.getByTestId('reply-style-issues')).toBeVisible({ timeout: 30_000 });
          await fixInReply(page, reply, flow.reply, {
            testInfo,
            name: `style-rules-reply-rewrite-${width}-${language}`,
          });

          if (width === 390) await page.getByRole('tab', { name: say.document }).click();
          const panel = new DocumentPanel(page, say.editor);
          await panel.waitUntilReady();
          await panel.caretToEnd();
          await page.keyboard.press('Enter');
          await page.keyboard.type(flow.document.typed);
          await fixInDocument(page, panel, flow.document, {
            testInfo,
            name: `style-rules-document-rewrite-${width}-${language}`,
          });
          await panel.waitUntilSaved();
        }
      });
    });
  }

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
