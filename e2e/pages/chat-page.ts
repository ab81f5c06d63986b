import { expect, type Locator, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/language.ts';

/** Runs in the page: keeps each text the growing reply shows in `window.streamedTexts`. */
function recordGrowingReply() {
  const seen: string[] = [];
  (window as unknown as { streamedTexts: string[] }).streamedTexts = seen;
  // The document itself: it exists even before the page's elements do (an init script).
  new MutationObserver(() => {
    const growing = document.querySelector('[data-testid="reply-text"][aria-busy="true"]');
    const text = growing?.textContent ?? '';
    if (text && seen.at(-1) !== text) seen.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** /chat: the conversation, the composer and the header's project title (Spanish labels). */
export class ChatPage {
  readonly composer: Locator;
  readonly send: Locator;
  readonly stop: Locator;
  readonly replies: Locator;
  readonly userMessages: Locator;
  readonly title: Locator;
  readonly demoBanner: Locator;
  readonly outOfWords: Locator;

  constructor(readonly page: Page) {
    this.composer = page.getByRole('textbox', { name: 'Mensaje' });
    this.send = page.getByRole('button', { name: 'Enviar' });
    this.stop = page.getByRole('button', { name: 'Detener' });
    this.replies = page.getByTestId('assistant-reply');
    this.userMessages = page.getByTestId('user-message');
    this.title = page.getByTestId('project-title');
    this.demoBanner = page.getByTestId('demo-banner');
    this.outOfWords = page.getByText('¡No te quedan palabras!');
  }

  reply(index: number): Locator {
    return this.replies.nth(index);
  }

  replyText(reply: Locator): Locator {
    return reply.getByTestId('reply-text');
  }

  /** The "‹ 1/2 ›" switcher of a regenerated reply. */
  versions(reply: Locator): Locator {
    return reply.getByRole('group', { name: 'Versiones de la respuesta' });
  }

  previousVersion(reply: Locator): Locator {
    return this.versions(reply).getByRole('button', { name: 'Versión anterior' });
  }

  nextVersion(reply: Locator): Locator {
    return this.versions(reply).getByRole('button', { name: 'Versión siguiente' });
  }

  /** Chooses English on this device and reloads the chat, which is then drawn in English. */
  async reloadInEnglish() {
    await chooseLanguage(this.page, 'en');
    await this.page.reload();
    await expect(this.page.getByRole('button', { name: 'Send' })).toBeVisible();
  }

  /** Types the request and presses Enter, as a user does. */
  async ask(message: string) {
    await this.composer.fill(message);
    await this.composer.press('Enter');
  }

  /** Waits until no reply is streaming (Send is back in place of Stop). */
  async waitForReplyEnd() {
    await expect(this.stop).toHaveCount(0, { timeout: 30_000 });
    await expect(this.send).toBeVisible();
  }

  /**
   * Records every text the growing reply shows, from inside the page (the offline demo writer streams
   * a reply in about half a second: polling from the test could miss the steps).
   */
  async recordStreamedTexts() {
    await this.page.evaluate(recordGrowingReply);
  }

  /** Like recordStreamedTexts, from the next load of the page on (a reload): its first drawing included. */
  async recordStreamedTextsFromNextLoad() {
    await this.page.addInitScript(recordGrowingReply);
  }

  async streamedTexts(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { streamedTexts: string[] }).streamedTexts);
  }

  /**
   * Clicks Stop as soon as the first words of the next reply are on screen, the way a user stops a
   * reply going the wrong way. Done from inside the page because the demo writer would finish
   * before a round trip from the test could click.
   */
  async stopAtFirstWords() {
    await this.page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const growing = document.querySelector('[data-testid="reply-text"][aria-busy="true"]');
        const stop = document.querySelector<HTMLButtonElement>('button[aria-label="Detener"]');
        if (growing?.textContent && stop) {
          observer.disconnect();
          stop.click();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }
}
