import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { settle } from '../support/a11y.ts';

const NAMES = 'Dame 10 nombres para una marca de cosmética natural';
const ARTICLE = 'Escribe un artículo de blog de 800 palabras sobre teletrabajo productivo';

test.describe('chat', () => {
  test("a reply's footer says the words it used and, on keyboard focus, what is left this month", async ({
    page,
    signUp,
  }, testInfo) => {
    const chat = new ChatPage(page);
    await signUp();
    await chat.ask(NAMES);
    await chat.waitForReplyEnd();
    const meter = page.getByTestId('words-meter');

    for (const [locale, used, bad, left] of [
      ['es', /^\d+ palabras usadas$/, 'Mala respuesta', /^Te quedan \d+ palabras este mes$/],
      ['en', /^\d+ words used$/, 'Bad reply', /^[\d,]+ words left this month$/],
    ] as const) {
      if (locale === 'en') await chat.reloadInEnglish();
      const cost = chat.reply(0).getByTestId('reply-cost');
      await expect(cost).toHaveText(used);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        // The feed re-lays itself out at the new width and may scroll; a tooltip closes when its
        // trigger's scroller moves, so the actions are brought into view and left to settle first.
        await chat.reply(0).getByRole('button', { name: bad }).scrollIntoViewIfNeeded();
        await settle(page);
        // From the last button of the reply's actions, Tab reaches the count and opens its tooltip.
        await chat.reply(0).getByRole('button', { name: bad }).focus();
        await page.keyboard.press('Tab');
        await expect(cost).toBeFocused();
        const tooltip = page.getByRole('tooltip');
        await expect(tooltip).toHaveText(left);
        // What is left is the allowance meter's figure under the composer.
        await expect(meter).toContainText((await tooltip.textContent()) ?? '');
        await keepScreenshot(page, testInfo, `reply-cost-${width}-${locale}`);
        await page.keyboard.press('Escape');
        await expect(tooltip).toHaveCount(0);
      }
      await page.setViewportSize({ width: 1280, height: 844 });
    }
  });

  test('a reply streams in, stops mid-way, regenerates, and all of it survives a reload', async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(120_000);
    const chat = new ChatPage(page);
    await signUp({ firstName: 'Lucía' });
    // A new account has no project yet: one is created, opened and written into the address.
    await expect(page).toHaveURL(/\/chat\?project=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: '¡Hola, Lucía! ¿Qué escribimos hoy?' })).toBeVisible();

    // The reply arrives in pieces: the page shows it growing before it is complete.
    await chat.recordStreamedTexts();
    await chat.ask(NAMES);
    await chat.waitForReplyEnd();
    const first = (await chat.replyText(chat.reply(0)).textContent()) ?? '';
    expect(first.length).toBeGreaterThan(100);
    const partials = new Set((await chat.streamedTexts()).filter((text) => text.length < first.length));
    expect(partials.size).toBeGreaterThanOrEqual(2);
    // No provider is configured in the e2e server: the demo writer answers, and the page says so.
    await expect(chat.demoBanner).toContainText('Redactor de demostración');
    // The first message named the project.
    await expect(chat.title).toContainText('Dame 10 nombres para una marca');

    // 👍 on the reply.
    const liked = page.waitForResponse((response) => response.url().includes('/add-reaction/'));
    await chat.reply(0).getByRole('button', { name: 'Buena respuesta' }).click();
    expect((await liked).ok()).toBe(true);
    await expect(chat.reply(0).getByRole('button', { name: 'Buena respuesta' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Stop mid-way: the partial text stays, marked stopped, and nothing says "failed".
    await chat.stopAtFirstWords();
    await chat.ask(ARTICLE);
    await chat.waitForReplyEnd();
    await expect(chat.reply(1).getByTestId('reply-status')).toHaveText('Detenida');
    const stopped = (await chat.replyText(chat.reply(1)).textContent()) ?? '';
    expect(stopped.length).toBeGreaterThan(0);
    await expect(page.getByText('Fallo al generar respuesta')).toHaveCount(0);
    // Once the server has saved it, the stopped reply takes a 👎 too, without a reload.
    const disliked = page.waitForResponse((response) => response.url().includes('/add-reaction/'));
    await chat.reply(1).getByRole('button', { name: 'Mala respuesta' }).click();
    expect((await disliked).ok()).toBe(true);

    // Regenerate the stopped reply: the same request answered again, in full, in its place; the
    // stopped one stays as the first version.
    await chat.reply(1).getByRole('button', { name: 'Regenerar' }).click();
    await chat.waitForReplyEnd();
    await expect(chat.replies).toHaveCount(2);
    await expect(chat.userMessages).toHaveText([NAMES, ARTICLE]);
    await expect(chat.versions(chat.reply(1))).toContainText('2/2');
    const regenerated = (await chat.replyText(chat.reply(1)).textContent()) ?? '';
    expect(regenerated.length).toBeGreaterThan(stopped.length);
    await expect(chat.reply(1).getByTestId('reply-status')).toHaveCount(0);
    await chat.previousVersion(chat.reply(1)).click();
    await expect(chat.versions(chat.reply(1))).toContainText('1/2');
    await expect(chat.reply(1).getByTestId('reply-status')).toHaveText('Detenida');
    await expect(chat.reply(1).getByRole('button', { name: 'Mala respuesta' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await chat.nextVersion(chat.reply(1)).click();
    await expect(chat.replyText(chat.reply(1))).toHaveText(regenerated);

    // Everything was saved: the conversation, both versions and the 👍 come back after a reload.
    await page.reload();
    await expect(chat.replies).toHaveCount(2);
    await expect(chat.userMessages).toHaveText([NAMES, ARTICLE]);
    await expect(chat.replyText(chat.reply(0))).toHaveText(first);
    await expect(chat.reply(0).getByRole('button', { name: 'Buena respuesta' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(chat.replyText(chat.reply(1))).toHaveText(regenerated);
    await chat.previousVersion(chat.reply(1)).click();
    await expect(chat.reply(1).getByTestId('reply-status')).toHaveText('Detenida');
    await expect(chat.reply(1).getByRole('button', { name: 'Mala respuesta' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const stoppedAfterReload = (await chat.replyText(chat.reply(1)).textContent()) ?? '';
    // The server keeps what it wrote before it saw the stop (a little more than was on screen, maybe).
    expect(stoppedAfterReload.length).toBeGreaterThan(0);
    expect(stoppedAfterReload.length).toBeLessThan(regenerated.length);
    await chat.nextVersion(chat.reply(1)).click();
    await expect(chat.replyText(chat.reply(1))).toHaveText(regenerated);

    // The first reply goes into the document beside the chat.
    await chat.reply(0).getByRole('button', { name: 'Insertar en el documento' }).click();
    await expect(page.getByTestId('document-panel')).toContainText(
      '10 nombres para una marca de cosmética natural',
    );

    for (const locale of ['es', 'en'] as const) {
      if (locale === 'en') await chat.reloadInEnglish();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await expect(chat.replies).toHaveCount(2);
        await keepScreenshot(page, testInfo, `chat-conversation-${width}-${locale}`);
      }
    }
  });

  test("a reply streams and is read without one breach of the page's Content Security Policy", async ({
    page,
    signUp,
  }) => {
    // zod probes whether it may compile code at run time, a breach the browser reports, unless the
    // app has told it not to before its first schema.
    await page.addInitScript(() => {
      const breaches: string[] = [];
      Object.assign(window, { __cspBreaches: breaches });
      document.addEventListener('securitypolicyviolation', (event) =>
        breaches.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const chat = new ChatPage(page);
    await signUp();
    await chat.ask(NAMES);
    await chat.waitForReplyEnd();
    expect(
      await page.evaluate(() => (window as unknown as { __cspBreaches: string[] }).__cspBreaches),
    ).toEqual([]);
  });

  test('a reply whose renderer cannot be downloaded shows its text as written, then as markdown once it arrives', async ({
    page,
    signUp,
  }) => {
    const chat = new ChatPage(page);
    await signUp();
    await chat.ask(NAMES);
    await chat.waitForReplyEnd();
    const reply = chat.replyText(chat.reply(0));
    // The demo writer's list of names: a heading, then a numbered list in bold.
    await expect(reply.getByRole('heading', { level: 2 })).toBeVisible();

    // A new visit on which the markdown renderer's chunk fails to download (a dropped connection, or
    // a deploy that replaced it): the reply is there, as written, and nothing says it failed.
    const renderer = /\/assets\/markdown-renderer-[\w-]+\.js$/;
    await page.route(renderer, (route) => route.abort('connectionfailed'));
    await page.reload();
    await expect(reply).toContainText('## ');
    await expect(reply).toContainText('1. **');
    await expect(reply.getByRole('heading')).toHaveCount(0);

    // Sending asks for the renderer again; once it is in, every reply is drawn as markdown.
    await page.unroute(renderer);
    await chat.ask('Otra petición');
    await chat.waitForReplyEnd();
    await expect(reply.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(reply).not.toContainText('## ');
  });

  test('the project title renames on Enter and a new project starts empty', async ({ page, signUp }) => {
    const chat = new ChatPage(page);
    await signUp();
    await expect(page).toHaveURL(/\/chat\?project=/);
    const firstUrl = page.url();
    await chat.title.click();
    const name = page.getByRole('textbox', { name: 'Nombre del proyecto' });
    await name.fill('Campaña de otoño');
    await name.press('Enter');
    await expect(chat.title).toContainText('Campaña de otoño');
    await page.reload();
    await expect(chat.title).toContainText('Campaña de otoño');

    await page.getByRole('button', { name: 'Nuevo proyecto' }).click();
    await expect(page).not.toHaveURL(firstUrl);
    await expect(page).toHaveURL(/\/chat\?project=/);
    await expect(chat.title).toContainText('Sin título');
    await expect(page.getByRole('heading', { name: 'Contenido extenso' })).toBeVisible();
  });

  test('Labs and workspace settings show the GPT-4 switch; a free member sees why it is off', async ({
    page,
    signUp,
  }, testInfo) => {
    await signUp();
    for (const path of ['/labs', '/workspace-settings']) {
      await page.goto(path);
      const toggle = page.getByRole('switch', { name: 'GPT-4 en el chat' });
      await expect(toggle).toBeDisabled();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await expect(page.getByTestId('premium-model-switch')).toContainText('Solo para miembros de pago');
      // The demo writer answers in the e2e server: the switch names the models it would use.
      await expect(page.getByTestId('premium-model-switch')).toContainText('ahora responde');
    }
    await page.goto('/labs');
    await page
      .getByTestId('premium-model-switch')
      .getByRole('button', { name: 'Mejora al Plan Pro' })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await keepScreenshot(page, testInfo, `labs-${width}-es`);
    }
  });
});
