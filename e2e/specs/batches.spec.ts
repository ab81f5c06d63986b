import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { setUpSandboxTeam } from '../pages/live-team.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { describeFindings, scanLooks } from '../support/a11y.ts';
import { chooseLanguage, type Language } from '../support/language.ts';

/**
 * What each language's run reads and clicks: Spanish Excel's `;`, accents in the cells. Each run goes
 * through every step at both widths, one after the other: Spanish starts on the desktop, English on
 * the phone, so each language's first file, its cell edits and its exports are done once at each width.
 */
const runs = {
  es: {
    widths: [1280, 390],
    template: 'Ficha de producto para tienda online',
    csv: [
      'Producto;Características;Destinatarios',
      'Zapatilla trail «Ñandú»;Suela Vibram, 280 g, malla drenante;corredores de montaña',
      'Gorra técnica;;corredores',
      'Cantimplora térmica;Acero inoxidable, 750 ml, frío 24 h;ciclistas',
    ],
    empty: 'Aún no hay lotes',
    newBatch: 'Nuevo lote',
    templateLabel: 'Plantilla',
    rowsRead: '3 filas',
    audience: 'Público',
    line: 'Línea 3',
    skip: /Omitirlas/,
    run: 'Ejecutar 2 filas',
    done: '2 de 3 hechas',
    skipped: '1 omitida',
    finished: 'Terminado',
    toast: 'El lote «productos.csv» ha terminado',
    editTitle: (row: number) => new RegExp(`Editar «Título» de la fila ${row}`),
    edited: 'Editado',
    export: { xlsx: 'Exportar XLSX', csv: 'Exportar CSV' },
    titleColumn: 'Título',
    regenerate: 'Regenerar la fila 3',
    words: /(\d+) palabras/,
  },
  en: {
    widths: [390, 1280],
    template: 'Online store product page',
    csv: [
      'Product;Features;Recipients',
      'Trail shoe «Ñandú»;Vibram sole, 280 g, draining mesh;mountain runners',
      'Running cap;;runners',
      'Thermal bottle;Stainless steel, 750 ml, cold for 24 h;cyclists',
    ],
    empty: 'No bulk runs yet',
    newBatch: 'New bulk run',
    templateLabel: 'Template',
    rowsRead: '3 rows',
    audience: 'Audience',
    line: 'Line 3',
    skip: /Skip them/,
    run: 'Run 2 rows',
    done: '2 of 3 done',
    skipped: '1 skipped',
    finished: 'Done',
    toast: 'The bulk run “productos.csv” has finished',
    editTitle: (row: number) => new RegExp(`Edit “Title” of row ${row}`),
    edited: 'Edited',
    export: { xlsx: 'Export XLSX', csv: 'Export CSV' },
    titleColumn: 'Title',
    regenerate: 'Regenerate row 3',
    words: /(\d+) words/,
  },
} as const;

/** The spreadsheet a run uploads, as Excel saves it: CRLF line ends. */
const spreadsheet = (lines: readonly string[]) => ({
  name: 'productos.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
});

/** The page at `width`: a phone's or a desktop's screen. */
const at = (page: Page, width: number) => page.setViewportSize({ width, height: width > 768 ? 800 : 844 });

/** The export in `format` as it downloads, read back with exceljs: its header and each row's cells. */
async function exported(page: Page, button: string, format: 'xlsx' | 'csv') {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^productos-.+\\.${format}$`));
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  if (format === 'xlsx') await workbook.xlsx.readFile(file);
  else {
    // A byte order mark leads, so that Excel reads the accents as UTF-8.
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    await workbook.csv.read(Readable.from([bytes.subarray(3)]));
  }
  const sheet = workbook.worksheets[0]!;
  const cells = (row: number) =>
    (sheet.getRow(row).values as unknown[]).slice(1).map((cell) => String(cell ?? ''));
  return { header: cells(1), row: cells };
}

for (const language of ['es', 'en'] as const satisfies Language[]) {
  const run = runs[language];
  const [first, second] = run.widths;
  test(`a bulk run from a spreadsheet (${language}, each step at ${first} and ${second} px): upload, map, preview, run, watch, edit cells, export XLSX and CSV`, async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(240_000);
    await signUp({ firstName: 'Lucía', lastName: 'Fernández' });
    let projectId = '';
    if (language === 'es') {
      // A project of the account's own, for the rows to be inserted into its document.
      const projects = new ProjectsPage(page);
      await projects.goto();
      projectId = await projects.createProject();
      await projects.goto();
      await projects.renameInline(projectId, 'Fichas de otoño');
    }
    await chooseLanguage(page, language);
    await at(page, first);
    await page.goto('/batches');
    await expect(page.getByText(run.empty)).toBeVisible();
    await at(page, second);
    await expect(page.getByText(run.empty)).toBeVisible();
    await keepScreenshot(page, testInfo, `batches-empty-${language}-${second}`);

    // The template and a first file at one width…
    await page.getByRole('link', { name: run.newBatch }).first().click();
    await expect(page).toHaveURL(/\/batches\/new/);
    await at(page, first);
    await page.getByLabel(run.templateLabel, { exact: true }).selectOption({ label: run.template });
    await page.getByTestId('batch-file-input').setInputFiles(spreadsheet(run.csv));
    await expect(page.getByTestId('batch-rows-read')).toContainText(run.rowsRead);
    // The product and its features are matched by name; the audience column is named otherwise.
    const mapping = page.getByTestId('batch-mapping');
    const audience = mapping.getByRole('combobox', { name: run.audience, exact: true });
    await expect(audience).toHaveValue('');

    // …the file chosen again, mapped and previewed at the other: the draft read again from the new file.
    await at(page, second);
    await page.getByTestId('batch-file-input').setInputFiles(spreadsheet(run.csv));
    await expect(page.getByTestId('batch-rows-read')).toContainText(run.rowsRead);
    await audience.selectOption(run.csv[0].split(';')[2]!);
    const firstPrompt = page.getByTestId('batch-preview-prompt').first();
    await expect(firstPrompt).toContainText(run.csv[1].split(';')[0]!);
    await expect(firstPrompt).toContainText(run.csv[1].split(';')[2]!);
    // The cap without features is listed by its line and column; the others run.
    const problems = page.getByTestId('batch-problems');
    await expect(problems).toContainText(run.line);
    await expect(page.getByRole('button', { name: run.run })).toBeDisabled();
    await problems.getByRole('radio', { name: run.skip }).check();
    await expect(page.getByTestId('batch-estimate')).toBeVisible();
    await keepScreenshot(page, testInfo, `batches-new-${language}-${second}`);

    await at(page, first);
    await expect(firstPrompt).toContainText(run.csv[1].split(';')[2]!);
    await expect(page.getByTestId('batch-estimate')).toBeVisible();
    await keepScreenshot(page, testInfo, `batches-new-${language}-${first}`);
    if (language === 'es') {
      const findings = await scanLooks(page, 'new batch');
      await page.emulateMedia({ colorScheme: 'light' });
      await at(page, first);
      expect(findings, describeFindings(findings)).toEqual([]);
    }
    await page.getByRole('button', { name: run.run }).click();

    // Its progress is watched at the first width and seen through at the second.
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
    const counts = page.getByTestId('batch-counts');
    await expect(page.getByRole('progressbar')).toBeVisible();
    await at(page, second);
    await expect(counts).toContainText(run.done, { timeout: 60_000 });
    await expect(counts).toContainText(run.skipped);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    await expect(page.getByText(run.finished, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: run.toast })).toBeVisible();
    await expect(page.getByTestId('part-length').first()).toHaveText(/\d+\/70/);
    await keepScreenshot(page, testInfo, `batches-results-${language}-${second}`);

    // A cell edited at each width: the first row's title at the first, the third row's at the second.
    const titles = ['Ñandú: agarre y ligereza; sin más', 'Cantimplora: frío 24 h, =sin fórmulas'];
    const edit = async (row: number, title: string) => {
      await page.getByRole('button', { name: run.editTitle(row) }).click();
      const field = page.getByRole('textbox', { name: run.editTitle(row) });
      await field.fill(title);
      await field.press('Enter');
      await expect(page.getByRole('button', { name: run.editTitle(row) })).toContainText(title);
    };
    await at(page, first);
    await edit(1, titles[0]!);
    await expect(page.getByText(run.edited, { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, `batches-results-${language}-${first}`);
    await at(page, second);
    await edit(3, titles[1]!);
    await page.reload();
    await expect(page.getByRole('button', { name: run.editTitle(1) })).toContainText(titles[0]!);
    await expect(page.getByRole('button', { name: run.editTitle(3) })).toContainText(titles[1]!);

    // Exported at each width, read back: the inputs as uploaded, the titles as edited.
    const header = run.csv[0].split(';');
    for (const [width, format] of [
      [first, 'xlsx'],
      [second, 'csv'],
    ] as const) {
      await at(page, width);
      const file = await exported(page, run.export[format], format);
      expect(file.header.slice(0, 3)).toEqual(header);
      const titleAt = file.header.indexOf(run.titleColumn);
      expect(titleAt).toBeGreaterThan(2);
      expect(file.row(2)[0]).toBe(run.csv[1].split(';')[0]);
      expect(file.row(2)[titleAt]).toBe(titles[0]);
      expect(file.row(4)[titleAt]).toBe(titles[1]);
    }

    // A row written again alone is charged again: the batch runs until it is back, and its words grow.
    const words = async () => Number((await counts.textContent())!.match(run.words)![1]);
    const before = await words();
    await page.getByRole('button', { name: run.regenerate }).click();
    await expect.poll(words, { timeout: 60_000 }).toBeGreaterThan(before);
    await expect(counts).toContainText(run.done);
    await expect(page.getByRole('button', { name: run.regenerate })).toBeEnabled();

    if (language === 'es') {
      await at(page, first);
      const findings = await scanLooks(page, 'batch results');
      await page.emulateMedia({ colorScheme: 'light' });
      await at(page, first);
      expect(findings, describeFindings(findings)).toEqual([]);

      // The first row's parts go into the new account's project, as paragraphs of its document.
      await page.getByRole('checkbox', { name: 'Seleccionar la fila 1' }).check();
      await page.getByRole('button', { name: 'Insertar en un documento (1)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Insertar 1 fila en un documento' });
      await expect(dialog.getByLabel('Proyecto')).toBeEnabled();
      const dialogFindings = await scanLooks(page, 'insert rows dialog');
      await page.emulateMedia({ colorScheme: 'light' });
      await at(page, first);
      expect(dialogFindings, describeFindings(dialogFindings)).toEqual([]);
      await dialog.getByLabel('Proyecto').selectOption({ label: 'Fichas de otoño' });
      await dialog.getByRole('button', { name: 'Insertar', exact: true }).click();
      await expect(
        page.getByRole('status').filter({ hasText: '1 fila insertada en «Fichas de otoño»' }),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('checkbox', { name: 'Seleccionar la fila 1' })).not.toBeChecked();
      await page.goto(`/chat?project=${projectId}`);
      await expect(page.getByTestId('document-panel').getByRole('textbox')).toContainText(titles[0]!, {
        timeout: 30_000,
      });
    }

    await page.goto('/batches');
    for (const width of run.widths) {
      await at(page, width);
      await expect(page.getByTestId('batch-item')).toHaveCount(1);
      await expect(page.getByTestId('batch-item')).toContainText(run.done);
      await keepScreenshot(page, testInfo, `batches-list-${language}-${width}`);
    }
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
