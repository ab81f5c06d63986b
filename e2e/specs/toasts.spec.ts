import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { ProjectsPage } from '../pages/projects-page.ts';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each toast's visible box (react-hot-toast: container > one row per toast > the toast). */
const toasts = (page: Page, text: RegExp) =>
  page.locator('[data-rht-toaster] > div > div').filter({ hasText: text });

/** The visible box of the newest toast that says `text`. */
async function toastBox(page: Page, text: RegExp): Promise<Box> {
  const toast = toasts(page, text).last();
  await expect(toast).toBeVisible();
  // Hovering pauses it (a success toast lasts 2 s, less than a loaded machine may need here); then let
  // it finish sliding in before measuring.
  await toast.hover();
  await page.waitForTimeout(400);
  return (await toast.boundingBox())!;
}

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
      await expectUncovered(toast, [
        page.getByRole('button', { name: /^Orden:/ }),
        projects.newProjectButton,
        projects.newFolderButton,
      ]);
      await expectMarginClickThrough(page, toast);
    });
  });
}
