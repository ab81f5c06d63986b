import { expect, type Locator, type Page } from '@playwright/test';

/** The layout around every signed-in page: sidebar (desktop) or mobile header + menu (≤ 768 px). */
export class AppShell {
  readonly sidebar: Locator;
  readonly mobileHeader: Locator;
  readonly profileMenu: Locator;
  readonly mobileMenu: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByTestId('sidebar');
    this.mobileHeader = page.getByTestId('mobile-header');
    this.profileMenu = page.getByRole('button', { name: 'Menú de perfil' });
    this.mobileMenu = page.getByRole('button', { name: 'Abrir menú' });
  }

  /** The profile popup (desktop): e-mail, workspaces, settings, theme, language, log out. */
  async openProfileMenu() {
    await this.profileMenu.click();
    await expect(this.page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  }

  async logOut() {
    await this.openProfileMenu();
    await this.page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(this.page).toHaveURL(/\/login/);
  }
}
