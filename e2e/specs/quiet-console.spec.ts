import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { LoginPage } from '../pages/login-page.ts';

/**
 * Every warning and error the page writes to the console, and every uncaught error, from now on. A
 * failed request is one too: the browser logs each 4xx and 5xx answer as an error.
 */
function watchConsole(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    const { url } = message.location();
    noise.push(`${message.type()}: ${message.text()}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) => noise.push(`uncaught: ${error.message}`));
  return noise;
}

/** The console stays quiet where nothing went wrong: a visitor without a session, the chat opening. */
test.describe('a quiet console', () => {
  test('a first visitor reaches the sign-in page from the app, the chat and /login itself', async ({
    page,
  }) => {
    const noise = watchConsole(page);
    const login = new LoginPage(page);
    for (const path of ['/', '/chat', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(login.email).toBeVisible();
    }
    expect(noise).toEqual([]);
  });

  test('the chat of a signed-in user opens with its conversation and its document', async ({
    page,
    signUp,
  }) => {
    const noise = watchConsole(page);
    await signUp();
    const chat = new ChatPage(page);
    const document = new DocumentPanel(page);
    await chat.ask('Escribe un eslogan para una librería con un enlace a https://redacta.example');
    await chat.waitForReplyEnd();
    await chat.reply(0).getByRole('button', { name: 'Insertar en el documento' }).click();
    await document.waitUntilReady();
    await document.waitUntilSaved();

    // Opened again: the newest page of the conversation, the reply drawn, the document's editor.
    for (let load = 0; load < 2; load += 1) {
      await page.reload();
      await expect(chat.replyText(chat.reply(0))).toContainText(/\S/);
      await document.waitUntilReady();
      await document.waitUntilSaved();
    }
    expect(noise).toEqual([]);
  });
});
