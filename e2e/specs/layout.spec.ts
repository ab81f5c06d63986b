import { expect, keepScreenshot, test } from '../fixtures.ts';
import { textFits } from '../support/text-fits.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { chooseLanguage } from '../support/language.ts';

test.describe('responsive layout', () => {
  test('at 768 px and below the sidebar gives way to the mobile header', async ({ page, signUp, shell }) => {
    await signUp();

    await page.setViewportSize({ width: 769, height: 800 });
    await expect(shell.sidebar).toBeVisible();
    await expect(shell.mobileHeader).toBeHidden();

    await page.setViewportSize({ width: 768, height: 800 });
    await expect(shell.sidebar).toBeHidden();
    await expect(shell.mobileHeader).toBeVisible();
    await shell.mobileMenu.click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(shell.sidebar).toBeVisible();
    await expect(shell.mobileHeader).toBeHidden();
  });

  test('screenshots of /login and /chat at 1280 and 390 px', async ({
    page,
    signUp,
    loginPage,
  }, testInfo) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await loginPage.goto();
      await keepScreenshot(page, testInfo, `login-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 844 });
    await signUp();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(page.getByRole('heading', { name: 'Contenido extenso' })).toBeVisible();
      await keepScreenshot(page, testInfo, `chat-${width}`);
    }
  });
});

test("the page draws the app's name and a spinner before the app's scripts arrive (the spinner still when the system asks for less motion), and the app takes over from it", async ({
  page,
  loginPage,
}) => {
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const splash = page.locator('#root > [aria-hidden="true"]');
  await expect(splash.getByText('Redacta', { exact: true })).toBeVisible();
  await expect(splash.locator('svg')).toBeVisible();
  await expect(loginPage.email).toBeHidden();
  // Its spinner turns, unless the system asks for less motion (as every spec's browser does).
  const turning = () =>
    splash
      .locator('svg')
      .evaluate((svg) => svg.getAnimations().filter((animation) => animation.playState === 'running').length);
  await expect.poll(turning).toBe(0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(turning).toBe(1);

  releaseScripts();
  await expect(loginPage.email).toBeVisible();
  await expect(splash).toHaveCount(0);
});

test("opening the chat, its code is asked for while the app's first script is still downloading, and only once", async ({
  page,
  signUp,
}) => {
  await signUp();
  // The chat this page opened after sign-up has its code: no request of it counts below.
  await expect(page.getByRole('heading', { name: 'Contenido extenso' })).toBeVisible();
  let releaseEntry!: () => void;
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  // Routing also turns the browser's cache off: every chunk is requested anew.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  const chatPageChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/chat-page-[\w-]+\.js$/.test(request.url())) chatPageChunks.push(request.url());
  });
  await page.goto('/chat', { waitUntil: 'commit' });
  await expect.poll(() => chatPageChunks.length).toBe(1);

  releaseEntry();
  await expect(page.getByRole('heading', { name: 'Contenido extenso' })).toBeVisible();
  expect(chatPageChunks).toHaveLength(1);
});

type Box = { x: number; y: number; width: number; height: number };

/** `inner` lies within `outer` (a pixel of rounding allowed). */
function expectInside(inner: Box, outer: Box, what: string) {
  expect(inner.x, `${what} starts inside`).toBeGreaterThanOrEqual(outer.x - 1);
  expect(inner.x + inner.width, `${what} ends inside`).toBeLessThanOrEqual(outer.x + outer.width + 1);
}

const longFolders = [
  'Campañas de otoño para clientes del sector de la hostelería y la restauración de toda la costa',
  'Documentación_técnica_del_lanzamiento_de_la_nueva_plataforma_web_2027_versión_final',
];

for (const width of [1280, 390]) {
  test(`long folder names stay inside the move dialog and the folder cards (${width} px)`, async ({
    page,
    signUp,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 844 });
    await signUp();
    const projects = new ProjectsPage(page);
    await projects.goto();
    for (const name of longFolders) await projects.createFolder(name);
    const id = await projects.createProject();
    await projects.goto();

    for (const name of longFolders) {
      const card = projects.folderCard(name);
      const cardBox = (await card.boundingBox())!;
      const nameBox = (await card.getByTestId('folder-name').boundingBox())!;
      expectInside(nameBox, cardBox, 'the folder name');
      // Two lines at most (20 px each), where there used to be one cut at about 15 characters.
      expect(nameBox.height).toBeLessThanOrEqual(41);
      expect(nameBox.height).toBeGreaterThan(21);
    }
    // The whole name on keyboard focus.
    await projects.folderCard(longFolders[1]!).getByRole('link').focus();
    await expect(page.getByRole('tooltip')).toHaveText(longFolders[1]!);
    await keepScreenshot(page, testInfo, `folder-cards-long-names-${width}`);

    await projects.projectAction(id, 'Mover a carpeta');
    const dialog = page.getByRole('dialog', { name: 'Mover a carpeta' });
    await expect(dialog).toBeVisible();
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(width);
    for (const name of longFolders) {
      const option = dialog.locator('label').filter({ hasText: name });
      expectInside((await option.boundingBox())!, dialogBox, `the option «${name}»`);
      await expect(option).toHaveAttribute('title', name);
    }
    expect(await dialog.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await keepScreenshot(page, testInfo, `move-dialog-long-names-${width}`);
  });

  test(`the brand-voice picker stays on the composer's row with its whole label (${width} px)`, async ({
    page,
    signUp,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 844 });
    await signUp();
    await page.goto('/brand-voice/new');
    await page.getByLabel('Nombre', { exact: true }).fill('Cercana');
    await page.getByLabel('Texto de la voz').fill('Cercana, alegre y directa. Trata al lector de tú.');
    await page.getByLabel('Usar como voz predeterminada').check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Voz de marca creada')).toBeVisible();

    await page.goto('/chat');
    const picker = page.getByRole('combobox', { name: 'Voz de marca' });
    await expect(picker).toBeEnabled();
    await expect(picker.locator('option:checked')).toHaveText('Cercana');
    const improve = page.getByRole('button', { name: 'Mejorar prompt', exact: true });
    // On Improve's row, and the chosen voice's text fits the select's room for text.
    const onTheRowAndWhole = async () => {
      const [pickerBox, improveBox] = [(await picker.boundingBox())!, (await improve.boundingBox())!];
      expect(
        Math.abs(pickerBox.y + pickerBox.height / 2 - (improveBox.y + improveBox.height / 2)),
      ).toBeLessThan(4);
      const fits = await textFits(picker, 'chosen');
      expect(fits).toBe(true);
    };
    await onTheRowAndWhole();
    // "No brand voice" too, though the list then names the default as "Cercana (predeterminada)".
    await picker.selectOption({ label: 'Sin voz de marca' });
    await expect(picker.locator('option:checked')).toHaveText('Sin voz de marca');
    await onTheRowAndWhole();
    await keepScreenshot(page, testInfo, `composer-no-voice-${width}`);
  });
}

test('workspace settings shows its title once on a phone', async ({ page, signUp }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp();
  await page.goto('/workspace-settings');
  await expect(
    page.getByRole('heading', { name: 'Ajustes del espacio de trabajo', level: 1 }),
  ).toBeAttached();
  // Shown to the eye once (the mobile header); the page's heading stays for screen readers only.
  const shownTitles = await page.evaluate(
    (title) =>
      [...document.querySelectorAll('body *')].filter((node) => {
        const box = node.getBoundingClientRect();
        return (
          node.childElementCount === 0 &&
          node.textContent?.trim() === title &&
          box.width > 2 &&
          box.height > 2
        );
      }).length,
    'Ajustes del espacio de trabajo',
  );
  expect(shownTitles).toBe(1);
});

test('the brand tabs fit a phone whole, in Spanish and English, the active one among them', async ({
  page,
  signUp,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp();
  const labels = {
    es: { nav: 'Secciones de marca', tabs: ['Voz de marca', 'Conocimiento', 'Reglas de estilo'] },
    en: { nav: 'Brand sections', tabs: ['Brand voice', 'Knowledge', 'Style rules'] },
  };
  for (const language of ['es', 'en'] as const) {
    await chooseLanguage(page, language);
    await page.goto('/brand/style-rules');
    const nav = page.getByRole('navigation', { name: labels[language].nav });
    const active = nav.getByRole('link', { name: labels[language].tabs[2], exact: true });
    await expect(active).toHaveAttribute('aria-current', 'page');
    const navBox = (await nav.boundingBox())!;
    for (const name of labels[language].tabs) {
      const tab = nav.getByRole('link', { name, exact: true });
      await expect(tab).toBeVisible();
      expectInside((await tab.boundingBox())!, navBox, `the tab «${name}»`);
      // Its text is drawn whole, not cut at the tab's edge.
      expect(await tab.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    }
    // Nothing hides past the row's edge either.
    expect(await nav.getByRole('list').evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await keepScreenshot(page, testInfo, `brand-tabs-390-${language}`);
  }
});

test('on a phone, the reply settings close when the message is sent, in Spanish and English', async ({
  page,
  signUp,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp();
  const { replies, userMessages } = new ChatPage(page);
  const texts = {
    es: {
      ...{ settings: 'Ajustes de la respuesta', tone: 'Tono', composer: 'Mensaje', send: 'Enviar' },
      message: 'Un eslogan para una panadería',
    },
    en: {
      ...{ settings: 'Reply settings', tone: 'Tone', composer: 'Message', send: 'Send' },
      message: 'A slogan for a bakery',
    },
  };
  for (const language of ['es', 'en'] as const) {
    await chooseLanguage(page, language);
    await page.goto('/chat');
    const { settings, tone, composer, send, message } = texts[language];
    const toggle = page.getByRole('button', { name: new RegExp(`^${settings}`) });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('combobox', { name: tone })).toBeVisible();
    await keepScreenshot(page, testInfo, `reply-settings-open-390-${language}`);

    await page.getByRole('textbox', { name: composer }).fill(message);
    await page.getByRole('textbox', { name: composer }).press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('combobox', { name: tone })).toBeHidden();
    await expect(page.getByRole('button', { name: send })).toBeVisible({ timeout: 30_000 });
    // The request and its reply have the room the settings took.
    await expect(userMessages.last()).toHaveText(message);
    await expect(userMessages.last()).toBeInViewport();
    await expect(replies.last()).toBeInViewport();
    await keepScreenshot(page, testInfo, `reply-settings-after-send-390-${language}`);
  }
});
