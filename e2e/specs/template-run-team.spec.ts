import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { keepSideBySide, setUpSandboxTeam } from '../pages/live-team.ts';

const TEMPLATE = 'Ficha de producto para tienda online';
const PRODUCT = 'Mochila Cumbre 30 L';
/** The template's parts and their limits, as the reply's parts box shows them. */
const PARTS = [
  ['Título', /^\d+\/70$/],
  ['Descripción', /^\d+\/1000$/],
] as const;

/**
 * A template run is the conversation's, not the browser's: the owner runs a built-in template with
 * parts in a shared project, and the teammate, in a browser of her own, sees the reply's parts with
 * their lengths as it is saved, and again after a reload.
 */
test('a teammate sees the parts of a template run’s reply with their lengths, live and after a reload', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const team = await setUpSandboxTeam(browser, baseURL!, { workspace: 'Tienda Cumbre' });
  const { owner, teammate, projectId } = team;
  const ownerChat = new ChatPage(owner);
  const teammateChat = new ChatPage(teammate);
  await owner.goto(`/chat?project=${projectId}`);
  await teammate.goto(`/chat?project=${projectId}`);
  await expect(ownerChat.composer).toBeVisible();
  await expect(teammateChat.composer).toBeVisible();

  await owner.getByRole('button', { name: 'Plantilla', exact: true }).click();
  const dialog = owner.getByRole('dialog', { name: 'Usar una plantilla' });
  await dialog.getByRole('button', { name: new RegExp(TEMPLATE) }).click();
  await dialog.getByLabel('Producto', { exact: true }).fill(PRODUCT);
  await dialog
    .getByLabel('Características', { exact: true })
    .fill('Tejido reciclado, 900 g, espalda ventilada.');
  await dialog.getByRole('button', { name: 'Generar' }).click();
  await expect(dialog).toBeHidden();

  const request = teammate.getByRole('article', { name: 'Mensaje de Carmen Vidal' });
  await expect(request).toContainText(PRODUCT);
  const seen = async (chat: ChatPage) => {
    const parts = chat.replies.last().getByTestId('template-part');
    await expect(parts).toHaveCount(3, { timeout: 30_000 });
    for (const [index, [label, length]] of PARTS.entries()) {
      await expect(parts.nth(index)).toContainText(label);
      await expect(parts.nth(index).getByTestId('part-length')).toHaveText(length);
    }
    await expect(parts.nth(2)).toContainText('Ventajas');
  };
  await seen(ownerChat);
  await seen(teammateChat);
  await keepSideBySide(team, testInfo, 'template-run-team');

  await teammate.reload();
  await expect(teammateChat.composer).toBeVisible();
  await seen(teammateChat);
  await keepScreenshot(teammate, testInfo, 'template-run-team-reload');
  await team.ownerContext.close();
  await team.teammateContext.close();
});
