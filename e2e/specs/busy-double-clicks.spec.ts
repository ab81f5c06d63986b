import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { PromptLibrary } from '../pages/prompt-library.ts';

/**
 * A double click on a create button on a busy machine: the browser's CPU slowed down (Chromium's
 * own throttling) and the server's answer either late or at once, the two clicks of a double click
 * at the gaps people's double clicks have, both at the place the button was. Whatever the timing,
 * one thing is created, the form closes and no error shows.
 */

/** Chromium's CPU throttling: 4× slower is a mid-range phone, or a laptop busy with other work. */
const CPU_SLOWDOWN = 4;
/**
 * Gap between the two clicks (`dblclick`: the pointer's own double click) and how long the server's
 * answer is held back: a late answer has the second click land on the pending form, one at once has
 * it land on what replaced the form.
 */
const tries = [
  { gap: 'dblclick', answerMs: 400 },
  { gap: 150, answerMs: 0 },
  { gap: 450, answerMs: 0 },
] as const;
type Try = (typeof tries)[number];
const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Slows the page's CPU down and holds back the answers to POSTs on `path` by `answer.delayMs`. */
async function slowDown(page: Page, path: RegExp) {
  const answer = { delayMs: 0 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.route(path, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    await route.fulfill({ response });
  });
  return {
    answer,
    /** Back to full speed, for the checks after the clicks. */
    stop: () => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }),
  };
}

/** The statuses the server answered POSTs on `path` with. */
function answersTo(page: Page, path: RegExp): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && path.test(response.url())) statuses.push(response.status());
  });
  return statuses;
}

/** Two clicks at the middle of `box`, as a person's pointer makes them. */
async function doubleClick(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  gap: Try['gap'],
) {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (gap === 'dblclick') return page.mouse.dblclick(x, y);
  await page.mouse.click(x, y);
  await page.waitForTimeout(gap);
  // The browser counts a click this soon after the first, at the same place, as the second of a
  // double click (its detail is 2), whatever is under the pointer by then.
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
}

/** Toasts on screen that are not `success`: an error, or a second thing reported. */
const otherToasts = (page: Page, success: string) =>
  page.locator('[data-rht-toaster] [role="status"]').filter({ hasNotText: success });

/** Time enough for a second create to be answered and shown, had one been sent. */
const SECOND_ANSWER_MS = 600;

test.describe('double clicks on a busy machine', () => {
  for (const viewport of viewports) {
    test(`"Crear carpeta", ${viewport.width} px: one folder, the dialog closed, no error`, async ({
      page,
      signUp,
    }) => {
      await page.setViewportSize(viewport);
      await signUp();
      const projects = new ProjectsPage(page);
      await projects.goto();
      const path = /\/api\/folder$/;
      const statuses = answersTo(page, path);
      const { answer, stop } = await slowDown(page, path);
      // Clicks that land outside the dialog, on the page beneath it (a project row opens its chat).
      await page.evaluate(() => {
        const seen = window as unknown as { clicksBeneath: string[] };
        seen.clicksBeneath = [];
        document.addEventListener(
          'click',
          (event) => {
            const target = event.target as HTMLElement;
            if (target.closest('[role="dialog"]')) return;
            seen.clicksBeneath.push(
              `${target.tagName} "${target.textContent?.slice(0, 30)}" detail ${event.detail}`,
            );
          },
          { capture: true },
        );
      });
      const clicksBeneath = () =>
        page.evaluate(() => (window as unknown as { clicksBeneath: string[] }).clicksBeneath);
      for (const [index, { gap, answerMs }] of tries.entries()) {
        const how = `gap ${gap}, answer after ${answerMs} ms`;
        answer.delayMs = answerMs;
        await projects.newFolderButton.click();
        const beneathBefore = await clicksBeneath();
        const dialog = page.getByRole('dialog', { name: 'Nueva carpeta' });
        await dialog.getByLabel('Nombre de la carpeta').fill(`Carpeta ${index + 1}`);
        await doubleClick(
          page,
          (await dialog.getByRole('button', { name: 'Crear carpeta' }).boundingBox())!,
          gap,
        );
        await expect(dialog, how).toBeHidden();
        // Both clicks of the double click reached the dialog, none the page beneath it.
        expect(await clicksBeneath(), how).toEqual(beneathBefore);
        await expect(projects.toast('Carpeta creada correctamente').first(), how).toBeVisible();
        await page.waitForTimeout(SECOND_ANSWER_MS);
        await expect(otherToasts(page, 'Carpeta creada correctamente'), how).toHaveCount(0);
        await expect(page, how).toHaveURL(/\/projects/);
        await expect(page.getByTestId('folder-card'), how).toHaveCount(index + 1);
      }
      // A create sent twice is answered the same both times, never with an error.
      expect(
        statuses.filter((status) => status !== 201),
        statuses.join(', '),
      ).toEqual([]);
      await stop();
      await projects.goto();
      await expect(page.getByTestId('folder-card')).toHaveCount(tries.length);
    });

    test(`Save of a new custom prompt, ${viewport.width} px: one prompt, the form closed, no error`, async ({
      page,
      signUp,
    }) => {
      await page.setViewportSize(viewport);
      await signUp();
      const library = new PromptLibrary(page);
      await library.open();
      // Loaded: the first category's prompts are listed (the category control is drawn with them).
      await expect(library.options.first()).toBeVisible();
      await library.showCategory('Personalizados');
      const path = /\/api\/prompt\/custom$/;
      const statuses = answersTo(page, path);
      const { answer, stop } = await slowDown(page, path);
      for (const [index, { gap, answerMs }] of tries.entries()) {
        const how = `gap ${gap}, answer after ${answerMs} ms`;
        answer.delayMs = answerMs;
        // On a phone the saved prompt is shown alone: back to the list for the next one.
        if (await library.dialog.getByRole('button', { name: 'Volver a la lista' }).isVisible())
          await library.dialog.getByRole('button', { name: 'Volver a la lista' }).click();
        await library.newPrompt.click();
        const name = `Prompt ${index + 1}`;
        await library.dialog.getByLabel('Nombre', { exact: true }).fill(name);
        await library.dialog.getByLabel('Texto del prompt').fill(`Escribe un titular (${index + 1})`);
        await doubleClick(
          page,
          (await library.dialog.getByRole('button', { name: 'Guardar' }).boundingBox())!,
          gap,
        );
        // The form has given way to the saved prompt, still in the library.
        await expect(library.dialog.getByRole('heading', { name, level: 3 }), how).toBeVisible();
        await expect(library.dialog.getByLabel('Texto del prompt'), how).toHaveCount(0);
        await page.waitForTimeout(SECOND_ANSWER_MS);
        await expect(otherToasts(page, 'Prompt personalizado creado'), how).toHaveCount(0);
        await expect(library.dialog.getByRole('heading', { name, level: 3 }), how).toBeVisible();
      }
      expect(
        statuses.filter((status) => status !== 201),
        statuses.join(', '),
      ).toEqual([]);
      await stop();
      // One of each, stored: a fresh page loads them from the server.
      await page.reload();
      await library.open();
      await expect(library.options.first()).toBeVisible();
      await library.showCategory('Personalizados');
      await expect(library.options).toHaveCount(tries.length);
    });
  }
});
