import type { Locator, Page } from '@playwright/test';
import { expect, newEmail, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { PromptLibrary } from '../pages/prompt-library.ts';
import { SandboxCheckoutPage, SubscriptionPage, UpgradeModal } from '../pages/subscription-page.ts';
import { WelcomePage } from '../pages/welcome-page.ts';
import {
  desktopLooks,
  describeFindings,
  phoneLooks,
  scanLooks,
  settle,
  type Finding,
} from '../support/a11y.ts';
import { waitForCode } from '../support/mailbox.ts';
import { chooseLanguage } from '../support/language.ts';

/**
 * axe-core on every page and main dialog, in both themes at 1280 and 390 px: a serious or critical
 * violation fails the test, and the report names the rule, the screen, the elements and the fix's page.
 */

function expectNoFindings(findings: Finding[]) {
  expect(
    findings.map((finding) => `${finding.rule} on ${finding.screen}`),
    `axe-core found serious or critical violations:\n${describeFindings(findings)}`,
  ).toEqual([]);
}

/** Opens a dialog unless it is already open (a new width may have replaced the control that held it). */
async function ensureOpen(dialog: Locator, open: () => Promise<void>) {
  if (!(await dialog.isVisible())) await open();
  await expect(dialog).toBeVisible();
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function gotoAndWait(page: Page, url: string, ready: Locator) {
  await page.goto(url);
  await expect(ready).toBeVisible();
  await settle(page);
}

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  // A Spanish browser: the app starts in its language, and the selectors here are Spanish.
  test.use({ locale: 'es-ES' });

  test('signed out: /login, the code dialog, /welcome, the legal pages', async ({ page }) => {
    test.setTimeout(180_000);
    const findings: Finding[] = [];
    const login = new LoginPage(page);
    const email = newEmail('a11y');

    // The links in the terms line count as "in a block of text" only where the words around them are
    // longer than the links, as in English: scan both languages.
    await login.goto();
    await chooseLanguage(page, 'en');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to Redacta' })).toBeVisible();
    findings.push(...(await scanLooks(page, '/login (en)')));
    await chooseLanguage(page, 'es');
    await login.goto();
    findings.push(...(await scanLooks(page, '/login')));
    const since = await login.requestCode(email);
    const codeDialog = page.getByRole('dialog');
    await expect(login.code).toBeVisible();
    findings.push(...(await scanLooks(page, '/login code dialog')));

    await login.code.fill(await waitForCode(email, since));
    await login.verify.click();
    await expect(codeDialog).toBeHidden();
    const welcome = new WelcomePage(page);
    await expect(welcome.firstName).toBeVisible();
    findings.push(...(await scanLooks(page, '/welcome')));

    const legalPages: Array<[string, string]> = [
      ['/terms', 'Términos del servicio'],
      ['/privacy', 'Política de privacidad'],
      ['/invite/existing?token=unknown', 'No encontramos esta invitación'],
    ];
    for (const [url, title] of legalPages) {
      await gotoAndWait(page, url, page.getByRole('heading', { name: title, level: 1 }));
      findings.push(...(await scanLooks(page, url)));
    }
    expectNoFindings(findings);
  });

  test('/chat: empty, the prompt library, the upgrade modal, the menus, then a conversation', async ({
    page,
    signUp,
  }) => {
    test.setTimeout(180_000);
    const findings: Finding[] = [];
    const chat = new ChatPage(page);
    const shell = new AppShell(page);
    await signUp();
    await expect(chat.composer).toBeVisible();
    await expect(chat.demoBanner).toBeVisible();
    findings.push(...(await scanLooks(page, '/chat empty')));

    // The demo banner's explanation (a popover).
    const demoHelp = page.getByRole('dialog');
    findings.push(
      ...(await scanLooks(page, 'demo banner explanation', undefined, () =>
        ensureOpen(demoHelp, async () => {
          // On a phone the notice is one line: "Más" shows the rest, the how-to among it.
          const more = chat.demoBanner.getByRole('button', { name: 'Más' });
          if (await more.isVisible()) await more.click();
          await chat.demoBanner.getByRole('button', { name: '¿Cómo?' }).click();
        }),
      )),
    );
    await closeDialog(page, demoHelp);

    const library = new PromptLibrary(page);
    findings.push(
      ...(await scanLooks(page, 'prompt library', undefined, () =>
        ensureOpen(library.dialog, () => library.open()),
      )),
    );
    await closeDialog(page, library.dialog);

    const upgrade = page.getByRole('dialog', { name: 'Mejora al Plan Pro' });
    findings.push(
      ...(await scanLooks(page, 'upgrade modal', desktopLooks, () =>
        ensureOpen(upgrade, () => shell.sidebar.getByRole('button', { name: 'Mejora al Plan Pro' }).click()),
      )),
    );
    await closeDialog(page, upgrade);

    const profileMenu = page.getByRole('dialog', { name: 'Menú de perfil' });
    findings.push(
      ...(await scanLooks(page, 'profile menu', desktopLooks, () =>
        ensureOpen(profileMenu, () => shell.openProfileMenu()),
      )),
    );
    await closeDialog(page, profileMenu);

    const mobileMenu = page.getByTestId('mobile-menu');
    findings.push(
      ...(await scanLooks(page, 'mobile menu', phoneLooks, () =>
        ensureOpen(mobileMenu, () => shell.mobileMenu.click()),
      )),
    );
    // The upgrade modal on a phone opens from the mobile menu, on top of it.
    findings.push(
      ...(await scanLooks(page, 'upgrade modal', phoneLooks, () =>
        ensureOpen(upgrade, () => mobileMenu.getByRole('button', { name: 'Mejora al Plan Pro' }).click()),
      )),
    );
    await closeDialog(page, upgrade);
    await closeDialog(page, mobileMenu);

    await page.setViewportSize({ width: 1280, height: 844 });
    await chat.ask('Escribe un eslogan para una cafetería de barrio');
    await chat.waitForReplyEnd();
    // A regenerated reply, with its version switcher.
    await chat.reply(0).getByRole('button', { name: 'Regenerar' }).click();
    await chat.waitForReplyEnd();
    await expect(page.getByRole('group', { name: 'Versiones de la respuesta' })).toBeVisible();
    findings.push(...(await scanLooks(page, '/chat with a conversation')));
    // The document toolbar's link form (a popover), beside the chat on a desktop.
    const document = new DocumentPanel(page);
    const linkForm = page.getByRole('dialog', { name: 'Enlace' });
    findings.push(
      ...(await scanLooks(page, 'document link form', desktopLooks, () =>
        ensureOpen(linkForm, () => document.toolbarButton('Enlace').click()),
      )),
    );
    await closeDialog(page, linkForm);
    // On a phone the document is a tab of its own.
    findings.push(
      ...(await scanLooks(page, '/chat document tab', phoneLooks, async () => {
        await page.getByRole('tab', { name: 'Documento' }).click();
        await expect(page.getByTestId('document-panel')).toBeVisible();
      })),
    );
    expectNoFindings(findings);
  });

  test("/templates, the composer's template dialog and the template editor with its errors", async ({
    page,
    signUp,
  }) => {
    test.setTimeout(180_000);
    const findings: Finding[] = [];
    await signUp();
    await gotoAndWait(page, '/templates', page.getByTestId('template-card').first());
    findings.push(...(await scanLooks(page, '/templates')));

    await gotoAndWait(page, '/chat', new ChatPage(page).composer);
    const dialog = page.getByRole('dialog', { name: 'Usar una plantilla' });
    const openDialog = () =>
      ensureOpen(dialog, () => page.getByRole('button', { name: 'Plantilla', exact: true }).click());
    findings.push(...(await scanLooks(page, 'template dialog', undefined, openDialog)));
    const fields = dialog.getByRole('button', { name: 'Generar' });
    findings.push(
      ...(await scanLooks(page, "a template's fields with their errors", undefined, async () => {
        await openDialog();
        if (!(await fields.isVisible()))
          await dialog.getByRole('listitem').first().getByRole('button').click();
        await fields.click();
        await expect(dialog.getByRole('alert').first()).toBeVisible();
      })),
    );
    await closeDialog(page, dialog);

    await gotoAndWait(page, '/templates/new', page.getByLabel('Nombre', { exact: true }));
    await page.getByRole('button', { name: 'Añadir campo' }).click();
    await page.getByRole('button', { name: 'Añadir parte' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    findings.push(...(await scanLooks(page, '/templates/new with its errors')));
    expectNoFindings(findings);
  });

  test('/projects with folders and projects, its dialogs and a folder', async ({ page, signUp }) => {
    test.setTimeout(180_000);
    const findings: Finding[] = [];
    const projects = new ProjectsPage(page);
    await signUp();
    await projects.goto();
    await projects.createFolder('Clientes 2027');
    await projects.createFolder('Redes sociales con un nombre bastante largo');
    const first = await projects.createProject();
    await projects.goto();
    const second = await projects.createProject();
    await projects.goto();
    await projects.moveToFolder(first, 'Clientes 2027');
    await projects.waitForToastsToGo();
    // One row selected: its highlight and the selection bar are scanned too.
    await projects.select(second);
    await expect(projects.selectionBar).toBeVisible();
    findings.push(...(await scanLooks(page, '/projects')));

    const rowMenu = page.getByRole('menu');
    findings.push(
      ...(await scanLooks(page, 'project menu', undefined, () =>
        ensureOpen(rowMenu, () =>
          projects
            .row(second)
            .getByRole('button', { name: /^Acciones de/ })
            .click(),
        ),
      )),
    );
    await closeDialog(page, rowMenu);

    const newFolder = page.getByRole('dialog', { name: 'Nueva carpeta' });
    findings.push(
      ...(await scanLooks(page, 'new folder dialog', undefined, () =>
        ensureOpen(newFolder, () => projects.newFolderButton.click()),
      )),
    );
    await closeDialog(page, newFolder);

    const move = page.getByRole('dialog', { name: 'Mover a carpeta' });
    findings.push(
      ...(await scanLooks(page, 'move to folder dialog', undefined, () =>
        ensureOpen(move, () => projects.projectAction(second, 'Mover a carpeta')),
      )),
    );
    await closeDialog(page, move);

    const remove = page.getByRole('dialog', { name: '¿Eliminar el proyecto?' });
    findings.push(
      ...(await scanLooks(page, 'delete project dialog', undefined, () =>
        ensureOpen(remove, () => projects.projectAction(second, 'Eliminar')),
      )),
    );
    await closeDialog(page, remove);

    await projects.openFolder('Clientes 2027');
    await expect(projects.row(first)).toBeVisible();
    findings.push(...(await scanLooks(page, '/projects in a folder')));
    expectNoFindings(findings);
  });

  test('in English: brand voice, profile, workspace settings, API settings, subscription, labs and a missing page', async ({
    page,
    signUp,
  }) => {
    test.setTimeout(180_000);
    const findings: Finding[] = [];
    await signUp();
    // The other screens are scanned in Spanish; these in English, so both catalogues' texts are checked.
    await chooseLanguage(page, 'en');
    const h1 = (name: string | RegExp) => page.getByRole('heading', { name, level: 1 });
    const screens: Array<[string, Locator]> = [
      ['/brand-voice', h1('Brand voice')],
      ['/brand-voice/new', page.getByLabel('Sample text')],
      ['/profile', h1('Your profile')],
      ['/workspace-settings', h1('Workspace settings')],
      ['/settings/api', h1('API')],
      ['/subscription', h1('Subscription')],
      ['/labs', h1(/Labs/)],
      ['/no-such-page', page.getByRole('heading', { name: 'Page not found' })],
    ];
    for (const [url, ready] of screens) {
      await page.setViewportSize({ width: 1280, height: 844 });
      await gotoAndWait(page, url, ready.first());
      findings.push(...(await scanLooks(page, `${url} (en)`)));
      if (url === '/workspace-settings') {
        // The invite modal (on a free workspace it says inviting needs Pro).
        const invite = page.getByRole('dialog', { name: 'Invite a teammate' });
        findings.push(
          ...(await scanLooks(page, 'invite modal (en)', undefined, () =>
            ensureOpen(invite, () => page.getByRole('button', { name: 'Add members' }).click()),
          )),
        );
        await closeDialog(page, invite);
      }
    }
    expectNoFindings(findings);
  });

  test('billing: the sandbox checkout, /subscription on Pro with its dialogs, and the cancel steps', async ({
    page,
    signUp,
  }) => {
    test.setTimeout(240_000);
    const findings: Finding[] = [];
    const subscription = new SubscriptionPage(page);
    await signUp();
    await subscription.goto();
    await subscription.upgrade.click();
    const upgrade = new UpgradeModal(page);
    await expect(upgrade.buy).toBeVisible();
    findings.push(...(await scanLooks(page, 'upgrade modal on /subscription')));
    await upgrade.checkout('Mensual');
    const checkout = new SandboxCheckoutPage(page);
    await expect(checkout.confirm).toBeVisible();
    findings.push(...(await scanLooks(page, '/subscription/sandbox-checkout')));
    await checkout.pay();

    await gotoAndWait(page, '/subscription', subscription.addSeats);
    findings.push(...(await scanLooks(page, '/subscription on Pro')));
    const dialogs: Array<[string, Locator, () => Promise<void>]> = [
      [
        'add seats dialog',
        page.getByRole('dialog', { name: 'Añadir asientos' }),
        () => subscription.addSeats.click(),
      ],
      [
        'yearly switch dialog',
        page.getByRole('dialog', { name: '¿Pasar a facturación anual?' }),
        () => subscription.switchToYearly.click(),
      ],
    ];
    for (const [name, dialog, open] of dialogs) {
      findings.push(...(await scanLooks(page, name, undefined, () => ensureOpen(dialog, open))));
      await closeDialog(page, dialog);
    }

    const offer = page.getByRole('dialog', { name: 'Antes de que te vayas' });
    findings.push(
      ...(await scanLooks(page, 'cancel offer', undefined, () =>
        ensureOpen(offer, () => subscription.cancel.click()),
      )),
    );
    await offer.getByRole('button', { name: 'No, cancelar la suscripción' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Suscripción cancelada' });
    await expect(cancelled).toBeVisible();
    findings.push(...(await scanLooks(page, 'cancel declined')));
    await cancelled.getByRole('button', { name: 'Ir a mi cuenta' }).click();
    await expect(subscription.resume).toBeVisible();
    findings.push(...(await scanLooks(page, '/subscription cancelling')));

    await subscription.resume.click();
    await subscription.cancel.click();
    await offer.getByRole('button', { name: 'Aceptar el descuento' }).click();
    const accepted = page.getByRole('dialog', { name: 'Descuento aplicado' });
    await expect(accepted).toBeVisible();
    findings.push(...(await scanLooks(page, 'cancel offer accepted')));
    expectNoFindings(findings);
  });
});
