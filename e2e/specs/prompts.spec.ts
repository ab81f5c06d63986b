import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { textFits } from '../support/text-fits.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { PromptLibrary } from '../pages/prompt-library.ts';
import { chooseLanguage } from '../support/language.ts';

/** Every chat request the page makes, to prove that none was sent. */
function recordChatSends(page: Page) {
  const sends: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/chat/send-request-stream')) sends.push(request.url());
  });
  return sends;
}

test.describe('prompt library', () => {
  test('search ignoring accents, use a prompt with variables into the composer, find it in Recientes', async ({
    page,
    signUp,
  }) => {
    await signUp();
    const library = new PromptLibrary(page);
    await library.open();

    await library.search.fill('ESLOGANES');
    await expect(library.option('Eslóganes y claims')).toBeVisible();
    // Words only in the prompt's text find it too.
    await library.search.fill('rimas forzadas');
    await expect(library.options).toHaveCount(1);
    await library.option('Eslóganes y claims').click();
    await expect(library.dialog.getByRole('heading', { name: 'Eslóganes y claims' })).toBeVisible();

    await library.use.click();
    const values: Record<string, string> = {
      marca: 'Huerta Viva',
      'producto o servicio': 'cestas de verdura ecológica a domicilio',
      'idea central': 'comer bien sin complicarse',
      'público objetivo': 'familias con poco tiempo',
      'uso previsto': 'anuncios en redes',
    };
    for (const [label, value] of Object.entries(values)) {
      await library.dialog.getByLabel(label, { exact: true }).fill(value);
    }
    await library.use.click();
    await expect(library.dialog).toBeHidden();

    const composer = page.getByLabel('Mensaje', { exact: true });
    await expect(composer).toHaveValue(/^Escribe eslóganes para Huerta Viva\./);
    await expect(composer).toHaveValue(/Público objetivo: familias con poco tiempo/);
    await expect(composer).not.toHaveValue(/\{\{/);

    await library.open();
    await library.showCategory('Recientes');
    await expect(library.options.first()).toContainText('Eslóganes y claims');
  });

  test('create, edit and delete a custom prompt', async ({ page, signUp }) => {
    await signUp();
    const library = new PromptLibrary(page);
    await library.open();
    await library.showCategory('Personalizados');
    await expect(library.dialog.getByText('Guarda tus propios prompts')).toBeVisible();

    await library.newPrompt.click();
    await library.dialog.getByLabel('Nombre', { exact: true }).fill('Titular de oferta');
    await library.dialog
      .getByLabel('Texto del prompt')
      .fill('Escribe cinco titulares para la oferta de {{producto}} con un descuento del {{descuento}}.');
    await library.dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Prompt personalizado creado')).toBeVisible();
    await expect(library.options.first()).toContainText('Titular de oferta');

    await library.dialog.getByRole('button', { name: 'Editar' }).click();
    await library.dialog.getByLabel('Nombre', { exact: true }).fill('Titulares de rebajas');
    await library.dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Prompt personalizado guardado')).toBeVisible();
    await expect(library.dialog.getByRole('heading', { name: 'Titulares de rebajas' })).toBeVisible();

    // It is stored: a fresh page loads it from the server.
    await page.reload();
    await library.open();
    await library.showCategory('Personalizados');
    await expect(library.options).toHaveCount(1);
    await library.option('Titulares de rebajas').click();
    await library.dialog.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar el prompt?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Prompt personalizado eliminado')).toBeVisible();
    await expect(library.options).toHaveCount(0);
    await expect(library.dialog.getByText('Guarda tus propios prompts')).toBeVisible();
  });

  test('keyboard: Ctrl+K opens, arrows and Enter choose, Escape steps back and closes; screenshots', async ({
    page,
    signUp,
  }, testInfo) => {
    // Sixteen full-page screenshots: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    await signUp();
    const library = new PromptLibrary(page);
    await page.getByLabel('Mensaje', { exact: true }).click();
    await page.keyboard.press('Control+k');
    await expect(library.dialog).toBeVisible();
    await expect(library.search).toBeFocused();

    await page.keyboard.type('meta');
    const first = await library.options.first().textContent();
    await page.keyboard.press('ArrowDown');
    await expect(library.dialog.getByRole('listbox').getByRole('option', { selected: true })).not.toHaveText(
      first ?? '',
    );
    await page.keyboard.press('ArrowUp');
    await expect(library.dialog.getByRole('listbox').getByRole('option', { selected: true })).toHaveText(
      first ?? '',
    );
    await page.keyboard.press('Enter');
    await expect(library.dialog.getByRole('button', { name: 'Volver al prompt' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(library.search).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(library.dialog).toBeHidden();

    for (const language of ['es', 'en']) {
      if (language === 'en') await chooseLanguage(page, 'en');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/chat');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const open = page.getByRole('button', { name: 'Prompts', exact: true });
        await expect(open).toBeVisible();
        await keepScreenshot(page, testInfo, `prompt-library-composer-${width}-${language}`);
        await open.click();
        const dialog = page.getByRole('dialog');
        const options = dialog.getByRole('listbox').getByRole('option');
        await expect(options.first()).toBeVisible();
        const search = dialog.getByRole('combobox', { name: /Buscar prompts|Search prompts/ });
        // The search field's hint reads whole, on a phone too.
        const placeholderFits = await textFits(search, 'placeholder');
        expect(placeholderFits, `the search hint at ${width} px in ${language}`).toBe(true);
        await search.fill('email');
        await keepScreenshot(page, testInfo, `prompt-library-list-${width}-${language}`);
        await options.first().click();
        await keepScreenshot(page, testInfo, `prompt-library-preview-${width}-${language}`);
        await dialog.getByRole('button', { name: /Usar prompt|Use prompt/ }).click();
        await expect(dialog.getByRole('textbox').first()).toBeFocused();
        await keepScreenshot(page, testInfo, `prompt-library-variables-${width}-${language}`);
      }
    }
  });

  test('nothing but Send sends: saving a custom prompt or filling its variables keeps the draft, which takes the prompt at the caret', async ({
    page,
    signUp,
  }) => {
    await signUp();
    const sends = recordChatSends(page);
    const chat = new ChatPage(page);
    const library = new PromptLibrary(page);
    await chat.composer.fill('Mi borrador sobre una panadería');
    await page.keyboard.press('Control+k');
    await expect(library.dialog).toBeVisible();

    await library.createCustom('Titular de oferta', 'Escribe un titular para {{producto}}.');
    // Enter in a field of the form saves it too.
    await library.dialog.getByRole('button', { name: 'Editar' }).click();
    await library.dialog.getByLabel('Nombre', { exact: true }).press('Enter');
    await expect(page.getByText('Prompt personalizado guardado')).toBeVisible();

    await library.use.click();
    await expect(library.dialog.getByText(/Se añadirá a tu borrador/)).toBeVisible();
    const product = library.dialog.getByLabel('producto', { exact: true });
    await product.fill('pan de masa madre');
    await product.press('Enter');
    await expect(library.dialog).toBeHidden();

    await expect(chat.composer).toHaveValue(
      'Mi borrador sobre una panadería\n\nEscribe un titular para pan de masa madre.',
    );
    await expect(chat.composer).toBeFocused();
    await expect(page.getByText('Prompt añadido a tu borrador, donde estaba el cursor')).toBeVisible();
    await expect(chat.userMessages).toHaveCount(0);
    expect(sends).toEqual([]);
  });

  test('custom prompts keep their language: a badge says which, the library switches language', async ({
    page,
    signUp,
  }) => {
    await signUp();
    const library = new PromptLibrary(page);
    await library.open();
    await expect(library.language).toHaveValue('es');
    await library.showCategory('Personalizados');
    await library.createCustom('Asunto de correo', 'Escribe cinco asuntos para {{campaña}}.');
    await expect(library.option('Asunto de correo').getByRole('img', { name: 'En español' })).toHaveText(
      'ES',
    );

    // Saved in English: the library turns to English, where it is listed (and the Spanish one is not).
    await library.createCustom('Email subject', 'Write five subject lines for {{campaign}}.', 'English');
    await expect(library.language).toHaveValue('en');
    await expect(library.options).toHaveCount(1);
    await expect(library.option('Email subject').getByRole('img', { name: 'En inglés' })).toHaveText('EN');
    await library.language.selectOption('Español');
    await expect(library.options).toHaveCount(1);
    await expect(library.option('Asunto de correo')).toBeVisible();

    // An English interface opens the English library, and can still show the Spanish prompts.
    await chooseLanguage(page, 'en');
    await page.goto('/chat');
    await page.getByRole('button', { name: 'Prompts', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Prompt library' });
    const language = dialog.getByRole('combobox', { name: 'Prompts in' });
    await expect(language).toHaveValue('en');
    await dialog
      .getByRole('navigation')
      .getByRole('button', { name: /^Custom/ })
      .click();
    const options = dialog.getByRole('listbox').getByRole('option');
    await expect(options).toHaveCount(1);
    await expect(options.first().getByRole('img', { name: 'In English' })).toBeVisible();
    await language.selectOption('Español');
    await expect(
      options.filter({ hasText: 'Asunto de correo' }).getByRole('img', { name: 'In Spanish' }),
    ).toBeVisible();
  });

  test('a long prompt’s preview scrolls from the keyboard', async ({ page, signUp }) => {
    await signUp();
    const library = new PromptLibrary(page);
    await library.open();
    const lines = Array.from(
      { length: 60 },
      (_, index) => `Punto ${index + 1}: cuenta algo concreto del producto.`,
    );
    await library.createCustom('Guía larga', lines.join('\n'));
    const preview = library.dialog.getByRole('region', { name: 'Guía larga' });
    await expect(preview).toBeVisible();

    const scan = await new AxeBuilder({ page })
      .include('[data-testid="prompt-library"]')
      .withRules(['scrollable-region-focusable'])
      .analyze();
    expect(scan.violations).toEqual([]);

    await preview.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => preview.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  });

  test('Improve can be undone and redone, with its button and with the keyboard', async ({
    page,
    signUp,
  }) => {
    await signUp();
    const chat = new ChatPage(page);
    const original = 'ideas para una panadería de barrio';
    await chat.composer.fill(original);
    await page.getByRole('button', { name: 'Mejorar prompt', exact: true }).click();
    await expect(chat.composer).not.toHaveValue(original);
    const improved = await chat.composer.inputValue();

    const undo = page.getByRole('button', { name: 'Deshacer la mejora' });
    await undo.click();
    await expect(chat.composer).toHaveValue(original);
    await expect(page.getByRole('button', { name: 'Rehacer la mejora' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(chat.composer).toHaveValue(improved);

    await chat.composer.focus();
    await page.keyboard.press('Control+z');
    await expect(chat.composer).toHaveValue(original);
    await page.keyboard.press('Control+y');
    await expect(chat.composer).toHaveValue(improved);
    await expect(chat.userMessages).toHaveCount(0);
  });
});
