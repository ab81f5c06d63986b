import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, newEmail, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { InvitePage, waitForInvitationLink } from '../pages/invite-page.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { SandboxCheckoutPage, UpgradeModal } from '../pages/subscription-page.ts';
import { WorkspaceSettingsPage } from '../pages/workspace-settings-page.ts';
import { chooseLanguage, type Language } from '../support/language.ts';

/**
 * Finding one's way as a new team does, in a real browser: the composer's limit, where focus starts
 * and returns, a link to a project of another of one's workspaces and the phone menu with two
 * workspaces (the phone's chat when the words have run out is in out-of-words.spec.ts). Screenshots
 * at 1280 and 390 px in Spanish and English go to e2e/artifacts/.
 */

const widths = [1280, 390] as const;
const languages: Language[] = ['es', 'en'];

/** Shows the page in each language at each width and keeps a screenshot of each. */
async function screenshots(
  page: Page,
  testInfo: TestInfo,
  name: string,
  show: () => Promise<void>,
  atWidths: readonly number[] = widths,
) {
  for (const language of languages) {
    await chooseLanguage(page, language);
    for (const width of atWidths) {
      await page.setViewportSize({ width, height: 844 });
      await page.reload();
      await show();
      await keepScreenshot(page, testInfo, `wayfinding-${name}-${width}-${language}`);
    }
  }
  await chooseLanguage(page, 'es');
}

/** The invited teammate signs up from the mailed link in a browser of their own and joins. */
async function joinedTeammate(browser: Browser, link: string, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    locale: 'es-ES',
    viewport: { width: 1280, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(link);
  await new InvitePage(page).signUpAndJoin(email, 'Agencia Norte', { first: 'Lucía', last: 'Fernández' });
  return page;
}

test.describe('finding one’s way', () => {
  test('focus starts in the first name, the first Tab on /chat skips to the message, renaming returns to the title', async ({
    page,
    loginPage,
    welcomePage,
  }) => {
    await loginPage.goto();
    await loginPage.signIn(newEmail('focus'));
    await expect(page).toHaveURL(/\/welcome/);
    await expect(page.getByLabel('Nombre', { exact: true })).toBeFocused();
    await welcomePage.submitNames('Lucía', 'Fernández');
    await expect(page).toHaveURL(/\/chat\?project=/);

    const chat = new ChatPage(page);
    await page.reload();
    await expect(chat.composer).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al mensaje' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(chat.composer).toBeFocused();

    await chat.title.click();
    const name = page.getByRole('textbox', { name: 'Nombre del proyecto' });
    await name.fill('Campaña de otoño');
    await name.press('Enter');
    await expect(chat.title).toHaveText(/Campaña de otoño/);
    await expect(chat.title).toBeFocused();
  });

  test('a message over the limit: a counter, a disabled Send that says why, and nothing sent', async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(150_000);
    await signUp();
    const chat = new ChatPage(page);
    // The message field in either language.
    const composer = page.locator('#chat-message');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/chat/send-request-stream')) sent.push(request.url());
    });
    const counter = page.getByTestId('composer-counter');
    const overflow = async () => {
      await composer.fill('palabra '.repeat(1001));
      await expect(counter).toBeVisible();
    };
    await overflow();
    await expect(counter).toContainText('Sobran 7 caracteres: acórtalo para enviarlo.');
    await expect(counter).toContainText('8007 / 8000 caracteres');
    await expect(chat.send).toBeDisabled();
    await chat.send.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Tu mensaje supera el límite de 8000 caracteres');
    await composer.press('Enter');
    await expect(page.getByText('Fallo al generar respuesta')).toHaveCount(0);
    expect(sent).toHaveLength(0);

    await screenshots(page, testInfo, 'composer-limit', overflow);
  });

  test('a link to a project of another of my workspaces opens it there; the phone menu with two workspaces keeps the recent projects', async ({
    page: owner,
    signUp,
    browser,
  }, testInfo) => {
    test.setTimeout(300_000);
    const teammateEmail = newEmail('teammate');
    await signUp({ firstName: 'Carmen', lastName: 'Vidal' });

    // The owner names the workspace, buys Pro in the sandbox and shares a project.
    const settings = new WorkspaceSettingsPage(owner);
    await settings.goto();
    await settings.name.fill('Agencia Norte');
    await owner.getByRole('button', { name: 'Guardar' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'cambiado correctamente' })).toBeVisible();
    await new AppShell(owner).sidebar.getByRole('button', { name: 'Mejora al Plan Pro' }).click();
    await new UpgradeModal(owner).checkout('Mensual');
    await new SandboxCheckoutPage(owner).pay();
    const projects = new ProjectsPage(owner);
    await projects.goto();
    const shared = await projects.createProject();
    await projects.goto();
    await projects.renameInline(shared, 'Lanzamiento de otoño');
    await projects.projectAction(shared, 'Compartir con el equipo');
    await expect(projects.toast('El proyecto ya está disponible para tu equipo')).toBeVisible();
    await settings.goto();
    const invitedAt = new Date(Date.now() - 1_000);
    await settings.invite(teammateEmail);
    const link = await waitForInvitationLink(teammateEmail, invitedAt);

    // The teammate joins in another browser, then goes back to their own workspace.
    const teammate = await joinedTeammate(browser, link, teammateEmail);
    const shell = new AppShell(teammate);
    await shell.openProfileMenu();
    await teammate
      .getByRole('dialog', { name: 'Menú de perfil' })
      .getByRole('button', { name: /Mi espacio de trabajo/ })
      .click();
    const personalId = await teammate.evaluate(() => localStorage.getItem('workspaceId'));

    // The link the owner shares opens the project in the team's workspace, with a notice.
    const notice = teammate
      .getByRole('status')
      .filter({ hasText: 'Cambiamos a «Agencia Norte» para abrir este proyecto' });
    await teammate.goto(`/chat?project=${shared}`);
    await expect(notice).toBeVisible();
    const chat = new ChatPage(teammate);
    await expect(chat.title).toHaveText(/Lanzamiento de otoño/);
    await expect(teammate.getByText('No encontramos este proyecto')).toHaveCount(0);
    await expect(teammate).toHaveURL(new RegExp(`/chat\\?project=${shared}$`));
    expect(await teammate.evaluate(() => localStorage.getItem('workspaceId'))).not.toBe(personalId);
    await screenshots(teammate, testInfo, 'switched-workspace', async () => {
      // Back in the personal workspace, set from a page of the origin where the app does not run.
      await teammate.goto('/favicon.svg');
      await teammate.evaluate((id) => localStorage.setItem('workspaceId', id!), personalId);
      await teammate.goto(`/chat?project=${shared}`);
      const toast = teammate.locator('[data-rht-toaster] [role="status"]');
      await expect(toast).toContainText('Agencia Norte');
      // Held under the pointer (a toast pauses while hovered), so a slow machine measures it before it goes.
      await toast.hover();
      // Below the header and, on a phone, below the chat's tabs drawn after it came.
      await expect(chat.title).toBeVisible();
      const tabs = teammate.getByRole('tablist');
      const under = (await tabs.isVisible()) ? tabs : teammate.locator('header').first();
      await expect
        .poll(async () => {
          const bar = (await under.boundingBox())!;
          return (await toast.boundingBox())!.y >= bar.y + bar.height;
        })
        .toBe(true);
    });

    // On a phone, the menu with both workspaces still shows the recent projects in full.
    await teammate.setViewportSize({ width: 390, height: 844 });
    await teammate.goto(`/chat?project=${shared}`);
    await expect(chat.title).toHaveText(/Lanzamiento de otoño/);
    const menu = teammate.getByTestId('mobile-menu');
    const openMenu = async () => {
      await teammate.getByRole('button', { name: /^(Abrir menú|Open menu)$/ }).click();
      await expect(menu).toBeVisible();
    };
    await openMenu();
    const recent = menu.getByRole('region', { name: 'Recientes' });
    const entry = recent.getByRole('link', { name: /Lanzamiento de otoño/ });
    await expect(entry).toBeVisible();
    const section = (await recent.boundingBox())!;
    const row = (await entry.boundingBox())!;
    expect(section.height, 'the recent projects are squeezed').toBeGreaterThan(row.height);
    expect(row.y + row.height).toBeLessThanOrEqual(section.y + section.height + 0.5);
    await screenshots(teammate, testInfo, 'mobile-menu-two-workspaces', openMenu, [390]);
    await teammate.context().close();
  });
});
