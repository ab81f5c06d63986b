import { expect, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';

/**
 * Keyboard: the last reply's actions (Copiar, Insertar en el documento, Regenerar, 👍, 👎) and the
 * words it used are the conversation's last stops, and one Tab from the last of them reaches the
 * composer, never the page body. Opened five times, so an order that only holds now and then fails here.
 */
test('Tab from the last reply’s last stop reaches the composer, every time the chat opens', async ({
  page,
  signUp,
}) => {
  await signUp();
  const chat = new ChatPage(page);
  for (const message of ['Escribe un eslogan para una librería', 'Otro para una panadería']) {
    await chat.ask(message);
    await chat.waitForReplyEnd();
  }
  const actions = chat.replies.last().getByRole('group', { name: 'Acciones de la respuesta' });
  for (let run = 1; run <= 5; run += 1) {
    await page.reload();
    await expect(actions.getByRole('button', { name: 'Mala respuesta' })).toBeVisible();
    // Into the reply from the keyboard, then through its actions to the last one.
    await chat.replies.last().focus();
    const buttons = await actions.getByRole('button').all();
    for (const button of buttons) {
      await page.keyboard.press('Tab');
      await expect(button, `run ${run}`).toBeFocused();
    }
    // Then the words the reply used (a stop on a plan with a monthly allowance: its tooltip says
    // what is left), then the composer.
    await page.keyboard.press('Tab');
    await expect(chat.replies.last().getByTestId('reply-cost'), `run ${run}`).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(chat.composer, `run ${run}`).toBeFocused();
  }
});
