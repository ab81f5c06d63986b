import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, keepScreenshot, signUpIn, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { describeFindings, scanLooks } from '../support/a11y.ts';
import { chooseLanguage, type Language } from '../support/language.ts';
import { ownServer } from '../support/own-server.ts';

/**
 * A free workspace whose month's words run out, each test in a workspace of its own: the chat's
 * out-of-words state, its accessibility in every look, and the phone's screen with its banners.
 *
 * The tests share a server of their own whose free allowance is 5 words (a single reply uses it up),
 * and so run one after another in one worker: each server start is seconds of CPU on CI's two cores.
 */
test.describe('a free workspace out of words', () => {
  test.describe.configure({ mode: 'default' });
  const own = ownServer('out-of-words');
  let url = '';
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    ({ url } = await own.start({ FREE_PLAN_WORDS: '5' }));
  });

  /** A new user of their own free workspace on the spec's server, signed in on /chat. */
  async function signedIn(
    browser: Browser,
    viewport?: { width: number; height: number },
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      baseURL: url,
      locale: 'es-ES',
      ...(viewport && { viewport }),
    });
    const page = await context.newPage();
    await signUpIn(page, 'es-ES', { firstName: 'Marta', lastName: 'Ruiz' });
    return { context, page };
  }

  test('the chat runs out of words and shows the out-of-words state', async ({ browser }, testInfo) => {
    const { context, page } = await signedIn(browser);
    const chat = new ChatPage(page);
    await expect(page.getByText('Te quedan 5 palabras este mes')).toBeVisible();

    // The allowance is checked before the reply starts: this one fits, and uses it all up.
    await chat.ask('Dame 10 nombres para una marca de cosmética natural');
    await chat.waitForReplyEnd();
    await expect(chat.outOfWords).toBeVisible();
    // One out-of-words notice: the words meter steps aside for it.
    await expect(page.getByText('Te quedan 0 palabras este mes')).toHaveCount(0);
    const prompt = page.getByRole('status').filter({ has: chat.outOfWords });
    await expect(prompt.getByRole('button', { name: 'Mejora al Plan Pro' })).toBeVisible();
    await chat.composer.fill('Otra petición');
    await expect(chat.send).toBeDisabled();

    await page.reload();
    await expect(chat.outOfWords).toBeVisible();
    await keepScreenshot(page, testInfo, 'chat-out-of-words-1280-es');
    await context.close();
  });

  test('axe-core finds no serious or critical violations on /chat with the out-of-words banner', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { context, page } = await signedIn(browser);
    const chat = new ChatPage(page);
    await chat.ask('Escribe un eslogan para una cafetería de barrio');
    await chat.waitForReplyEnd();
    await expect(chat.outOfWords).toBeVisible();
    const findings = await scanLooks(page, '/chat out of words');
    await context.close();
    expect(
      findings.map((finding) => `${finding.rule} on ${finding.screen}`),
      `axe-core found serious or critical violations:\n${describeFindings(findings)}`,
    ).toEqual([]);
  });

  test('on a phone, the banners and the composer leave most of the screen to the conversation', async ({
    browser,
  }, testInfo) => {
    const { context, page } = await signedIn(browser, { width: 390, height: 844 });
    const chat = new ChatPage(page);
    await chat.ask('Escribe un eslogan para una cafetería de barrio');
    await chat.waitForReplyEnd();
    await expect(chat.outOfWords).toBeVisible();

    const measure = async () => {
      const conversation = (await page.locator('[data-chat-scroller]').boundingBox())!;
      const banner = (await chat.demoBanner.boundingBox())!;
      return { conversation: conversation.height, banner: banner.height };
    };
    const sizes = await measure();
    // One line of demo notice, and more than half of the 844 px screen for the conversation.
    expect(sizes.banner).toBeLessThanOrEqual(48);
    expect(sizes.conversation).toBeGreaterThan(844 / 2);
    // One out-of-words notice: the banner, not the words left as well.
    await expect(page.getByText(/Te quedan 0 palabras/)).toHaveCount(0);
    const languages: Language[] = ['es', 'en'];
    for (const language of languages) {
      await chooseLanguage(page, language);
      await page.reload();
      await expect(page.locator('[data-testid="demo-banner"]')).toBeVisible();
      await keepScreenshot(page, testInfo, `wayfinding-out-of-words-390-${language}`);
    }
    await context.close();
  });
});
