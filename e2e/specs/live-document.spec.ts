/* eslint-disable no-empty-pattern -- Playwright reads a test's fixtures from its first parameter's object pattern; these tests use only the team set up once for all of them. */
import { expect, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { keepSideBySide, OWNER, openProject, TEAMMATE, WORKSPACE, type Team } from '../pages/live-team.ts';
import { WorkspaceSettingsPage } from '../pages/workspace-settings-page.ts';
import { chooseLanguage } from '../support/language.ts';
import { liveTeam } from '../support/live-team-setup.ts';

/**
 * One shared project's document, edited live by its owner and a teammate in two browsers: typing
 * at the same time, one of them offline for a while (and closing the tab), a reply inserted from a
 * phone's chat tab, a paragraph rewritten with AI, and the teammate's removal while the document is
 * open.
 */
const AD_PARAGRAPH =
  'Nuestras zapatillas ligeras están hechas para correr cada día con la máxima comodidad. ' +
  'Realmente son muy resistentes, y además el diseño es moderno y muy elegante.';

test.describe.serial('live document', () => {
  const live = liveTeam();
  let team: Team;
  test.beforeAll(() => {
    team = live.team;
  });

  test('both type at the same time and each sees both texts, with the other’s caret and avatar', async ({}, testInfo) => {
    const [ownerPanel, teammatePanel] = [new DocumentPanel(team.owner), new DocumentPanel(team.teammate)];
    for (const panel of [ownerPanel, teammatePanel]) {
      await expect(panel.saveState).toHaveText('Guardado');
      await expect(panel.root.getByTestId('document-presence')).toHaveAccessibleName(
        new RegExp(`${OWNER}.*${TEAMMATE}|${TEAMMATE}.*${OWNER}`),
      );
    }

    await ownerPanel.editor.click();
    await team.owner.keyboard.type('Titular de la campaña');
    await team.owner.keyboard.press('Enter');
    await team.owner.keyboard.type('Cuerpo:');
    await expect(teammatePanel.editor.locator('p')).toHaveText(['Titular de la campaña', 'Cuerpo:']);

    // The owner writes on in the second paragraph, the teammate in the first, both at once.
    await ownerPanel.editor.locator('p').nth(1).click();
    await team.owner.keyboard.press('End');
    await teammatePanel.editor.locator('p').nth(0).click();
    await team.teammate.keyboard.press('End');
    await Promise.all([
      team.owner.keyboard.type(' Carmen escribe el cuerpo del anuncio', { delay: 20 }),
      team.teammate.keyboard.type(' y la entradilla de Lucía', { delay: 20 }),
    ]);

    const both = [
      'Titular de la campaña y la entradilla de Lucía',
      'Cuerpo: Carmen escribe el cuerpo del anuncio',
    ];
    for (const panel of [ownerPanel, teammatePanel]) {
      await expect(panel.editor.locator('p')).toHaveText(both);
      await expect(panel.saveState).toHaveText('Guardado');
    }
    // Each sees the other's caret, named.
    await expect(ownerPanel.editor.locator(`[data-name="${TEAMMATE}"]`)).toBeVisible();
    await expect(teammatePanel.editor.locator(`[data-name="${OWNER}"]`)).toBeVisible();
    await keepSideBySide(team, testInfo, 'live-document-1280-es');

    // Undo takes back one's own typing only (in steps: the other's concurrent changes split it), for
    // everyone; redo brings it back.
    const first = teammatePanel.editor.locator('p').first();
    for (let step = 0; step < 40 && (await first.innerText()) !== 'Titular de la campaña'; step += 1) {
      await team.teammate.keyboard.press('ControlOrMeta+z');
      await expect(teammatePanel.editor.locator('p').nth(1)).toHaveText(both[1]!);
    }
    for (const panel of [ownerPanel, teammatePanel]) {
      await expect(panel.editor.locator('p')).toHaveText(['Titular de la campaña', both[1]!]);
    }
    for (let step = 0; step < 40 && (await first.innerText()) !== both[0]; step += 1) {
      await team.teammate.keyboard.press('ControlOrMeta+Shift+z');
    }
    for (const panel of [ownerPanel, teammatePanel]) await expect(panel.editor.locator('p')).toHaveText(both);
  });

  test('one goes offline for 10 s, types, comes back: merged', async ({}) => {
    const [ownerPanel, teammatePanel] = [new DocumentPanel(team.owner), new DocumentPanel(team.teammate)];
    await team.teammateContext.setOffline(true);
    await expect(teammatePanel.saveState).toHaveText('Sin conexión — los cambios se guardarán al volver');

    await teammatePanel.caretToEnd();
    await team.teammate.keyboard.press('Enter');
    await team.teammate.keyboard.type('Escrito sin conexión');
    await ownerPanel.editor.click();
    await team.owner.keyboard.press('ControlOrMeta+Home');
    await team.owner.keyboard.type('En línea: ');
    await team.teammate.waitForTimeout(10_000);
    await expect(ownerPanel.editor).not.toContainText('Escrito sin conexión');
    await expect(teammatePanel.editor).not.toContainText('En línea: ');

    await team.teammateContext.setOffline(false);
    for (const panel of [ownerPanel, teammatePanel]) {
      await expect(panel.editor.locator('p')).toHaveText([
        'En línea: Titular de la campaña y la entradilla de Lucía',
        'Cuerpo: Carmen escribe el cuerpo del anuncio',
        'Escrito sin conexión',
      ]);
      await expect(panel.saveState).toHaveText('Guardado');
    }
  });

  test('edits made offline in a tab closed since reach everyone when the project opens again', async ({}) => {
    const ownerPanel = new DocumentPanel(team.owner);
    const teammatePanel = new DocumentPanel(team.teammate);
    await team.teammateContext.setOffline(true);
    await expect(teammatePanel.saveState).toHaveText('Sin conexión — los cambios se guardarán al volver');
    await teammatePanel.caretToEnd();
    await team.teammate.keyboard.type(' y una línea escrita antes de cerrar');
    // The browser's local copy is written as the text changes; give it a moment, then close the tab.
    await team.teammate.waitForTimeout(500);
    await team.teammate.close();
    await expect(ownerPanel.editor).not.toContainText('antes de cerrar');

    await team.teammateContext.setOffline(false);
    team.teammate = await team.teammateContext.newPage();
    const reopened = await openProject(team.teammate, team.projectId);
    await expect(reopened.editor).toContainText('y una línea escrita antes de cerrar');
    await expect(ownerPanel.editor).toContainText('y una línea escrita antes de cerrar');
    await expect(reopened.saveState).toHaveText('Guardado');
  });

  test('a reply inserted from a phone’s chat tab appears in the owner’s document, and the phone’s Undo takes it back', async ({}, testInfo) => {
    const ownerPanel = new DocumentPanel(team.owner);
    await team.teammate.setViewportSize({ width: 390, height: 844 });
    await team.teammate.reload();
    await team.teammate.getByRole('tab', { name: 'Chat' }).click();
    const chat = new ChatPage(team.teammate);
    await chat.ask('Escribe un eslogan para una agencia de viajes');
    await chat.waitForReplyEnd();
    const reply = chat.replies.last();
    const lines = (await chat.replyText(reply).locator('p, h1, h2, h3, li').allInnerTexts()).map((line) =>
      line.trim(),
    );
    await reply.getByRole('button', { name: 'Insertar en el documento' }).click();
    // The whole reply, first line to last, in both documents: the next tests type after it.
    const phonePanel = new DocumentPanel(team.teammate);
    const inBoth = async (present: boolean) => {
      for (const editor of [ownerPanel.editor, phonePanel.editor]) {
        for (const line of [lines[0]!, lines.at(-1)!]) {
          await (present ? expect(editor) : expect(editor).not).toContainText(line);
        }
      }
    };
    await inBoth(true);

    // The phone shows the document, where the insertion can be taken back, and brought back again.
    await expect(team.teammate.getByRole('tab', { name: 'Documento' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const undo = phonePanel.toolbarButton('Deshacer');
    await expect(undo).toBeEnabled();
    await keepSideBySide(team, testInfo, 'live-document-inserted-from-phone-390-es');
    await undo.click();
    await inBoth(false);
    await phonePanel.toolbarButton('Rehacer').click();
    await inBoth(true);
  });

  test('screenshots of both screens at 1280 and 390 px in Spanish and English', async ({}, testInfo) => {
    for (const language of ['es', 'en'] as const) {
      for (const width of [1280, 390]) {
        for (const page of [team.owner, team.teammate]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await chooseLanguage(page, language);
        }
        await Promise.all([
          openProject(team.owner, team.projectId),
          openProject(team.teammate, team.projectId),
        ]);
        await team.teammate.getByRole('textbox', { name: /Texto del documento|Document text/ }).click();
        await team.teammate.keyboard.press('ControlOrMeta+End');
        await expect(team.owner.locator(`[data-name="${TEAMMATE}"]`)).toBeVisible();
        await keepSideBySide(team, testInfo, `live-document-${width}-${language}`);
      }
    }
    for (const page of [team.owner, team.teammate]) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await chooseLanguage(page, 'es');
    }
    await Promise.all([openProject(team.owner, team.projectId), openProject(team.teammate, team.projectId)]);
  });

  test('the owner shortens a paragraph with AI: the teammate sees the original during the preview, then the result', async ({}) => {
    const [ownerPanel, teammatePanel] = [new DocumentPanel(team.owner), new DocumentPanel(team.teammate)];
    // Both see the same document before the owner types at its end.
    await expect(teammatePanel.editor).toHaveText(await ownerPanel.editor.innerText(), {
      useInnerText: true,
    });
    await ownerPanel.caretToEnd();
    await team.owner.keyboard.press('Enter');
    await team.owner.keyboard.insertText(AD_PARAGRAPH);
    await expect(ownerPanel.editor.locator('p').last()).toHaveText(AD_PARAGRAPH);
    const theirs = teammatePanel.editor.locator('p').last();
    await expect(theirs).toHaveText(AD_PARAGRAPH);

    await ownerPanel.editor.locator('p').last().click({ clickCount: 3 });
    const menu = team.owner.getByRole('menu', { name: 'Acciones de IA sobre la selección' });
    await menu.getByRole('menuitem', { name: 'Acortar' }).click();
    const preview = team.owner.getByRole('group', { name: 'Resultado de la IA' });
    await expect(preview.getByRole('status')).toHaveText('Listo', { timeout: 20_000 });
    const result = (await team.owner.getByTestId('transform-result').textContent())!.trim();
    expect(result.split(/\s+/).length).toBeLessThan(AD_PARAGRAPH.split(/\s+/).length);
    // The preview is the owner's alone: the document everyone edits is unchanged meanwhile.
    await expect(theirs).toHaveText(AD_PARAGRAPH);
    await preview.getByRole('button', { name: 'Aceptar' }).click();
    await expect(theirs).toHaveText(result);
    await expect(ownerPanel.editor.locator('p').last()).toHaveText(result);
    await expect(teammatePanel.saveState).toHaveText('Guardado');
  });

  test('a removed teammate’s open document turns read-only at once, says why, keeps the text to copy and stops', async ({}, testInfo) => {
    const teammatePanel = new DocumentPanel(team.teammate);
    await teammatePanel.caretToEnd();
    await team.teammate.keyboard.type(' Última frase de Lucía');
    await expect(teammatePanel.saveState).toHaveText('Guardado');

    const sockets: string[] = [];
    team.teammate.on('websocket', (socket) => sockets.push(socket.url()));
    const settings = new WorkspaceSettingsPage(team.owner);
    await settings.goto();
    await settings.removeMember(TEAMMATE);

    const dialog = team.teammate.getByRole('dialog', { name: 'Ya no puedes editar este documento' });
    // At once: within moments of the owner's confirmation, with no step of the teammate's.
    await expect(dialog).toBeVisible({ timeout: 3_000 });
    await expect(dialog).toContainText('Ya no tienes acceso a este proyecto');
    await expect(dialog.getByRole('textbox', { name: 'Texto del documento sin guardar' })).toHaveValue(
      /Última frase de Lucía/,
    );
    // The app moves on as for any lost workspace, the text still there to copy.
    await expect(
      team.teammate.getByText(
        `Ya no tienes acceso a «${WORKSPACE}». Ahora estás en tu espacio de trabajo personal.`,
      ),
    ).toBeVisible();
    await keepSideBySide(team, testInfo, 'live-document-removed-1280-es');
    await dialog.getByRole('button', { name: 'Copiar texto' }).click();
    await expect(team.teammate.getByText('Texto copiado')).toBeVisible();

    // No more tries at the lost document.
    const after = sockets.length;
    await team.teammate.waitForTimeout(5_000);
    expect(sockets.slice(after).filter((url) => url.includes('/api/collab'))).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(dialog).toBeHidden();
  });
});
