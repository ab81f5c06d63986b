import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, newEmail, signUpIn, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { InvitePage, waitForInvitationLink } from '../pages/invite-page.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { buyProInSandbox } from '../pages/subscription-page.ts';
import { WorkspaceSettingsPage } from '../pages/workspace-settings-page.ts';
import { describeFindings, scanLooks, settle } from '../support/a11y.ts';
import { chooseLanguage } from '../support/language.ts';

/**
 * Teams end to end, in two browsers: the owner (Pro bought on the sandbox checkout) invites a teammate;
 * the teammate opens the link of the caught e-mail, signs up, lands in the shared workspace and chats
 * in its shared project (not seeing the owner's private one); the owner removes them, and the
 * teammate's screen moves to their personal workspace with a message.
 */
test.describe('teams', () => {
  test('owner invites, the teammate signs up from the mail, shares a project, is removed and lands at home', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const url = baseURL!;
    const teammateEmail = newEmail('teammate');

    // The owner signs up (the sign-in and welcome pages have specs of their own), names the workspace,
    // and makes a shared and a private project.
    const ownerContext = await newContext(browser, url);
    const owner = await ownerContext.newPage();
    await signUpIn(owner, 'es-ES', { firstName: 'Carmen', lastName: 'Vidal' });
    const settings = new WorkspaceSettingsPage(owner);
    await settings.goto();
    await settings.rename('Agencia Norte');

    const projects = new ProjectsPage(owner);
    await projects.goto();
    const shared = await projects.createProject();
    await projects.goto();
    await projects.renameInline(shared, 'Campaña compartida');
    await projects.projectAction(shared, 'Compartir con el equipo');
    await expect(projects.toast('El proyecto ya está disponible para tu equipo')).toBeVisible();
    const secret = await projects.createProject();
    await projects.goto();
    await projects.renameInline(secret, 'Notas privadas');

    // Free: inviting says it needs Pro. Then the owner buys Pro.
    await settings.goto();
    await settings.addMembers.click();
    await expect(settings.inviteDialog).toContainText(
      'Mejora al Plan Pro para invitar a miembros del equipo',
    );
    await owner.keyboard.press('Escape');
    await buyProInSandbox(owner);

    await settings.goto();
    await expect(settings.members.getByText('Plan Pro', { exact: true })).toBeVisible();
    await expect(settings.seats(0, 3)).toBeVisible();
    const invitedAt = new Date(Date.now() - 1_000);
    await settings.invite(teammateEmail);
    await expect(settings.pending.getByText(teammateEmail)).toBeVisible();
    await expect(settings.seats(1, 3)).toBeVisible();

    // The teammate opens the mailed link in another browser, signs up and lands in the shared workspace.
    const link = await waitForInvitationLink(teammateEmail, invitedAt);
    const teammateContext = await newContext(browser, url);
    const teammate = await teammateContext.newPage();
    await teammate.goto(link);
    const invite = new InvitePage(teammate);
    await expect(invite.heading('Carmen Vidal', 'Agencia Norte')).toBeVisible();
    await invite.signUpAndJoin(teammateEmail, 'Agencia Norte', { first: 'Lucía', last: 'Fernández' });
    await expect(teammate.getByText('¡Te damos la bienvenida a «Agencia Norte»!')).toBeVisible();
    await expect(teammate.getByTestId('sidebar')).toContainText('Agencia Norte');

    const teamProjects = new ProjectsPage(teammate);
    await teammate.getByRole('link', { name: 'Mis proyectos' }).click();
    await expect(teamProjects.row(shared)).toBeVisible();
    await expect(teammate.getByText('Notas privadas')).toHaveCount(0);
    await expect(teamProjects.row(secret)).toHaveCount(0);
    await teamProjects.row(shared).getByRole('link', { name: 'Campaña compartida' }).click();
    const chat = new ChatPage(teammate);
    await expect(chat.title).toContainText('Campaña compartida');
    await expect(teammate.getByRole('heading', { name: /¡Hola, Lucía!/ })).toBeVisible();
    await chat.ask('Escribe un eslogan para una agencia de viajes');
    await expect(chat.userMessages).toHaveCount(1);
    await chat.waitForReplyEnd();
    await expect(chat.replies).toHaveCount(1);

    // The owner sees the new member; screenshots of both views, then the removal.
    await settings.goto();
    await expect(settings.member('Lucía Fernández')).toBeVisible();
    await expect(settings.seats(1, 3)).toBeVisible();
    await expect(settings.pending.getByText('No hay invitaciones pendientes.')).toBeVisible();
    const findings = await scanLooks(owner, '/workspace-settings with a member (owner)');
    findings.push(
      ...(await scanLooks(owner, 'invite modal', undefined, async () => {
        if (!(await settings.inviteDialog.isVisible())) await settings.addMembers.click();
        await expect(settings.inviteDialog.getByLabel('Correo electrónico')).toBeVisible();
        await settle(owner);
      })),
    );
    await owner.keyboard.press('Escape');
    expect(
      findings.map((f) => `${f.rule} on ${f.screen}`),
      describeFindings(findings),
    ).toEqual([]);
    // A second invitation stays pending in the screenshots: the owner manages it, the member cannot.
    await settings.invite(newEmail('pending'));
    await expect(settings.seats(2, 3)).toBeVisible();
    await keepShots(owner, teammate, testInfo);

    await settings.removeMember('Lucía Fernández');
    await expect(settings.member('Lucía Fernández')).toHaveCount(0);

    // The teammate's next step in the workspace answers 404: the app moves to their own workspace.
    await teammate.getByRole('link', { name: 'Mis proyectos' }).click();
    await expect(
      teammate.getByText(
        'Ya no tienes acceso a «Agencia Norte». Ahora estás en tu espacio de trabajo personal.',
      ),
    ).toBeVisible();
    await expect(teammate.getByTestId('sidebar')).toContainText('Mi espacio de trabajo');
    await expect(teammate.getByText('Campaña compartida')).toHaveCount(0);
    await expect(teammate.getByRole('alert')).toHaveCount(0);

    await ownerContext.close();
    await teammateContext.close();
  });
});

function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: 'es-ES', viewport: { width: 1280, height: 800 } });
}

/**
 * The settings page as the owner and as a member, and the invite modal, at 1280 and 390 px in Spanish
 * and English, kept in e2e/artifacts/ for a look by eye.
 */
async function keepShots(owner: Page, member: Page, testInfo: TestInfo) {
  const views: Array<[string, Page, string, boolean]> = [
    ['settings-owner', owner, '', false],
    ['settings-owner-invitations', owner, '#invitations', false],
    ['settings-member', member, '', false],
    ['settings-member-leave', member, '#leave', false],
    ['invite-modal', owner, '', true],
  ];
  for (const locale of ['es', 'en'] as const) {
    for (const width of [1280, 390]) {
      for (const [name, page, hash, modal] of views) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await chooseLanguage(page, locale);
        await page.goto(`/workspace-settings${hash}`);
        await expect(
          page.getByRole('region', { name: locale === 'es' ? 'Miembros' : 'Members' }),
        ).toContainText('Carmen Vidal');
        if (modal) {
          await page
            .getByRole('button', { name: locale === 'es' ? 'Añadir miembros' : 'Add members' })
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        }
        await settle(page);
        await keepScreenshot(page, testInfo, `teams-${name}-${width}-${locale}`);
        if (modal) await page.keyboard.press('Escape');
      }
    }
  }
  for (const page of [owner, member]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooseLanguage(page, 'es');
    await page.goto('/workspace-settings');
  }
}
