import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, newEmail, signUpIn, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { InvitePage, waitForInvitationLink } from '../pages/invite-page.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { SandboxCheckoutPage, UpgradeModal } from '../pages/subscription-page.ts';
import { WorkspaceSettingsPage } from '../pages/workspace-settings-page.ts';
import { settle } from '../support/a11y.ts';
import { chooseLanguage } from '../support/language.ts';

const WORKSPACE = 'Agencia Norte';
/** How soon a project shared on the owner's screen shows in the teammate's open list. */
const SHOWS_WITHIN_MS = 2_000;

/**
 * Sharing with a new teammate, in two browsers at once: the owner's first invitation explains that
 * projects are private until shared and shares one of them there; the teammate, with Mis proyectos
 * open, sees it, and then sees a second one appear within 2 s without a reload when the owner shares it
 * from the project screen's own control.
 */
test.describe('sharing with the team', () => {
  test('the first invitation offers the owner’s projects; the project screen shares live into a teammate’s list', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const owner = await newPage(browser, baseURL!);
    await signUpIn(owner, 'es-ES', { firstName: 'Carmen', lastName: 'Vidal' });
    const ownerProjects = new ProjectsPage(owner);
    await ownerProjects.goto();
    const launch = await ownerProjects.createProject();
    await ownerProjects.goto();
    await ownerProjects.renameInline(launch, 'Plan de lanzamiento');
    const winter = await ownerProjects.createProject();
    await ownerProjects.goto();
    await ownerProjects.renameInline(winter, 'Campaña de invierno');

    // Pro in the sandbox, then the workspace's first invitation.
    await new AppShell(owner).sidebar.getByRole('button', { name: 'Mejora al Plan Pro' }).click();
    await new UpgradeModal(owner).checkout('Mensual');
    await new SandboxCheckoutPage(owner).pay();
    const settings = new WorkspaceSettingsPage(owner);
    await settings.goto();
    await settings.rename(WORKSPACE);
    const teammateEmail = newEmail('teammate');
    const invitedAt = new Date(Date.now() - 1_000);
    await settings.addMembers.click();
    await settings.inviteDialog.getByLabel('Correo electrónico').fill(teammateEmail);
    await settings.inviteDialog.getByRole('button', { name: 'Enviar invitación' }).click();

    // The step says projects are private until shared and lists the owner's private ones.
    await expect(settings.inviteDialog).toContainText(`Invitación enviada a ${teammateEmail}.`);
    await expect(settings.firstInviteStep).toBeVisible();
    const offered = settings.inviteDialog.getByRole('group', { name: 'Tus proyectos privados' });
    await expect(offered.getByRole('checkbox', { name: 'Plan de lanzamiento' })).toBeVisible();
    await expect(offered.getByRole('checkbox', { name: 'Campaña de invierno' })).toBeVisible();
    await settle(owner);
    await keepScreenshot(owner, testInfo, 'share-first-invitation-1280-es');
    await offered.getByRole('checkbox', { name: 'Plan de lanzamiento' }).check();
    await settings.inviteDialog.getByRole('button', { name: 'Compartir seleccionados' }).click();
    await expect(ownerProjects.toast('Proyecto compartido con el equipo')).toBeVisible();
    await expect(settings.inviteDialog).toBeHidden();

    // The teammate joins from the mailed link and opens Mis proyectos: the shared one only.
    const teammate = await newPage(browser, baseURL!);
    await teammate.goto(await waitForInvitationLink(teammateEmail, invitedAt));
    await new InvitePage(teammate).signUpAndJoin(teammateEmail, WORKSPACE, {
      first: 'Lucía',
      last: 'Fernández',
    });
    const teamList = new ProjectsPage(teammate);
    await teammate.getByRole('link', { name: 'Mis proyectos' }).click();
    await expect(teamList.row(launch)).toBeVisible();
    await expect(teamList.row(winter)).toHaveCount(0);

    // The owner opens the other project: its header says it is private; shared from the keyboard.
    await owner.goto(`/chat?project=${winter}`);
    const control = owner.getByRole('button', { name: 'Privado: solo tú puedes verlo' });
    await expect(control).toHaveText('Privado');
    await control.focus();
    await owner.keyboard.press('Enter');
    const share = owner.getByRole('menuitem', { name: 'Compartir con el equipo' });
    await expect(share).toBeFocused();
    await owner.keyboard.press('Enter');
    const sharedAt = Date.now();
    await expect(teamList.row(winter)).toBeVisible({ timeout: SHOWS_WITHIN_MS });
    expect(Date.now() - sharedAt).toBeLessThan(SHOWS_WITHIN_MS);
    await expect(teammate.getByRole('link', { name: 'Campaña de invierno' })).toBeVisible();
    await expect(
      owner.getByRole('button', { name: 'Compartido con el equipo: lo ve 1 compañero' }),
    ).toBeVisible();

    await keepShots(owner, winter, testInfo);
    await owner.context().close();
    await teammate.context().close();
  });
});

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

/** The project screen's share control, closed and open, at 1280 and 390 px in Spanish and English. */
async function keepShots(owner: Page, projectId: string, testInfo: TestInfo) {
  for (const locale of ['es', 'en'] as const) {
    for (const width of [1280, 390]) {
      await owner.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await chooseLanguage(owner, locale);
      await owner.goto(`/chat?project=${projectId}`);
      const name =
        locale === 'es'
          ? 'Compartido con el equipo: lo ve 1 compañero'
          : 'Shared with the team: 1 teammate can see it';
      const control = owner.getByRole('button', { name });
      await expect(control).toBeVisible();
      await settle(owner);
      await keepScreenshot(owner, testInfo, `share-control-${width}-${locale}`);
      await control.click();
      await expect(owner.getByRole('menu')).toBeVisible();
      await settle(owner);
      await keepScreenshot(owner, testInfo, `share-control-open-${width}-${locale}`);
      await owner.keyboard.press('Escape');
    }
  }
}
