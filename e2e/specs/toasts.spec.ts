import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { PromptLibrary } from '../pages/prompt-library.ts';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each toast's visible box, newest first (react-hot-toast: container > one row per toast > the toast). */
const toasts = (page: Page, text: RegExp) =>
  page.locator('[data-rht-toaster] > div > div').filter({ hasText: text });

/**
 * The visible box of the newest toast that says `text`: an earlier one saying the same may still be
 * sliding out, and on a slow machine it is still in the page.
 */
async function toastBox(page: Page, text: RegExp): Promise<Box> {
  const toast = toasts(page, text).first();
  await expect(toast).toBeVisible();
  // Hovering pauses it (a success toast lasts 2 s, less than a loaded machine may need here); then let
  // it finish sliding in before measuring.
  await toast.hover();
  await page.waitForTimeout(400);
  return (await toast.boundingBox())!;
}

/**
 * Top-right on desktop (16 px from the right edge), top-centre on phones, and below the header: its top
 * under the header's bottom edge.
 */
async function expectAtTheTop(page: Page, toast: Box, header: Locator) {
  const { width, height } = page.viewportSize()!;
  expect(toast.y + toast.height, 'in the upper half of the window').toBeLessThan(height / 2);
  if (width > 768) expect(Math.round(width - (toast.x + toast.width))).toBe(16);
  else expect(Math.abs(toast.x + toast.width / 2 - width / 2)).toBeLessThan(2);
  const bar = (await header.boundingBox())!;
  expect(toast.y, 'below the header').toBeGreaterThanOrEqual(bar.y + bar.height);
}

/** Every button, link and field of `layer`. */
const controlsOf = (layer: Locator) =>
  layer.locator('button:visible, a[href]:visible, input:visible, textarea:visible');

async function expectUncovered(toast: Box, controls: Locator[]) {
  for (const control of controls) {
    await expect(control).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(intersects(toast, box), `toast ${JSON.stringify(toast)} covers ${control}`).toBe(false);
  }
}

/** What a click lands on just outside the toast's box (left of it and above it) is not the toaster. */
async function expectMarginClickThrough(page: Page, toast: Box) {
  const points = [
    { x: toast.x - 6, y: toast.y + toast.height / 2 },
    { x: toast.x + toast.width / 2, y: toast.y - 6 },
  ];
  for (const point of points) {
    const hitsToaster = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-rht-toaster]') !== null,
      point,
    );
    expect(hitsToaster, `a click at ${JSON.stringify(point)} is caught by the toaster`).toBe(false);
  }
}

for (const width of [1280, 390]) {
  test.describe(`toasts at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
    });

    test('saving the document: the toast leaves Save, Export and the header actions uncovered', async ({
      page,
      signUp,
    }) => {
      await signUp();
      if (width <= 768) await page.getByRole('tab', { name: 'Documento' }).click();
      const panel = new DocumentPanel(page);
      await panel.waitUntilReady();
      await panel.saveButton.click();

      const toast = await toastBox(page, /Proyecto guardado correctamente/);
      await expectAtTheTop(page, toast, page.locator('header').first());
      await expectUncovered(toast, [
        panel.saveButton,
        panel.exportButton,
        page.getByRole('button', { name: 'Nuevo proyecto' }).first(),
      ]);
      await expectMarginClickThrough(page, toast);
    });

    test('sharing a project: the toast leaves the sort button and the header actions uncovered', async ({
      page,
      signUp,
    }) => {
      await signUp();
      const projects = new ProjectsPage(page);
      await projects.goto();
      const id = await projects.createProject();
      await projects.goto();
      await projects.projectAction(id, 'Compartir con el equipo');

      const toast = await toastBox(page, /disponible para tu equipo/);
      await expectAtTheTop(page, toast, page.locator('header').first());
      await expectUncovered(toast, [
        page.getByRole('button', { name: /^Orden:/ }),
        projects.newProjectButton,
        projects.newFolderButton,
      ]);
      await expectMarginClickThrough(page, toast);
    });

    test('saving a prompt in the open library: the toast covers none of the panel’s controls', async ({
      page,
      signUp,
    }) => {
      await signUp();
      const library = new PromptLibrary(page);
      await library.open();
      await library.newPrompt.click();
      await library.dialog.getByLabel('Nombre', { exact: true }).fill('Titulares');
      await library.dialog.getByLabel('Texto del prompt').fill('Propón cinco titulares para {{producto}}.');
      await library.dialog.getByRole('button', { name: 'Guardar' }).click();
      // The saved prompt is shown (in the list beside it, or on its own on a phone) with its actions.
      await expect(library.dialog.getByRole('button', { name: 'Usar prompt' })).toBeVisible();

      const toast = await toastBox(page, /Prompt personalizado creado/);
      await expectUncovered(toast, await controlsOf(library.dialog).all());
    });
  });
}
