import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, newEmail, signUpIn, test } from '../fixtures.ts';
import { InvitePage, waitForInvitationLink } from '../pages/invite-page.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { buyProInSandbox } from '../pages/subscription-page.ts';
import { WorkspaceSettingsPage } from '../pages/workspace-settings-page.ts';
import { settle } from '../support/a11y.ts';
import { chooseLanguage } from '../support/language.ts';
import { caughtMails } from '../support/mailbox.ts';

/**
 * What a paying team hits when a click lands twice or a mail is sent again, in a real browser: a
 * double click creates one folder, one project, one brand voice and one invitation (toasted as sent,
 * not "sent again", with one mail); every link mailed for an invitation works until it is used; the
 * selection bar does not push the project list down; revoking asks first.
 */
test.describe('double submits and mailed links', () => {
  test('a double click makes one of each, and both links of an invitation sent twice work', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(480_000);
    const ownerContext = await newContext(browser, baseURL!);
    const owner = await ownerContext.newPage();
    // Reloading a page with unsaved changes asks through the browser's own dialog: leave.
    owner.on('dialog', (dialog) => void dialog.accept());
    await signUpIn(owner, 'es-ES', { email: newEmail('owner'), firstName: 'Carmen', lastName: 'Vidal' });
    // The chat makes the workspace's first project on arrival.
    await expect(owner).toHaveURL(/\/chat\?project=[0-9a-f-]{36}/);

    // A folder: one created, the dialog closed, no "already exists".
    const projects = new ProjectsPage(owner);
    await projects.goto();
    await projects.newFolderButton.click();
    const folderDialog = owner.getByRole('dialog', { name: 'Nueva carpeta' });
    await folderDialog.getByLabel('Nombre de la carpeta').fill('Campañas');
    await folderDialog.getByRole('button', { name: 'Crear carpeta' }).dblclick();
    await expect(projects.toast('Carpeta creada correctamente')).toHaveCount(1);
    await expect(folderDialog).toBeHidden();
    await expect(owner.getByText('Ya existe una carpeta con ese nombre.')).toHaveCount(0);
    await projects.goto();
    await expect(owner.getByTestId('folder-card')).toHaveCount(1);

    // A project: one more (the chat made the first on arrival), opened in the chat.
    await expect(owner.getByTestId('project-row')).toHaveCount(1);
    await projects.waitForToastsToGo();
    await projects.newProjectButton.dblclick();
    await expect(owner).toHaveURL(/\/chat\?project=[0-9a-f-]{36}/);
    await projects.goto();
    await expect(owner.getByTestId('project-row')).toHaveCount(2);

    // Ticking the first project leaves the list where it was; the bar floats over the page.
    const row = owner.getByTestId('project-row').first();
    const before = await row.boundingBox();
    await row.getByRole('checkbox').check();
    await expect(projects.selectionBar).toBeVisible();
    expect(await row.boundingBox()).toEqual(before);
    await keepShots(owner, testInfo, 'selection', '/projects', async (page) => {
      await page.getByTestId('project-row').first().getByRole('checkbox').check();
      await expect(page.getByTestId('selection-bar')).toBeVisible();
    });
    await owner.setViewportSize({ width: 1280, height: 800 });

    // A brand voice: one.
    await owner.goto('/brand-voice/new');
    await owner.getByLabel('Nombre', { exact: true }).fill('Cercana');
    await owner.getByLabel('Texto de la voz').fill('Tuteamos, frases cortas.');
    await owner.getByRole('button', { name: 'Guardar' }).dblclick();
    await expect(owner).toHaveURL(/\/brand-voice$/);
    await expect(owner.getByTestId('brand-voice-card')).toHaveCount(1);

    // Typed and not saved: leaving asks first.
    await owner.goto('/brand-voice/new');
    await owner.getByLabel('Nombre', { exact: true }).fill('A medias');
    await owner.getByRole('link', { name: 'Mis proyectos' }).first().click();
    const leaving = owner.getByRole('dialog', { name: '¿Salir sin guardar?' });
    await expect(leaving).toBeVisible();
    // Keep editing: the page and what was typed stay.
    await leaving.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(leaving).toHaveCount(0);
    await expect(owner).toHaveURL(/\/brand-voice\/new$/);
    await expect(owner.getByLabel('Nombre', { exact: true })).toHaveValue('A medias');
    // The browser's Back asks too; staying keeps the text, and Back asks again.
    await owner.goBack();
    await expect(leaving).toBeVisible();
    await leaving.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(owner).toHaveURL(/\/brand-voice\/new$/);
    await expect(owner.getByLabel('Nombre', { exact: true })).toHaveValue('A medias');
    await owner.goBack();
    await expect(leaving).toBeVisible();
    // Leaving without saving goes back to the page before, and nothing was created.
    await leaving.getByRole('button', { name: 'Salir sin guardar' }).click();
    await expect(owner).toHaveURL(/\/brand-voice$/);
    await expect(owner.getByTestId('brand-voice-card')).toHaveCount(1);
    await owner.goto('/brand-voice/new');
    await owner.getByLabel('Nombre', { exact: true }).fill('A medias');
    await owner.getByRole('link', { name: 'Mis proyectos' }).first().click();
    await expect(leaving).toBeVisible();
    await keepShots(owner, testInfo, 'unsaved', '/brand-voice/new', async (page, es) => {
      await page.getByLabel(es ? 'Nombre' : 'Name', { exact: true }).fill('A medias');
      await page.getByRole('link', { name: es ? 'Cancelar' : 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await owner.setViewportSize({ width: 1280, height: 800 });
    await owner.goto('/workspace-settings');

    // Pro, then an invitation with a double click: one mail, said to be sent.
    await buyProInSandbox(owner);
    const settings = new WorkspaceSettingsPage(owner);
    await settings.goto();
    await expect(settings.seats(0, 3)).toBeVisible();
    const guest = newEmail('guest');
    const invitedAt = new Date(Date.now() - 1_000);
    await settings.addMembers.click();
    await settings.inviteDialog.getByLabel('Correo electrónico').fill(guest);
    await settings.inviteDialog.getByRole('button', { name: 'Enviar invitación' }).dblclick();
    // The workspace's first invitation says it was sent on its own step (about sharing projects).
    await expect(settings.inviteDialog).toContainText(`Invitación enviada a ${guest}.`);
    await settings.dismissFirstInviteStep();
    await expect(owner.getByRole('status').filter({ hasText: 'reenviada' })).toHaveCount(0);
    const first = await waitForInvitationLink(guest, invitedAt);
    await expect(settings.seats(1, 3)).toBeVisible();

    // Sent again from the list: a second link, and the first still works.
    const resentAt = new Date();
    await settings.pending.getByRole('button', { name: `Reenviar la invitación a ${guest}` }).click();
    await expect(
      owner.getByRole('status').filter({ hasText: 'Invitación reenviada correctamente' }),
    ).toBeVisible();
    const second = await waitForInvitationLink(guest, resentAt);
    expect(second).not.toBe(first);
    expect(mailsTo(guest)).toBe(2);

    const guestContext = await newContext(browser, baseURL!);
    const guestPage = await guestContext.newPage();
    const invite = new InvitePage(guestPage);
    await guestPage.goto(second);
    await expect(invite.heading('Carmen Vidal', 'Mi espacio de trabajo')).toBeVisible();
    await guestPage.goto(first);
    await expect(invite.heading('Carmen Vidal', 'Mi espacio de trabajo')).toBeVisible();
    await invite.signUpAndJoin(guest, 'Mi espacio de trabajo', { first: 'Lucía', last: 'Fernández' });
    // Used through the first link, the second one now says so.
    await guestPage.goto(second);
    await expect(guestPage.getByText('Esta invitación ya se ha utilizado')).toBeVisible();

    // Revoking asks first.
    await settings.goto();
    const other = newEmail('other');
    await settings.invite(other);
    await settings.pending.getByRole('button', { name: `Revocar la invitación de ${other}` }).click();
    await expect(owner.getByRole('dialog', { name: '¿Revocar la invitación?' })).toBeVisible();
    await owner.keyboard.press('Escape');
    await expect(settings.pending.getByText(other)).toBeVisible();
    await keepShots(owner, testInfo, 'revoke', '/workspace-settings#invitations', async (page, es) => {
      await page
        .getByRole('button', {
          name: es ? `Revocar la invitación de ${other}` : `Revoke the invitation for ${other}`,
        })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });

    await guestContext.close();
    await ownerContext.close();
  });
});

function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: 'es-ES', viewport: { width: 1280, height: 800 } });
}

const mailsTo = (email: string) =>
  caughtMails().filter((mail) => mail.to.includes(email.toLowerCase())).length;

/** `path` with `show` done on it, at 1280 and 390 px in Spanish and English, kept in e2e/artifacts/. */
async function keepShots(
  page: Page,
  testInfo: TestInfo,
  name: string,
  to: string,
  show: (page: Page, spanish: boolean) => Promise<void>,
) {
  for (const locale of ['es', 'en'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await chooseLanguage(page, locale);
      await page.goto(to);
      // The same address with a #hash is no page load: load it again in the language chosen.
      await page.reload();
      await show(page, locale === 'es');
      await settle(page);
      await keepScreenshot(page, testInfo, `submits-${name}-${width}-${locale}`);
      await page.keyboard.press('Escape');
    }
  }
  await chooseLanguage(page, 'es');
}
