import { expect, type Locator, type Page } from '@playwright/test';

/** /projects ("Mis proyectos"): folders, projects, their menus and modals. Spanish labels. */
export class ProjectsPage {
  readonly newFolderButton: Locator;
  readonly newProjectButton: Locator;
  readonly selectionBar: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    // Desktop header and mobile header carry the same accessible names.
    this.newFolderButton = page.getByRole('button', { name: 'Nueva carpeta', exact: true });
    this.newProjectButton = page.getByRole('button', { name: 'Nuevo proyecto', exact: true }).first();
    this.selectionBar = page.getByTestId('selection-bar');
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/projects');
    await expect(this.page).toHaveURL(/\/projects\?id=/);
    await expect(this.page.getByRole('status', { name: 'Cargando proyectos…' })).toHaveCount(0);
  }

  toast(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** A project's row by id (names repeat: every new project is "<date> Sin título"). */
  row(projectId: string): Locator {
    return this.page.locator(`[data-testid="project-row"][data-project-id="${projectId}"]`);
  }

  folderCard(name: string): Locator {
    return this.page.getByTestId('folder-card').filter({ hasText: name });
  }

  async createFolder(name: string) {
    await this.waitForToastsToGo();
    await this.newFolderButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Nueva carpeta' });
    await dialog.getByLabel('Nombre de la carpeta').fill(name);
    await dialog.getByRole('button', { name: 'Crear carpeta' }).click();
    await expect(this.toast('Carpeta creada correctamente')).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  /**
   * Toasts may lie over the rows below the header, and one under the pointer never
   * leaves (react-hot-toast pauses on hover): move the pointer off and let them go.
   */
  async waitForToastsToGo() {
    await this.page.mouse.move(1, 400);
    await expect(this.page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0);
  }

  /** New project from the header: lands on its chat; returns its id. */
  async createProject(): Promise<string> {
    await this.waitForToastsToGo();
    await this.newProjectButton.click();
    await expect(this.page).toHaveURL(/\/chat\?project=[0-9a-f-]{36}/);
    return new URL(this.page.url()).searchParams.get('project')!;
  }

  async openMenu(menuName: string) {
    await this.page.getByRole('button', { name: `Acciones de «${menuName}»` }).click();
    return this.page.getByRole('menu');
  }

  async projectAction(projectId: string, item: string) {
    await this.row(projectId)
      .getByRole('button', { name: /^Acciones de/ })
      .click();
    await this.page.getByRole('menu').getByRole('menuitem', { name: item }).click();
  }

  async renameInline(projectId: string, name: string) {
    await this.projectAction(projectId, 'Cambiar nombre');
    const field = this.row(projectId).getByRole('textbox', { name: 'Nombre del proyecto' });
    await expect(field).toBeFocused();
    await field.fill(name);
    await field.press('Enter');
    await expect(this.row(projectId).getByRole('link', { name })).toBeVisible();
  }

  async moveToFolder(projectId: string, folderName: string) {
    await this.projectAction(projectId, 'Mover a carpeta');
    const dialog = this.page.getByRole('dialog', { name: 'Mover a carpeta' });
    await dialog.getByRole('radio', { name: new RegExp(folderName) }).check();
    await dialog.getByRole('button', { name: 'Mover' }).click();
    await expect(this.toast('Proyecto movido correctamente')).toBeVisible();
  }

  async select(projectId: string) {
    await this.row(projectId).getByRole('checkbox').check();
  }

  async openFolder(name: string) {
    await this.folderCard(name).getByRole('link').click();
    await expect(this.page).toHaveURL(/folder=/);
  }

  async backToAll() {
    await this.page
      .getByRole('navigation', { name: 'Ubicación' })
      .getByRole('link', { name: 'Mis proyectos' })
      .click();
    await expect(this.page).not.toHaveURL(/folder=/);
  }
}
