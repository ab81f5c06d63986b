import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { chooseLanguage, type Language } from '../support/language.ts';

/** What a person reads and types, in each language of the interface. */
const words = {
  es: {
    templates: 'Plantillas',
    newTemplate: 'Nueva plantilla',
    name: 'Nombre',
    prompt: 'Prompt',
    addField: 'Añadir campo',
    label: 'Etiqueta',
    addPart: 'Añadir parte',
    partName: 'Nombre de la parte',
    maxChars: /Máximo de caracteres/,
    save: 'Guardar',
    created: 'Plantilla creada',
    use: 'Usar',
    composerButton: 'Plantilla',
    dialog: 'Usar una plantilla',
    generate: 'Generar',
    template: {
      name: 'Anuncio de temporada',
      prompt: 'Escribe un anuncio de {{producto}} para {{publico}}.',
      fields: ['Producto', 'Público'],
      parts: [
        ['Titular', '40'],
        ['Descripción', '160'],
      ],
      inputs: ['Zapatillas de trail Aire', 'corredores de montaña'],
    },
  },
  en: {
    templates: 'Templates',
    newTemplate: 'New template',
    name: 'Name',
    prompt: 'Prompt',
    addField: 'Add field',
    label: 'Label',
    addPart: 'Add part',
    partName: 'Part name',
    maxChars: /Maximum characters/,
    save: 'Save',
    created: 'Template created',
    use: 'Use',
    composerButton: 'Template',
    dialog: 'Use a template',
    generate: 'Generate',
    template: {
      name: 'Seasonal ad',
      prompt: 'Write an ad for {{product}} aimed at {{audience}}.',
      fields: ['Product', 'Audience'],
      parts: [
        ['Headline', '40'],
        ['Description', '160'],
      ],
      inputs: ['Aire trail running shoes', 'mountain runners'],
    },
  },
} as const;

/** What the page saw of a template run's reply while it was being written. */
interface WatchedWindow {
  replyWhileWriting: { headings: string[]; parts: number; lengths: string[] };
}

/**
 * From now on, the page notes what a reply being written shows at every change: its headings, how
 * many parts its parts box lists, and each length read there.
 */
async function watchReplyWhileWriting(page: Page) {
  await page.evaluate(() => {
    const seen = { headings: [] as string[], parts: 0, lengths: [] as string[] };
    (window as unknown as WatchedWindow).replyWhileWriting = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="reply-text"][aria-busy="true"]');
      const reply = text?.closest('[data-testid="assistant-reply"]');
      if (!text || !reply) return;
      for (const heading of text.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
        const words = heading.textContent?.trim() ?? '';
        if (!seen.headings.includes(words)) seen.headings.push(words);
      }
      seen.parts = Math.max(seen.parts, reply.querySelectorAll('[data-testid="template-part"]').length);
      const lengths = [...reply.querySelectorAll('[data-testid="part-length"]')]
        .map((length) => length.textContent)
        .join(' ');
      if (lengths && !seen.lengths.includes(lengths)) seen.lengths.push(lengths);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

for (const language of ['es', 'en'] as Language[]) {
  for (const width of [1280, 390]) {
    test(`create a template with two fields and two parts, run it from the composer, see each part's length (${language}, ${width} px)`, async ({
      page,
      signUp,
    }, testInfo) => {
      const say = words[language];
      const mine = say.template;
      await page.setViewportSize({ width, height: width > 768 ? 800 : 844 });
      await signUp();
      await chooseLanguage(page, language);
      await page.goto('/templates');
      await expect(page.getByTestId('template-card').first()).toBeVisible();
      await keepScreenshot(page, testInfo, `templates-list-${language}-${width}`);

      await page.getByRole('link', { name: say.newTemplate }).first().click();
      await expect(page).toHaveURL(/\/templates\/new$/);
      await page.getByLabel(say.name, { exact: true }).fill(mine.name);
      await page.getByLabel(say.prompt, { exact: true }).fill(mine.prompt);
      for (const [index, label] of mine.fields.entries()) {
        await page.getByRole('button', { name: say.addField }).click();
        const row = page.getByTestId('field-row').nth(index);
        await row.getByLabel(say.label, { exact: true }).fill(label);
        // Leaving the label makes the key from it, as the prompt names it.
        await row.getByLabel(say.label, { exact: true }).blur();
      }
      for (const [index, [label, max]] of mine.parts.entries()) {
        await page.getByRole('button', { name: say.addPart }).click();
        const row = page.getByTestId('part-row').nth(index);
        await row.getByLabel(say.partName).fill(label);
        await row.getByLabel(say.partName).blur();
        await row.getByLabel(say.maxChars).fill(max);
      }
      await expect(page.getByTestId('template-preview')).toContainText(`[${mine.fields[0]}]`);
      await keepScreenshot(page, testInfo, `templates-editor-${language}-${width}`);
      await page.getByRole('button', { name: say.save }).click();
      await expect(page.getByText(say.created)).toBeVisible();
      await expect(page).toHaveURL(/\/templates$/);

      const dialog = page.getByRole('dialog', { name: say.dialog });
      if (width > 768) {
        // From the composer: its "Plantilla" control, then the template by name.
        await page.getByRole('link', { name: 'Chat', exact: true }).click();
        await page.getByRole('button', { name: say.composerButton, exact: true }).click();
        await dialog.getByRole('button', { name: new RegExp(mine.name) }).click();
      } else {
        // From the list: "Usar" opens the chat with the template's fields asked for.
        const card = page.getByTestId('template-card').filter({ hasText: mine.name });
        await card.getByRole('button', { name: say.use }).click();
      }
      await expect(dialog.getByLabel(mine.fields[0], { exact: true })).toBeVisible();
      for (const [index, label] of mine.fields.entries()) {
        await dialog.getByLabel(label, { exact: true }).fill(mine.inputs[index]!);
      }
      await keepScreenshot(page, testInfo, `templates-run-${language}-${width}`);
      await watchReplyWhileWriting(page);
      await dialog.getByRole('button', { name: say.generate }).click();
      await expect(dialog).toBeHidden();

      const chat = new ChatPage(page);
      await expect(page.getByTestId('user-message').last()).toContainText(mine.inputs[0]);
      const parts = chat.replies.last().getByTestId('template-part');
      await expect(parts).toHaveCount(2, { timeout: 30_000 });
      for (const [index, [label, max]] of mine.parts.entries()) {
        await expect(parts.nth(index)).toContainText(label);
        await expect(parts.nth(index).getByTestId('part-length')).toHaveText(new RegExp(`^\\d+/${max}$`));
      }
      await keepScreenshot(page, testInfo, `templates-reply-${language}-${width}`);

      // While it was written, its parts were headed by their labels (never by the keys the model
      // writes) and measured as they filled.
      const writing = await page.evaluate(() => (window as unknown as WatchedWindow).replyWhileWriting);
      expect(writing.headings.length).toBeGreaterThan(0);
      for (const heading of writing.headings) expect(mine.parts.map(([label]) => label)).toContain(heading);
      expect(writing.parts).toBe(2);
      expect(writing.lengths.length).toBeGreaterThan(1);
    });
  }
}
