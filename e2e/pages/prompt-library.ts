import { expect, type Locator, type Page } from '@playwright/test';

/** The prompt library panel opened from the chat composer. Spanish labels. */
export class PromptLibrary {
  readonly openButton: Locator;
  readonly dialog: Locator;
  readonly search: Locator;
  readonly options: Locator;
  readonly use: Locator;
  readonly newPrompt: Locator;
  readonly language: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByRole('button', { name: 'Prompts', exact: true });
    this.dialog = page.getByRole('dialog', { name: 'Biblioteca de prompts' });
    this.search = this.dialog.getByRole('combobox', { name: 'Buscar prompts' });
    this.options = this.dialog.getByRole('listbox').getByRole('option');
    this.use = this.dialog.getByRole('button', { name: 'Usar prompt' });
    this.newPrompt = this.dialog.getByRole('button', { name: 'Nuevo prompt' }).first();
    this.language = this.dialog.getByRole('combobox', { name: 'Prompts en' });
  }

  async open() {
    await this.openButton.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.search).toBeFocused();
  }

  /** The category side list on wide screens, the category select on phones. */
  async showCategory(name: string) {
    const select = this.dialog.getByLabel('Categoría', { exact: true });
    if (await select.isVisible()) {
      const value = await select.locator('option', { hasText: name }).first().getAttribute('value');
      await select.selectOption(value ?? '');
    } else {
      await this.dialog
        .getByRole('navigation')
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .click();
    }
  }

  option(name: string): Locator {
    return this.options.filter({ hasText: name });
  }

  /** Saves a new custom prompt from the open library, in the language given (the form's default otherwise). */
  async createCustom(name: string, text: string, language?: 'Español' | 'English') {
    await this.newPrompt.click();
    await this.dialog.getByLabel('Nombre', { exact: true }).fill(name);
    await this.dialog.getByLabel('Texto del prompt').fill(text);
    if (language) await this.dialog.getByRole('radio', { name: language }).check();
    await this.dialog.getByRole('button', { name: 'Guardar' }).click();
    // The saved prompt is listed; its toast may sit beside an earlier save's, still on screen.
    await expect(this.option(name)).toBeVisible();
    await expect(this.page.getByText('Prompt personalizado creado').last()).toBeVisible();
  }
}
