import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { chooseLanguage } from '../support/language.ts';

const ARTICLE = 'Escribe un artículo de blog de 800 palabras sobre teletrabajo productivo';
const FOLLOW_UP = 'Ahora un titular para ese artículo';

test.describe('regenerate and reply versions', () => {
  test('a new project takes its name from the first message, and Regenerate keeps every version', async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(120_000);
    const chat = new ChatPage(page);
    await signUp();
    await expect(chat.title).toContainText('Sin título');

    // The first message names the project: the header and the sidebar show it once the reply is in.
    await chat.stopAtFirstWords();
    await chat.ask(ARTICLE);
    await chat.waitForReplyEnd();
    await expect(chat.title).toContainText('Escribe un artículo de blog de');
    await expect(page.getByTestId('sidebar')).toContainText('Escribe un artículo de blog de');
    await expect(chat.reply(0).getByTestId('reply-status')).toHaveText('Detenida');
    const stopped = (await chat.replyText(chat.reply(0)).textContent()) ?? '';
    // The offline demo writer answers: its replies carry a label, outside the reply's text.
    await expect(chat.reply(0).getByTestId('demo-label')).toHaveText('Redactor de demostración');
    await expect(chat.replyText(chat.reply(0))).not.toContainText('Redactor de demostración');

    // Regenerate from the keyboard: the request is not repeated, the new reply takes the old one's place.
    await chat.reply(0).getByRole('button', { name: 'Regenerar' }).focus();
    await page.keyboard.press('Enter');
    await chat.waitForReplyEnd();
    await expect(chat.userMessages).toHaveText([ARTICLE]);
    await expect(chat.replies).toHaveCount(1);
    await expect(chat.versions(chat.reply(0))).toContainText('2/2');
    await expect(chat.reply(0).getByTestId('reply-status')).toHaveCount(0);
    const regenerated = (await chat.replyText(chat.reply(0)).textContent()) ?? '';
    expect(regenerated.length).toBeGreaterThan(stopped.length);
    // Regenerating did not rename the project.
    await expect(chat.title).toContainText('Escribe un artículo de blog de');

    // The switcher works from the keyboard and keeps the focus where it was.
    await chat.previousVersion(chat.reply(0)).focus();
    await page.keyboard.press('Enter');
    await expect(chat.versions(chat.reply(0))).toContainText('1/2');
    await expect(chat.reply(0).getByTestId('reply-status')).toHaveText('Detenida');
    await expect(chat.previousVersion(chat.reply(0))).toBeFocused();
    await expect(chat.previousVersion(chat.reply(0))).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Tab');
    await expect(chat.nextVersion(chat.reply(0))).toBeFocused();
    await page.keyboard.press('Space');
    await expect(chat.replyText(chat.reply(0))).toHaveText(regenerated);
    await page.keyboard.press('Shift+Tab');
    const saved = page.waitForResponse((response) => response.url().endsWith('/conversation/shown-version'));
    await page.keyboard.press('Enter');
    await expect(chat.versions(chat.reply(0))).toContainText('1/2');
    expect((await saved).ok()).toBe(true);

    // The version shown is saved: it is still the one shown after a reload, in either language.
    for (const locale of ['es', 'en'] as const) {
      if (locale === 'en') await chooseLanguage(page, 'en');
      await page.reload();
      const versions = chat.reply(0).getByRole('group', {
        name: locale === 'es' ? 'Versiones de la respuesta' : 'Reply versions',
      });
      await expect(versions).toContainText('1/2');
      await expect(
        versions.getByRole('button', { name: locale === 'es' ? 'Versión siguiente' : 'Next version' }),
      ).toBeVisible();
      await expect(chat.reply(0).getByTestId('demo-label')).toHaveText(
        locale === 'es' ? 'Redactor de demostración' : 'Demo writer',
      );
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await expect(chat.replies).toHaveCount(1);
        await keepScreenshot(page, testInfo, `chat-regenerated-${width}-${locale}`);
      }
    }
    await chooseLanguage(page, 'es');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(chat.reply(0).getByTestId('reply-status')).toHaveText('Detenida');
    await chat.nextVersion(chat.reply(0)).click();
    await expect(chat.replyText(chat.reply(0))).toHaveText(regenerated);

    // The conversation goes on from the shown version; only the new last reply offers Regenerate.
    await chat.ask(FOLLOW_UP);
    await chat.waitForReplyEnd();
    await expect(chat.userMessages).toHaveText([ARTICLE, FOLLOW_UP]);
    await expect(chat.reply(0).getByRole('button', { name: 'Regenerar' })).toHaveCount(0);
    await expect(chat.reply(1).getByRole('button', { name: 'Regenerar' })).toBeVisible();
    await expect(chat.title).toContainText('Escribe un artículo de blog de');
  });
});
