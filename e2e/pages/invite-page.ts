import { expect, type Locator, type Page } from '@playwright/test';
import { caughtMails, waitForCode } from '../support/mailbox.ts';

/** Waits for the invitation mailed to `email` after `since`; returns its link (as the text part shows it). */
export async function waitForInvitationLink(email: string, since: Date, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const address = email.toLowerCase();
  for (;;) {
    const mail = caughtMails()
      .filter((m) => m.to.includes(address) && new Date(m.receivedAt) >= since)
      .at(-1);
    const link = mail?.text.match(
      /https?:\/\/\S+\/invite\/existing\?token=(?:[A-Za-z0-9_-]{22})?[A-Za-z0-9_-]{43}/,
    )?.[0];
    if (link) return link;
    if (Date.now() > deadline) {
      const seen = caughtMails().map((m) => `${m.to.join(',')}: ${m.subject}`);
      throw new Error(
        `No invitation mailed to ${email} within ${timeoutMs} ms. Mails seen: ${JSON.stringify(seen)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** /invite/existing?token=…: the invitation's preview, signing in or up with a code, joining. */
export class InvitePage {
  readonly sendCode: Locator;
  readonly code: Locator;
  readonly verify: Locator;

  constructor(readonly page: Page) {
    this.sendCode = page.getByRole('button', { name: 'Enviarme un código' });
    this.code = page.getByLabel('Código de verificación');
    this.verify = page.getByRole('button', { name: 'Verificar' });
  }

  heading(inviter: string, workspace: string): Locator {
    return this.page.getByRole('heading', { name: `${inviter} te invita a «${workspace}»` });
  }

  /** Signed out: a code to the invited address, then (a new account) the name, then joining. */
  async signUpAndJoin(email: string, workspace: string, names: { first: string; last: string }) {
    const since = new Date(Date.now() - 1_000);
    await this.sendCode.click();
    await expect(this.code).toBeVisible();
    await this.code.fill(await waitForCode(email, since));
    await this.verify.click();
    await this.page.getByLabel('Nombre', { exact: true }).fill(names.first);
    await this.page.getByLabel('Apellido', { exact: true }).fill(names.last);
    await this.page.getByRole('button', { name: `Unirme a «${workspace}»` }).click();
    await expect(this.page).toHaveURL(/\/chat/);
  }
}
