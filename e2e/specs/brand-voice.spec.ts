import { expect, keepScreenshot, test } from '../fixtures.ts';
import { BrandVoicePage } from '../pages/brand-voice-page.ts';
import { chooseLanguage } from '../support/language.ts';

/** About 90 words of warm, first-person-plural, "tú" copy with exclamations: a clear voice to analyse. */
const sample = `¡Hola! En Huerta Viva cultivamos verduras de temporada y te las llevamos a casa en menos de 24 horas.
Nos encanta hablar claro: sin letra pequeña, sin permanencias y con precios que entiendes a la primera.
¿Te apetece probar? Elige tu cesta, dinos qué día te viene bien y nosotros nos encargamos del resto.
Cada semana te contamos de qué huerto viene cada tomate y te proponemos una receta sencilla para aprovecharlo todo.
¡Comer bien no tendría que ser complicado! Escríbenos cuando quieras, que aquí siempre hay alguien al otro lado.`;

test.describe('brand voices', () => {
  test('create a voice from a sample with Analyse, make it default, and chat writes in it', async ({
    page,
    signUp,
  }, testInfo) => {
    await signUp({ firstName: 'Lucía', lastName: 'Fernández' });
    const voices = new BrandVoicePage(page);
    await voices.goto();
    await expect(page.getByText('Aún no hay voces de marca')).toBeVisible();

    await voices.newVoice.click();
    await expect(page).toHaveURL(/\/brand-voice\/new$/);
    await voices.sample.fill('Hola, somos Huerta Viva.');
    await expect(voices.sampleWordCount).toHaveText('4 palabras · se recomiendan entre 50 y 500');
    await expect(page.getByText(/La muestra es corta/)).toBeVisible();

    await voices.analyseSample(sample);
    await expect(page.getByText(/La muestra es corta/)).toBeHidden();
    await voices.voiceText.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'brand-voice-analysed-1280-es');
    const analysis = await voices.voiceText.inputValue();
    expect(analysis.length).toBeGreaterThan(80);
    // The description is editable before saving.
    await voices.voiceText.fill(`${analysis}\n- Trata al lector de tú, con entusiasmo.`);

    await voices.save.click();
    await expect(page.getByText('Este campo es obligatorio')).toBeVisible();
    await voices.name.fill('Huerta cercana');
    await voices.save.click();
    await expect(page.getByText('Voz de marca creada')).toBeVisible();
    await expect(page).toHaveURL(/\/brand-voice$/);

    const card = voices.card('Huerta cercana');
    await expect(card).toContainText('Añadida por Lucía Fernández');
    await expect(card.getByText('Predeterminada')).toHaveCount(0);
    await voices.menuAction('Huerta cercana', 'Hacer predeterminada');
    await expect(page.getByText('Voz de marca editada')).toBeVisible();
    await expect(card.getByText('Predeterminada')).toBeVisible();

    await page.goto('/chat');
    const picker = page.getByLabel('Voz de marca', { exact: true });
    await expect(picker.locator('option:checked')).toHaveText('Huerta cercana');

    const composer = page.getByLabel('Mensaje', { exact: true });
    await composer.fill('Escribe un post corto para anunciar nuestras cestas de otoño');
    await composer.press('Enter');
    const replies = page.getByTestId('assistant-reply');
    // The voice's closing to the reader, in its register (tú, enthusiastic).
    await expect(replies.first()).toContainText('Cuéntanos qué te parece: te leemos', { timeout: 30_000 });
    await keepScreenshot(page, testInfo, 'brand-voice-chat-1280-es');

    await picker.selectOption({ label: 'Sin voz de marca' });
    await composer.fill('Ahora otro post para anunciar las cestas de invierno');
    await composer.press('Enter');
    await expect(replies).toHaveCount(2, { timeout: 30_000 });
    await expect(replies.nth(1).getByRole('button', { name: 'Copiar' })).toBeVisible({ timeout: 30_000 });
    await expect(replies.nth(1)).not.toContainText('Cuéntanos qué te parece: te leemos');
  });

  test('rename, edit and delete with confirmation; screenshots at 1280 and 390 px in Spanish and English', async ({
    page,
    signUp,
  }, testInfo) => {
    // Twelve pages drawn and kept as screenshots: ~40 s alone, more beside other tests.
    test.slow();
    await signUp();
    const voices = new BrandVoicePage(page);
    await page.goto('/brand-voice/new');
    await voices.name.fill('Formal');
    await voices.voiceText.fill(
      'Tono sobrio y respetuoso. Trato de usted. Frases completas, sin exclamaciones.',
    );
    await voices.makeDefaultBox.check();
    await voices.save.click();
    await expect(page.getByText('Voz de marca creada')).toBeVisible();
    await expect(voices.card('Formal').getByText('Predeterminada')).toBeVisible();

    await voices.menuAction('Formal', 'Cambiar nombre');
    const rename = page.getByRole('dialog', { name: 'Cambiar el nombre de la voz de marca' });
    await rename.getByLabel('Nombre').fill('');
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await expect(rename.getByText('Este campo es obligatorio')).toBeVisible();
    await rename.getByLabel('Nombre').fill('Corporativa');
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await expect(rename).toBeHidden();
    await expect(voices.card('Corporativa')).toBeVisible();

    await voices.menuAction('Corporativa', 'Editar');
    await expect(page).toHaveURL(/\/brand-voice\/[0-9a-f-]{36}$/);
    const editPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: 'Editar «Corporativa»' })).toBeVisible();
    await expect(voices.voiceText).toHaveValue(/Trato de usted/);
    await voices.voiceText.fill('Tono sobrio y respetuoso. Trato de usted. Cifras siempre con fuente.');
    await voices.save.click();
    // The rename's toast may still be showing: the newest one is this save's.
    await expect(page.getByText('Voz de marca editada').last()).toBeVisible();
    await expect(voices.card('Corporativa')).toContainText('Cifras siempre con fuente.');

    const shots: Array<[string, string]> = [
      ['/brand-voice', 'list'],
      ['/brand-voice/new', 'editor'],
      [editPath, 'edit'],
    ];
    for (const language of ['es', 'en']) {
      if (language === 'en') {
        await chooseLanguage(page, 'en');
      }
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [path, name] of shots) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          if (name === 'editor')
            await page.getByLabel(/Texto de muestra|Sample text/).fill(sample.slice(0, 120));
          else if (name === 'edit')
            await page.getByRole('button', { name: /Guardar|Save/ }).scrollIntoViewIfNeeded();
          else await expect(voices.cards.first()).toBeVisible();
          await keepScreenshot(page, testInfo, `brand-voice-${name}-${width}-${language}`);
        }
      }
    }
    await chooseLanguage(page, 'es');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/brand-voice');

    await voices.menuAction('Corporativa', 'Eliminar');
    const confirm = page.getByRole('dialog', { name: '¿Eliminar la voz de marca?' });
    await expect(confirm).toContainText('«Corporativa» se eliminará');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(voices.cards).toHaveCount(1);
    await voices.menuAction('Corporativa', 'Eliminar');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Voz de marca eliminada')).toBeVisible();
    await expect(voices.cards).toHaveCount(0);
    await expect(page.getByText('Aún no hay voces de marca')).toBeVisible();
  });
});
