import { expect, type Locator, type Page } from '@playwright/test';
import { waitForCode } from '../support/mailbox.ts';

/** /login: e-mail → code in a modal. Spanish labels unless told otherwise. */
export class LoginPage {
  readonly email: Locator;
  readonly continueWithEmail: Locator;
  readonly code: Locator;
  readonly verify: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Correo electrónico');
    this.continueWithEmail = page.getByRole('button', { name: 'Continuar con correo electrónico' });
    this.code = page.getByLabel('Código de verificación');
    this.verify = page.getByRole('button', { name: 'Verificar' });
  }

  async goto() {
    await this.page.goto('/login');
    await expect(this.email).toBeVisible();
  }

  /** Asks for a code; returns the moment before asking, to find the mail sent after it. */
  async requestCode(identifier: string): Promise<Date> {
    const since = new Date(Date.now() - 1_000);
    await this.email.fill(identifier);
    await this.continueWithEmail.click();
    return since;
  }

  /** The whole e-mail flow with the code the SMTP sink caught. */
  async signIn(email: string) {
    const since = await this.requestCode(email);
    await expect(this.code).toBeVisible();
    const code = await waitForCode(email, since);
    await this.code.fill(code);
    await this.verify.click();
  }
}
