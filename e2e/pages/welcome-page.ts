import { expect, type Locator, type Page } from '@playwright/test';

/** /welcome: first and last name after registration. */
export class WelcomePage {
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly continue: Locator;

  constructor(readonly page: Page) {
    this.firstName = page.getByLabel('Nombre', { exact: true });
    this.lastName = page.getByLabel('Apellido', { exact: true });
    this.continue = page.getByRole('button', { name: 'Continuar', exact: true });
  }

  async submitNames(first: string, last: string) {
    await expect(this.page).toHaveURL(/\/welcome/);
    await this.firstName.fill(first);
    await this.lastName.fill(last);
    await this.continue.click();
  }
}
