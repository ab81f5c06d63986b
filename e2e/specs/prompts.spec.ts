import { expect, keepScreenshot, test } from '../fixtures.ts';
import { PromptLibrary } from '../pages/prompt-library.ts';

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
    await signUp();
    const library = new PromptLibrary(page);
    await page.getByLabel('Mensaje', { exact: true }).click();
    await page.keyboard.press('Control+k');
    await expect(library.dialog).toBeVisible();
    await expect(library.search).toBeFocused();

    await page.keyboard.type('meta');
    const first = await library.options.first().textContent();
    await page.keyboard.press('ArrowDown');
    await expect(library.dialog.getByRole('option', { selected: true })).not.toHaveText(first ?? '');
    await page.keyboard.press('ArrowUp');
    await expect(library.dialog.getByRole('option', { selected: true })).toHaveText(first ?? '');
    await page.keyboard.press('Enter');
    await expect(library.dialog.getByRole('button', { name: 'Volver al prompt' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(library.search).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(library.dialog).toBeHidden();

    for (const language of ['es', 'en']) {
      if (language === 'en') await page.evaluate(() => localStorage.setItem('redacta.locale', 'en'));
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
        await dialog.getByRole('combobox', { name: /Buscar prompts|Search prompts/ }).fill('email');
        await keepScreenshot(page, testInfo, `prompt-library-list-${width}-${language}`);
        await options.first().click();
        await keepScreenshot(page, testInfo, `prompt-library-preview-${width}-${language}`);
        await dialog.getByRole('button', { name: /Usar prompt|Use prompt/ }).click();
        await expect(dialog.getByRole('textbox').first()).toBeFocused();
        await keepScreenshot(page, testInfo, `prompt-library-variables-${width}-${language}`);
      }
    }
  });
});
