import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { PromptLibrary } from '../pages/prompt-library.ts';

const PROMPTS = 300;

/** Saves `count` custom prompts in the signed-in user's workspace over the API, as the library's form would. */
async function createCustomPrompts(page: Page, count: number) {
  const refresh = await page.request.get('/api/auth/refresh', { headers: { 'x-requested-with': 'e2e' } });
  expect(refresh.status()).toBe(200);
  const { accessToken } = (await refresh.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const workspaces = (await (await page.request.get('/api/workspace/list', { headers })).json()) as {
    id: string;
  }[];
  const workspaceId = workspaces[0]!.id;
  const numbers = Array.from({ length: count }, (_, i) => String(i + 1).padStart(3, '0'));
  for (let start = 0; start < numbers.length; start += 25) {
    await Promise.all(
      numbers.slice(start, start + 25).map(async (n) => {
        const res = await page.request.post('/api/prompt/custom', {
          headers,
          data: {
            workspaceId,
            language: 'es',
            name: `Plantilla ${n}`,
            text: `Texto de la plantilla ${n}: escribe un anuncio para {{producto}}.`,
          },
        });
        expect(res.status()).toBe(201);
      }),
    );
  }
}

test('a library of 300 custom prompts keeps only the visible rows in the page; arrows, scrolling and use still reach every prompt', async ({
  page,
  signUp,
}, testInfo) => {
  // Three hundred saves over HTTP on a busy machine.
  test.setTimeout(240_000);
  await signUp();
  await createCustomPrompts(page, PROMPTS);
  await page.reload();

  const library = new PromptLibrary(page);
  await library.open();
  await library.showCategory('Personalizados');
  const row = (position: number) => library.options.and(page.locator(`[aria-posinset="${position}"]`));
  const nameOf = async (option: Locator) => (await option.locator('span span.min-w-0').textContent()) ?? '';

  // Each row in the page says where it stands in the whole list; far fewer than 300 are there.
  await expect(row(1)).toBeVisible();
  await expect(row(1)).toHaveAttribute('aria-setsize', String(PROMPTS));
  await expect(row(1)).toContainText('Plantilla');
  expect(await library.options.count()).toBeLessThan(60);
  await expect(row(PROMPTS)).toHaveCount(0);

  // Down the list with the arrows from the search field: the highlighted prompt is in the page,
  // on screen and previewed.
  await library.search.focus();
  for (let i = 0; i < 40; i += 1) await page.keyboard.press('ArrowDown');
  const listbox = library.dialog.getByRole('listbox');
  const highlighted = page.locator(`[id="${await listbox.getAttribute('aria-activedescendant')}"]`);
  await expect(highlighted).toHaveAttribute('aria-posinset', '41');
  await expect(highlighted).toBeInViewport();
  await expect(
    library.dialog.getByRole('heading', { name: await nameOf(highlighted), exact: true }),
  ).toBeVisible();

  // Scrolled to the end, the last prompt is there and can be used.
  await listbox.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(row(PROMPTS)).toBeVisible();
  await expect(row(1)).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'prompt-library-300-custom');
  // The partial list is still a valid listbox of options (roles, names, states) to axe.
  const scan = await new AxeBuilder({ page }).include('[data-testid="prompt-library"]').analyze();
  expect(scan.violations).toEqual([]);
  const lastName = await nameOf(row(PROMPTS));
  await row(PROMPTS).click();
  await expect(library.dialog.getByRole('heading', { name: lastName, exact: true })).toBeVisible();
  await library.use.click();
  await expect(library.dialog.getByRole('textbox', { name: 'producto' })).toBeVisible();
});
