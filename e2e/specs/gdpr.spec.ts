import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import JSZip from 'jszip';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import {
  describeFindings,
  desktopLooks,
  phoneLooks,
  scanLooks,
  settle,
  type Finding,
} from '../support/a11y.ts';
import { caughtMails, waitForCode } from '../support/mailbox.ts';
import { LoginPage } from '../pages/login-page.ts';

/** What the spec reads and clicks, in each of the app's languages. */
const words = {
  es: {
    browser: 'es-ES',
    download: 'Descargar mis datos',
    downloaded: 'Tus datos se han descargado',
    exportWorkspace: 'Exportar espacio de trabajo',
    downloadZip: 'Descargar (.zip)',
    exportAgain: 'Exportar de nuevo',
    linkDownloaded: 'La descarga ha empezado',
    deleteWorkspace: 'Eliminar espacio de trabajo',
    workspaceDialog: '¿Eliminar «Mi espacio de trabajo»?',
    typeName: 'Escribe «Mi espacio de trabajo» para confirmar',
    confirmWorkspace: 'Eliminar para siempre',
    lastWorkspace: 'Es tu único espacio de trabajo: para eliminarlo, elimina tu cuenta.',
    deleteAccount: 'Eliminar mi cuenta',
    accountDialog: '¿Eliminar tu cuenta para siempre?',
    alone: 'Se eliminará con todo su contenido: no tiene más miembros.',
    formerMember: 'Antiguo miembro',
    sendCode: 'Enviarme el código',
    codeLabel: 'Código del correo',
  },
  en: {
    browser: 'en-GB',
    download: 'Download my data',
    downloaded: 'Your data was downloaded',
    exportWorkspace: 'Export workspace',
    downloadZip: 'Download (.zip)',
    exportAgain: 'Export again',
    linkDownloaded: 'The download has started',
    deleteWorkspace: 'Delete workspace',
    workspaceDialog: 'Delete “My workspace”?',
    typeName: 'Type “My workspace” to confirm',
    confirmWorkspace: 'Delete for good',
    lastWorkspace: 'This is your only workspace: to delete it, delete your account.',
    deleteAccount: 'Delete my account',
    accountDialog: 'Delete your account for good?',
    alone: 'It will be deleted with everything in it: it has no other members.',
    formerMember: 'Former member',
    sendCode: 'Send me the code',
    codeLabel: 'Code from the e-mail',
  },
} as const;

/** The page at the test's width: nothing scrolls it sideways; kept for a look. */
async function look(page: Page, testInfo: TestInfo, name: string, width: number) {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
  await keepScreenshot(page, testInfo, `${name}-${width}`);
}

async function scan(page: Page, screen: string, width: number): Promise<Finding[]> {
  const findings = await scanLooks(page, screen, width < 768 ? phoneLooks : desktopLooks);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width, height: 900 });
  return findings;
}

for (const [language, width] of [
  ['es', 1280],
  ['en', 390],
] as const) {
  test.describe(`Your data (${language}, ${width} px)`, () => {
    const w = words[language];
    test.use({ locale: w.browser });

    test('download my data; the only workspace stays; delete my account with the mailed code', async ({
      page,
      signUp,
      browser,
      baseURL,
    }, testInfo) => {
      const { email } = await signUp();
      // The chat made the first project: the export has one to hold.
      await expect(page).toHaveURL(/[?&]project=/);
      await page.setViewportSize({ width, height: 900 });

      // Download my data: a JSON file with the profile.
      await page.goto('/profile');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: w.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^redacta-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
        profile: { email: string };
      };
      expect(data.profile.email).toBe(email);
      await expect(page.getByText(w.downloaded)).toBeVisible();

      // Export the workspace: it is built on the server, then downloaded as a zip with the project.
      await page.goto('/workspace-settings');
      await page.getByRole('button', { name: w.exportWorkspace }).click();
      const downloadZip = page.getByRole('button', { name: w.downloadZip });
      await expect(downloadZip).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: w.exportAgain })).toBeVisible();
      const zipping = page.waitForEvent('download');
      await downloadZip.click();
      const zipFile = await zipping;
      expect(zipFile.suggestedFilename()).toMatch(/\.zip$/);
      const zip = await JSZip.loadAsync(readFileSync((await zipFile.path())!));
      const entries = Object.keys(zip.files);
      expect(entries.some((entry) => /^projects\/.+\/document\.docx$/.test(entry))).toBe(true);
      expect(entries).toContain('brand-voices.json');
      await look(page, testInfo, `gdpr-export-${language}`, width);

      // The mail that it is ready links to a page that downloads the same zip at once.
      const mailedLink = async () => {
        const mail = caughtMails()
          .filter((sent) => sent.to.includes(email.toLowerCase()) && sent.text.includes('/exports/'))
          .at(-1);
        return mail ? /\/exports\/[0-9a-f-]+\/[0-9a-f-]+/.exec(mail.text)?.[0] : undefined;
      };
      await expect.poll(mailedLink).toBeDefined();
      const link = (await mailedLink())!;
      const linkDownloading = page.waitForEvent('download');
      await page.goto(link);
      expect((await linkDownloading).suggestedFilename()).toBe(zipFile.suggestedFilename());
      await expect(page.getByText(w.linkDownloaded)).toBeVisible();
      await look(page, testInfo, `gdpr-export-link-${language}`, width);

      // Opened without a session, the link asks to sign in and then downloads.
      if (language === 'es') {
        const signedOut = await browser.newContext({ locale: w.browser, baseURL });
        const other = await signedOut.newPage();
        await other.goto(link);
        await expect(other).toHaveURL(/\/login/);
        const otherDownloading = other.waitForEvent('download');
        await new LoginPage(other).signIn(email);
        await expect(other).toHaveURL(new RegExp(`${link}$`));
        expect((await otherDownloading).suggestedFilename()).toBe(zipFile.suggestedFilename());
        await signedOut.close();
      }
      await page.goto('/workspace-settings');

      // Deleting the workspace needs its name typed; the only one an account has stays.
      const openWorkspaceDialog = page.getByRole('button', { name: w.deleteWorkspace });
      await openWorkspaceDialog.click();
      const workspaceDialog = page.getByRole('dialog', { name: w.workspaceDialog });
      const confirmWorkspace = workspaceDialog.getByRole('button', { name: w.confirmWorkspace });
      await expect(confirmWorkspace).toBeDisabled();
      await workspaceDialog.getByLabel(w.typeName).fill(language === 'es' ? 'Mi espacio' : 'My work');
      await expect(confirmWorkspace).toBeDisabled();
      await workspaceDialog
        .getByLabel(w.typeName)
        .fill(language === 'es' ? 'Mi espacio de trabajo' : 'My workspace');
      await expect(confirmWorkspace).toBeEnabled();
      await look(page, testInfo, `gdpr-workspace-${language}`, width);
      await confirmWorkspace.click();
      await expect(workspaceDialog.getByText(w.lastWorkspace)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(workspaceDialog).toBeHidden();
      await expect(openWorkspaceDialog).toBeFocused();

      // Delete my account: the warning lists the workspace that goes with it, then the code.
      await page.goto('/profile');
      const openAccountDialog = page.getByRole('button', { name: w.deleteAccount });
      await openAccountDialog.click();
      const accountDialog = page.getByRole('dialog', { name: w.accountDialog });
      await expect(accountDialog.getByText(w.alone)).toBeVisible();
      await expect(accountDialog).toContainText(w.formerMember);
      await look(page, testInfo, `gdpr-account-${language}`, width);
      const findings = await scan(page, `account deletion (${language})`, width);
      expect(findings, describeFindings(findings)).toEqual([]);

      const since = new Date(Date.now() - 1_000);
      await accountDialog.getByRole('button', { name: w.sendCode }).click();
      const codeField = accountDialog.getByLabel(w.codeLabel);
      await expect(codeField).toBeFocused();
      const code = await waitForCode(email, since);
      // A wrong code is refused and the account stays.
      await codeField.fill(code === '000000' ? '111111' : '000000');
      await accountDialog.getByRole('button', { name: w.deleteAccount }).click();
      await expect(accountDialog.getByRole('alert')).toBeVisible();
      await codeField.fill(code);
      await accountDialog.getByRole('button', { name: w.deleteAccount }).click();
      await expect(page).toHaveURL(/\/login/);
      // The session is over: the API refuses the browser's refresh cookie.
      const refresh = await page.request.get('/api/auth/refresh', {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(refresh.status()).toBe(401);
    });
  });
}
