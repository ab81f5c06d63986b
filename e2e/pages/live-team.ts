import { expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot, newEmail, signUpIn } from '../fixtures.ts';
import { DocumentPanel } from './document-panel.ts';
import { InvitePage, waitForInvitationLink } from './invite-page.ts';
import { ProjectsPage } from './projects-page.ts';
import { buyProInSandbox } from './subscription-page.ts';
import { WorkspaceSettingsPage } from './workspace-settings-page.ts';

export const WORKSPACE = 'Agencia Norte';
export const OWNER = 'Carmen Vidal';
export const TEAMMATE = 'Lucía Fernández';

export interface Team {
  ownerContext: BrowserContext;
  teammateContext: BrowserContext;
  owner: Page;
  teammate: Page;
  projectId: string;
}

export function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

/**
 * Two people in one workspace with a shared project, each in their own browser: the owner signs up,
 * names the workspace, shares a project, buys Pro on the sandbox checkout and invites the teammate,
 * who signs up from the mailed link. Both end on the shared project's chat.
 */
export async function setUpTeam(browser: Browser, baseURL: string): Promise<Team> {
  const teammateEmail = newEmail('teammate');
  const ownerContext = await newContext(browser, baseURL);
  const owner = await ownerContext.newPage();
  await signUpIn(owner, 'es-ES', { firstName: 'Carmen', lastName: 'Vidal' });

  const settings = new WorkspaceSettingsPage(owner);
  await settings.goto();
  await settings.name.fill(WORKSPACE);
  await owner.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    owner.getByRole('status').filter({ hasText: 'Nombre del espacio de trabajo cambiado correctamente' }),
  ).toBeVisible();

  const projects = new ProjectsPage(owner);
  await projects.goto();
  const projectId = await projects.createProject();
  await projects.goto();
  await projects.renameInline(projectId, 'Campaña compartida');
  await projects.projectAction(projectId, 'Compartir con el equipo');
  await expect(projects.toast('El proyecto ya está disponible para tu equipo')).toBeVisible();

  await buyProInSandbox(owner);

  await settings.goto();
  const invitedAt = new Date(Date.now() - 1_000);
  await settings.invite(teammateEmail);
  const link = await waitForInvitationLink(teammateEmail, invitedAt);
  const teammateContext = await newContext(browser, baseURL);
  const teammate = await teammateContext.newPage();
  await teammate.goto(link);
  await new InvitePage(teammate).signUpAndJoin(teammateEmail, WORKSPACE, {
    first: 'Lucía',
    last: 'Fernández',
  });

  for (const page of [owner, teammate]) await openProject(page, projectId);
  return { ownerContext, teammateContext, owner, teammate, projectId };
}

/**
 * Two people in one Pro workspace, each in their own browser, as a customer sets it up: the owner signs
 * up (their first project opens), upgrades through the sandbox checkout, names the workspace `workspace`,
 * does `prepare` (rules to save, say), shares that first project and invites the teammate, who signs
 * up from the mailed link. Neither has the project open yet.
 */
export async function setUpSandboxTeam(
  browser: Browser,
  baseURL: string,
  { workspace, prepare }: { workspace: string; prepare?: (owner: Page) => Promise<void> },
): Promise<Team> {
  const ownerContext = await newContext(browser, baseURL);
  const owner = await ownerContext.newPage();
  await signUpIn(owner, 'es-ES', { firstName: 'Carmen', lastName: 'Vidal' });
  // A new account's first project opens at once, and its id is written into the address.
  await expect(owner).toHaveURL(/\/chat\?project=[0-9a-f-]{36}$/);
  const projectId = new URL(owner.url()).searchParams.get('project')!;

  await buyProInSandbox(owner);
  const settings = new WorkspaceSettingsPage(owner);
  await settings.goto();
  await settings.rename(workspace);
  await prepare?.(owner);
  const projects = new ProjectsPage(owner);
  await projects.goto();
  await projects.projectAction(projectId, 'Compartir con el equipo');
  await expect(projects.toast('El proyecto ya está disponible para tu equipo')).toBeVisible();
  const teammateEmail = newEmail('teammate');
  const invitedAt = new Date(Date.now() - 1_000);
  await settings.goto();
  await settings.invite(teammateEmail);

  const teammateContext = await newContext(browser, baseURL);
  const teammate = await teammateContext.newPage();
  await teammate.goto(await waitForInvitationLink(teammateEmail, invitedAt));
  await new InvitePage(teammate).signUpAndJoin(teammateEmail, workspace, {
    first: 'Lucía',
    last: 'Fernández',
  });
  return { ownerContext, teammateContext, owner, teammate, projectId };
}

/** Opens the project's chat with its document (in either language), ready to type in. */
export async function openProject(page: Page, projectId: string): Promise<DocumentPanel> {
  await page.goto(`/chat?project=${projectId}`);
  if ((page.viewportSize()?.width ?? 1280) <= 768) {
    await page.getByRole('tab', { name: /^(Documento|Document)$/ }).click();
  }
  await expect(page.getByTestId('document-panel').getByRole('textbox')).toBeVisible({ timeout: 30_000 });
  return new DocumentPanel(page);
}

/**
 * The two screens side by side in one picture (owner left, teammate right), drawn by the browser
 * itself from their screenshots, kept in e2e/artifacts/.
 */
export async function keepSideBySide(team: Team, testInfo: TestInfo, name: string) {
  const shots = await Promise.all(
    [team.owner, team.teammate].map(async (page) => (await page.screenshot()).toString('base64')),
  );
  const board = await team.ownerContext.newPage();
  const width = team.owner.viewportSize()!.width + team.teammate.viewportSize()!.width + 24;
  await board.setViewportSize({ width, height: Math.max(team.owner.viewportSize()!.height, 400) });
  await board.setContent(
    `<body style="margin:0;display:flex;gap:24px;background:#94a3b8">${shots
      .map((shot) => `<img style="display:block" src="data:image/png;base64,${shot}">`)
      .join('')}</body>`,
  );
  await board.waitForFunction(() => [...document.images].every((image) => image.complete));
  await keepScreenshot(board, testInfo, name);
  await board.close();
}
