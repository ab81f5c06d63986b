import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { setUpSandboxTeam } from '../pages/live-team.ts';
import { startOpenAIPeer, type OpenAIPeer } from '../../apps/server/test/helpers/openai-peer.ts';
import { ownServer } from '../support/own-server.ts';

const WORKSPACE = 'Estudio Faro';
/**
 * What the spec's model answers: a banned word, a word to avoid and an exclamation mark where none is
 * allowed, one finding each. The last one stays: it shows the rules were read wherever it is missing.
 */
const REPLY = 'Un cargador revolucionario para tu día. Escríbenos un mail y te lo enviamos hoy!';
const FIXED = 'Un cargador revolucionario para tu día. Escríbenos un email y te lo enviamos hoy!';

/** The owner saves three rules: never «revolucionario»; «email» rather than «mail»; no «!». */
async function saveRules(page: Page) {
  await page.goto('/brand/style-rules');
  await expect(page.getByRole('heading', { name: 'Aún no hay reglas de estilo' })).toBeVisible();
  await page.getByRole('button', { name: 'Añadir regla' }).click();
  await page.getByTestId('style-rule').nth(0).getByLabel('Nunca uses').fill('revolucionario');
  await page.getByRole('button', { name: 'Añadir regla' }).click();
  const prefer = page.getByTestId('style-rule').nth(1);
  await prefer.getByLabel('Tipo de regla').selectOption('prefer');
  await prefer.getByLabel('Usa', { exact: true }).fill('email');
  await prefer.getByLabel('En lugar de').fill('mail');
  await page.getByRole('button', { name: 'Añadir regla' }).click();
  const exclamations = page.getByTestId('style-rule').nth(2);
  await exclamations.getByLabel('Tipo de regla').selectOption('max-exclamations');
  await exclamations.getByLabel('Signos de exclamación por párrafo, como máximo').fill('0');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Reglas de estilo guardadas')).toBeVisible();
}

/**
 * A reply's style fixes are saved for the team: in two browsers at once, owner and teammate in one
 * shared project, the owner fixes one finding of a reply and ignores the other; the teammate sees
 * both without a reload, and after a reload both still hold for each of them. The spec's own server
 * answers through a local OpenAI-protocol model that always writes REPLY.
 */
test.describe('style fixes on a reply', () => {
  const own = ownServer('reply-fixes');
  let model: OpenAIPeer;
  test.beforeAll(async () => {
    model = await startOpenAIPeer({ chunks: REPLY.split(/(?<= )/) });
  });
  test.afterAll(async () => {
    await model.close();
  });

  test('the owner fixes one finding and ignores another; the teammate sees both live, and a reload keeps them', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const server = await own.start({ OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'e2e', AI_MODEL: 'fixes' });
    const { ownerContext, teammateContext, owner, teammate, projectId } = await setUpSandboxTeam(
      browser,
      server.url,
      { workspace: WORKSPACE, prepare: saveRules },
    );

    // Both have the shared project open; the owner asks, and both see the reply's three findings.
    const ownerChat = new ChatPage(owner);
    const teammateChat = new ChatPage(teammate);
    await owner.goto(`/chat?project=${projectId}`);
    await teammate.goto(`/chat?project=${projectId}`);
    await expect(ownerChat.composer).toBeVisible();
    await expect(teammateChat.composer).toBeVisible();
    await ownerChat.ask('Escribe un anuncio de cargadores');
    await ownerChat.waitForReplyEnd();
    const ownerIssues = ownerChat.reply(0).getByTestId('reply-style-issues');
    const teammateIssues = teammateChat.reply(0).getByTestId('reply-style-issues');
    await expect(ownerIssues).toContainText('3 avisos de estilo');
    await expect(teammateChat.replyText(teammateChat.reply(0))).toHaveText(REPLY);
    await expect(teammateIssues).toContainText('3 avisos de estilo');

    // The owner fixes «mail» and ignores «revolucionario».
    const mail = ownerIssues.getByRole('listitem').filter({ hasText: '«mail» → «email»' });
    await mail.getByRole('button', { name: 'Corregir' }).click();
    await expect(ownerChat.replyText(ownerChat.reply(0))).toHaveText(FIXED);
    await expect(ownerIssues).toContainText('2 avisos de estilo');
    const banned = ownerIssues.getByRole('listitem').filter({ hasText: '«revolucionario» está prohibido' });
    await banned.getByRole('button', { name: 'Ignorar' }).click();
    await expect(ownerIssues).toContainText('1 aviso de estilo');
    await expect(banned).toHaveCount(0);

    // The teammate, without reloading, sees the fixed text and only the finding left.
    await expect(teammateChat.replyText(teammateChat.reply(0))).toHaveText(FIXED);
    await expect(teammateIssues).toContainText('1 aviso de estilo');
    await expect(teammateIssues).toContainText('Demasiados signos de exclamación en un párrafo');
    await keepScreenshot(teammate, testInfo, 'reply-fixes-teammate-1280-es');

    // After a reload both still hold, for each of them.
    for (const [page, chat] of [
      [owner, ownerChat],
      [teammate, teammateChat],
    ] as const) {
      await page.reload();
      await expect(chat.replyText(chat.reply(0))).toHaveText(FIXED);
      const issues = chat.reply(0).getByTestId('reply-style-issues');
      await expect(issues).toContainText('1 aviso de estilo');
      await expect(issues).toContainText('Demasiados signos de exclamación en un párrafo');
    }
    await teammateContext.close();
    await ownerContext.close();
  });
});
