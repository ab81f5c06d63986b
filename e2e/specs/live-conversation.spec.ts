import type { Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { setUpSandboxTeam } from '../pages/live-team.ts';
import { startOpenAIPeer, type OpenAIPeer } from '../../apps/server/test/helpers/openai-peer.ts';
import { chooseLanguage } from '../support/language.ts';
import { ownServer } from '../support/own-server.ts';

const WORKSPACE = 'Estudio Faro';
const ARTICLE = 'Escribe un artículo de blog sobre teletrabajo productivo';
const SLOGAN = 'Escribe un eslogan para una agencia de viajes';
/** The name the first message gives the project: its first six words. */
const SLOGAN_TITLE = 'Escribe un eslogan para una agencia';
const SLOGAN_REPLY = 'Viaja lejos, vuelve distinto: tu próxima historia empieza con nosotros.';
/** Eighteen paragraphs of forty words: far taller than the screen, well within a reply's reservation. */
const ARTICLE_REPLY = Array.from(
  { length: 18 },
  (_, i) =>
    `Párrafo ${i + 1}. Trabajar desde casa pide rutinas claras: una hora fija para empezar, pausas ` +
    'cortas y un lugar que solo sirva para trabajar. Quien cuida esos detalles rinde más, descansa ' +
    'mejor y separa su trabajo de su vida sin esfuerzo.\n\n',
).join('');
/** Words per network chunk of the article, and the share of it written before the model waits. */
const WORDS_PER_CHUNK = 4;
const WRITTEN_BEFORE_THE_WAIT = 2 / 3;

interface HeldModel extends OpenAIPeer {
  /** Lets the article's last third be written. */
  release(): void;
}

/**
 * The spec's model (a local OpenAI-protocol server): it writes the slogan at once; it writes the first
 * two thirds of the article a few words at a time, then waits until `release()` for the rest, so the
 * reply is still being written however long a reload takes on a busy machine, and the spec says when
 * it may end.
 */
async function startHeldModel(): Promise<HeldModel> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const peer = await startOpenAIPeer({
    pieces: async function* (body) {
      const article = body.messages.some(({ content }) => JSON.stringify(content).includes('teletrabajo'));
      const words = (article ? ARTICLE_REPLY : SLOGAN_REPLY).split(/(?<= )/);
      const chunks: string[] = [];
      for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) {
        chunks.push(words.slice(i, i + WORDS_PER_CHUNK).join(''));
      }
      const waitAt = article ? Math.floor(chunks.length * WRITTEN_BEFORE_THE_WAIT) : -1;
      for (const [index, chunk] of chunks.entries()) {
        if (index === waitAt) await released;
        yield chunk;
        if (article) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  });
  return {
    ...peer,
    release,
    close: () => {
      release();
      return peer.close();
    },
  };
}

/**
 * The live conversation in two browsers, owner and teammate in one shared project: a reply streaming
 * in one appears, growing, in the other with its sender's name; the owner reloads in the middle of a
 * reply and the page goes on from the text so far to the end, one reply, the same text in both. The
 * spec's own server answers through the held model above.
 */
test.describe('live conversation', () => {
  const own = ownServer('live-conversation');
  let model: HeldModel;
  test.beforeAll(async () => {
    model = await startHeldModel();
  });
  test.afterAll(async () => {
    await model.close();
  });

  test('a reply streams to a teammate, and a reload mid-reply continues it', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const server = await own.start({ OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'e2e', AI_MODEL: 'held' });
    const { ownerContext, teammateContext, owner, teammate, projectId } = await setUpSandboxTeam(
      browser,
      server.url,
      { workspace: WORKSPACE },
    );

    // Both open the shared project.
    const ownerChat = new ChatPage(owner);
    const teammateChat = new ChatPage(teammate);
    await owner.goto(`/chat?project=${projectId}`);
    await teammate.goto(`/chat?project=${projectId}`);
    await expect(ownerChat.composer).toBeVisible();
    await expect(teammateChat.composer).toBeVisible();

    // The owner asks: the teammate sees the request with Carmen's name, then the reply.
    await ownerChat.ask(SLOGAN);
    const request = teammate.getByRole('article', { name: 'Mensaje de Carmen Vidal' });
    await expect(request).toContainText(SLOGAN);
    // The project's first message named it: both headers show the new name without a reload.
    await expect(ownerChat.title).toContainText(SLOGAN_TITLE);
    await expect(teammateChat.title).toContainText(SLOGAN_TITLE);
    await ownerChat.waitForReplyEnd();
    await expect(teammateChat.replies).toHaveCount(1);
    const slogan = (await ownerChat.replyText(ownerChat.reply(0)).textContent()) ?? '';
    await expect(teammateChat.replyText(teammateChat.reply(0))).toHaveText(slogan);
    // Once saved, the request keeps its sender's name; the owner sees their own without one.
    await expect(request.getByTestId('message-author')).toHaveText('Carmen Vidal');
    await expect(owner.getByTestId('message-author')).toHaveCount(0);

    // The owner reloads in the middle of a long reply: the text so far, then on to the end. The
    // teammate watches it grow.
    await teammateChat.recordStreamedTexts();
    await ownerChat.ask(ARTICLE);
    const growing = ownerChat.replyText(ownerChat.reply(1));
    await expect(growing).toHaveAttribute('aria-busy', 'true');
    await expect(growing).not.toBeEmpty();
    await ownerChat.recordStreamedTextsFromNextLoad();
    await owner.reload();
    const resumed = ownerChat.replyText(ownerChat.reply(1));
    // Never a blank: the reply shows its text so far while it is still being written.
    await expect(resumed).toHaveAttribute('aria-busy', 'true');
    await expect(resumed).not.toBeEmpty();
    // The teammate, reading at the end, stays at the end as the reply grows past the screen.
    const watched = teammateChat.replyText(teammateChat.reply(1));
    const teammateScroller = teammate.locator('[data-chat-scroller]');
    await expect
      .poll(async () => {
        const [reply, screen] = [await watched.boundingBox(), await teammateScroller.boundingBox()];
        return (reply?.height ?? 0) > (screen?.height ?? Infinity);
      })
      .toBe(true);
    await expect
      .poll(() =>
        teammateScroller.evaluate(
          (element) => element.scrollHeight - element.scrollTop - element.clientHeight,
        ),
      )
      .toBeLessThanOrEqual(2);
    // The teammate's view while the reply streams; then the model writes the rest.
    await keepLiveShots(teammate, teammateChat, testInfo, 'es');
    model.release();
    await expect(ownerChat.send).toBeVisible({ timeout: 60_000 });
    await expect(ownerChat.reply(1).getByTestId('reply-text')).not.toHaveAttribute('aria-busy', 'true');
    const article = (await resumed.textContent()) ?? '';
    // From its first drawing after the reload the reply in progress had text (how much depends on how
    // long the reload took), and it ended as the whole reply.
    const afterReload = await ownerChat.streamedTexts();
    expect(afterReload[0]?.length).toBeGreaterThan(0);
    expect(article.startsWith(afterReload[0]!.slice(0, 20))).toBe(true);
    await expect(ownerChat.replies).toHaveCount(2);
    await expect(ownerChat.userMessages).toHaveText([SLOGAN, ARTICLE]);
    await expect(ownerChat.reply(1).getByTestId('reply-status')).toHaveCount(0);
    // The teammate has the same reply, and after a reload both still do: it was saved once.
    await expect(teammateChat.replyText(teammateChat.reply(1))).toHaveText(article);
    const partials = (await teammateChat.streamedTexts()).filter((text) => text.length < article.length);
    expect(new Set(partials).size).toBeGreaterThanOrEqual(3);
    await owner.reload();
    await expect(ownerChat.replies).toHaveCount(2);
    await expect(ownerChat.replyText(ownerChat.reply(1))).toHaveText(article);

    // The teammate's view after the reply, in English too.
    await chooseLanguage(teammate, 'en');
    await teammate.reload();
    await expect(teammate.getByRole('article', { name: 'Message from Carmen Vidal' }).first()).toBeVisible();
    await keepLiveShots(teammate, teammateChat, testInfo, 'en');
    await teammateContext.close();
    await ownerContext.close();
  });
});

/** The teammate's chat at 1280 and 390 px, kept in e2e/artifacts/ for a look by eye. */
async function keepLiveShots(page: Page, chat: ChatPage, testInfo: TestInfo, locale: 'es' | 'en') {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    // The teammate's request with its sender's name in view.
    const author = page.getByTestId('message-author').last();
    // The feed draws its rows again while a reply grows: scroll to whichever is there.
    await expect(async () => {
      await author.scrollIntoViewIfNeeded({ timeout: 1_000 });
      await expect(author).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await keepScreenshot(page, testInfo, `live-conversation-teammate-${locale}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
