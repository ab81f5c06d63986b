import type { Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { setUpSandboxTeam } from '../pages/live-team.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { describeFindings, scanLooks, settle } from '../support/a11y.ts';
import { chooseLanguage, type Language } from '../support/language.ts';

/** What each language's run reads and clicks: Spanish Excel's `;`, accents in the cells. */
const runs = {
  es: {
    width: 1280,
    template: 'Ficha de producto para tienda online',
    csv: [
      'Producto;Características;Destinatarios',
      'Zapatilla trail «Ñandú»;Suela Vibram, 280 g, malla drenante;corredores de montaña',
      'Mochila ligera;12 litros, bolsillo para bidón, espalda ventilada;senderistas',
      'Gorra técnica;;corredores',
      'Cantimplora térmica;Acero inoxidable, 750 ml, frío 24 h;ciclistas',
    ],
    audience: 'Público',
    skip: /Omitirlas/,
    run: 'Ejecutar 3 filas',
    done: '3 de 4 hechas',
    skipped: '1 omitida',
    finished: 'Terminado',
    toast: 'El lote «productos.csv» ha terminado',
    editTitle: /Editar «Título» de la fila 1/,
    edited: 'Editado',
    exportXlsx: 'Exportar XLSX',
    titleColumn: 'Título',
    regenerate: 'Regenerar la fila 2',
  },
  en: {
    width: 390,
    template: 'Online store product page',
    csv: [
      'Product;Features;Recipients',
      'Trail shoe «Ñandú»;Vibram sole, 280 g, draining mesh;mountain runners',
      'Light backpack;12 litres, bottle pocket, ventilated back;hikers',
      'Running cap;;runners',
      'Thermal bottle;Stainless steel, 750 ml, cold for 24 h;cyclists',
    ],
    audience: 'Audience',
    skip: /Skip them/,
    run: 'Run 3 rows',
    done: '3 of 4 done',
    skipped: '1 skipped',
    finished: 'Done',
    toast: 'The bulk run “productos.csv” has finished',
    editTitle: /Edit “Title” of row 1/,
    edited: 'Edited',
    exportXlsx: 'Export XLSX',
    titleColumn: 'Title',
    regenerate: 'Regenerate row 2',
  },
} as const;

/** The page at both widths, kept for a look, then back at the width the run uses. */
async function shoot(page: Page, testInfo: TestInfo, name: string, width: number) {
  for (const each of [1280, 390] as const) {
    await page.setViewportSize({ width: each, height: 900 });
    await settle(page);
    await keepScreenshot(page, testInfo, `${name}-${each}`);
  }
  await page.setViewportSize({ width, height: 900 });
}

for (const language of ['es', 'en'] as const satisfies Language[]) {
  const run = runs[language];
  test(`a bulk run from a spreadsheet (${language}, ${run.width} px): upload, map, preview, run, edit a cell, export XLSX`, async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(240_000);
    await signUp({ firstName: 'Lucía', lastName: 'Fernández' });
    // A project of the account's own, for the rows to be inserted into its document.
    const projects = new ProjectsPage(page);
    await projects.goto();
    const projectId = await projects.createProject();
    await projects.goto();
    await projects.renameInline(projectId, 'Fichas de otoño');
    await chooseLanguage(page, language);
    await page.setViewportSize({ width: run.width, height: 900 });
    await page.goto('/batches');
    await expect(page.getByText(language === 'es' ? 'Aún no hay lotes' : 'No bulk runs yet')).toBeVisible();
    await shoot(page, testInfo, `batches-empty-${language}`, run.width);

    await page
      .getByRole('link', { name: language === 'es' ? 'Nuevo lote' : 'New bulk run' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/batches\/new/);
    await page
      .getByLabel(language === 'es' ? 'Plantilla' : 'Template', { exact: true })
      .selectOption({ label: run.template });
    await page.getByTestId('batch-file-input').setInputFiles({
      name: 'productos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${run.csv.join('\r\n')}\r\n`, 'utf8'),
    });
    await expect(page.getByTestId('batch-rows-read')).toContainText(language === 'es' ? '4 filas' : '4 rows');

    // The product and its features are matched by name; the audience column is named otherwise.
    const mapping = page.getByTestId('batch-mapping');
    const audience = mapping.getByRole('combobox', { name: run.audience, exact: true });
    await expect(audience).toHaveValue('');
    await audience.selectOption(run.csv[0].split(';')[2]!);
    const firstPrompt = page.getByTestId('batch-preview-prompt').first();
    await expect(firstPrompt).toContainText(run.csv[1].split(';')[0]!);
    await expect(firstPrompt).toContainText(run.csv[1].split(';')[2]!);

    // The cap without features is listed by its line and column; the others run.
    const problems = page.getByTestId('batch-problems');
    await expect(problems).toContainText(language === 'es' ? 'Línea 4' : 'Line 4');
    await expect(page.getByRole('button', { name: run.run })).toBeDisabled();
    await problems.getByRole('radio', { name: run.skip }).check();
    await expect(page.getByTestId('batch-estimate')).toBeVisible();
    await shoot(page, testInfo, `batches-new-${language}`, run.width);
    if (language === 'es') {
      const findings = await scanLooks(page, 'new batch');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: run.width, height: 900 });
      expect(findings, describeFindings(findings)).toEqual([]);
    }
    await page.getByRole('button', { name: run.run }).click();

    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('batch-counts')).toContainText(run.done, { timeout: 60_000 });
    await expect(page.getByTestId('batch-counts')).toContainText(run.skipped);
    await expect(page.getByText(run.finished, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: run.toast })).toBeVisible();
    await expect(page.getByTestId('part-length').first()).toHaveText(/\d+\/70/);
    await shoot(page, testInfo, `batches-results-${language}`, run.width);

    const title = 'Ñandú: agarre y ligereza; sin más';
    await page.getByRole('button', { name: run.editTitle }).click();
    const field = page.getByRole('textbox', { name: run.editTitle });
    await field.fill(title);
    await field.press('Enter');
    await expect(page.getByRole('button', { name: run.editTitle })).toContainText(title);
    await expect(page.getByText(run.edited, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: run.editTitle })).toContainText(title);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: run.exportXlsx }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^productos-.+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 3)).toEqual(run.csv[0].split(';'));
    const titleAt = header.indexOf(run.titleColumn) + 1;
    expect(titleAt).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(1).text).toBe(run.csv[1].split(';')[0]);
    expect(sheet.getRow(2).getCell(titleAt).text).toBe(title);

    // A row written again alone is charged again: the batch runs until it is back, and its words grow.
    const words = async () =>
      Number((await page.getByTestId('batch-counts').textContent())!.match(/(\d+) (palabras|words)/)![1]);
    const before = await words();
    await page.getByRole('button', { name: run.regenerate }).click();
    await expect.poll(words, { timeout: 60_000 }).toBeGreaterThan(before);
    await expect(page.getByTestId('batch-counts')).toContainText(run.done);
    await expect(page.getByRole('button', { name: run.regenerate })).toBeEnabled();

    if (language === 'es') {
      const findings = await scanLooks(page, 'batch results');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: run.width, height: 900 });
      expect(findings, describeFindings(findings)).toEqual([]);

      // The first row's parts go into the new account's project, as paragraphs of its document.
      await page.getByRole('checkbox', { name: 'Seleccionar la fila 1' }).check();
      await page.getByRole('button', { name: 'Insertar en un documento (1)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Insertar 1 fila en un documento' });
      await expect(dialog.getByLabel('Proyecto')).toBeEnabled();
      const dialogFindings = await scanLooks(page, 'insert rows dialog');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: run.width, height: 900 });
      expect(dialogFindings, describeFindings(dialogFindings)).toEqual([]);
      await dialog.getByLabel('Proyecto').selectOption({ label: 'Fichas de otoño' });
      await dialog.getByRole('button', { name: 'Insertar', exact: true }).click();
      await expect(
        page.getByRole('status').filter({ hasText: '1 fila insertada en «Fichas de otoño»' }),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('checkbox', { name: 'Seleccionar la fila 1' })).not.toBeChecked();
      await page.goto(`/chat?project=${projectId}`);
      await expect(page.getByTestId('document-panel').getByRole('textbox')).toContainText(title, {
        timeout: 30_000,
      });
    }

    await page.goto('/batches');
    await expect(page.getByTestId('batch-item')).toHaveCount(1);
    await shoot(page, testInfo, `batches-list-${language}`, run.width);
  });
}

test('a teammate with the batch open sees it start and its rows fill in, without reloading', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const { owner, teammate, ownerContext, teammateContext } = await setUpSandboxTeam(browser, baseURL!, {
    workspace: 'Tienda Norte',
  });
  const products = Array.from({ length: 12 }, (_, index) => `Calcetín técnico nº ${index + 1}`);
  await owner.goto('/batches/new');
  await owner
    .getByLabel('Plantilla', { exact: true })
    .selectOption({ label: 'Ficha de producto para tienda online' });
  await owner.getByTestId('batch-file-input').setInputFiles({
    name: 'calcetines.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Producto;Características',
        ...products.map((name) => `${name};Lana merino, talla única, costuras planas`),
      ].join('\n'),
    ),
  });
  await expect(owner.getByTestId('batch-rows-read')).toContainText('12 filas');

  // The teammate opens the draft from the workspace's list.
  await teammate.goto('/batches');
  await teammate.getByTestId('batch-item').filter({ hasText: 'calcetines.csv' }).click();
  await expect(teammate.getByText('Borrador', { exact: true })).toBeVisible();
  const followed: string[] = [];
  teammate.on('request', (request) => {
    if (/\/api\/batch\/[^/]+\/rows/.test(request.url())) followed.push(request.url());
  });

  await owner.getByRole('button', { name: 'Ejecutar 12 filas' }).click();
  await expect(owner).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(teammate.getByTestId('batch-counts')).toContainText('12 de 12 hechas', { timeout: 90_000 });
  await expect(
    teammate.getByRole('status').filter({ hasText: 'El lote «calcetines.csv» ha terminado' }),
  ).toBeVisible();
  await expect(teammate.getByTestId('batch-row')).toHaveCount(12);
  for (const row of await teammate.getByTestId('output-title').all())
    await expect(row).not.toContainText('…');
  expect(followed.length).toBeGreaterThan(1);

  // A column copied from the teammate's page holds every row's text of that part.
  await teammate.getByRole('button', { name: 'Copiar la columna «Título»' }).click();
  await expect(teammate.getByRole('status').filter({ hasText: 'Columna copiada (12 filas)' })).toBeVisible();
  const copied = await teammate.evaluate(() => navigator.clipboard.readText());
  const lines = copied.split('\n');
  expect(lines).toHaveLength(12);
  lines.forEach((line, index) => expect(line).toContain(`Calcetín técnico nº ${index + 1}`));
  await keepScreenshot(teammate, testInfo, 'batches-teammate-1280-es');
  await ownerContext.close();
  await teammateContext.close();
});

test('a draft is cancelled from the keyboard: Escape keeps it and gives the focus back, the confirmation ends it', async ({
  page,
  signUp,
}) => {
  await signUp();
  await page.goto('/batches/new');
  await page
    .getByLabel('Plantilla', { exact: true })
    .selectOption({ label: 'Ficha de producto para tienda online' });
  await page.getByTestId('batch-file-input').setInputFiles({
    name: 'borrador.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Producto;Características\nTaza de cerámica;350 ml, apta para lavavajillas\n'),
  });
  await expect(page.getByTestId('batch-rows-read')).toContainText('1 fila');
  await page.goto('/batches');
  await page.getByTestId('batch-item').filter({ hasText: 'borrador.csv' }).click();
  await expect(page.getByText('Borrador', { exact: true })).toBeVisible();

  const cancel = page.getByRole('button', { name: 'Cancelar lote' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '¿Cancelar el lote?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(page.getByText('Borrador', { exact: true })).toBeVisible();

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Cancelar lote' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cancelado', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar lote' })).toHaveCount(0);
  // With its button gone, the focus is not left on the page's body.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
});
