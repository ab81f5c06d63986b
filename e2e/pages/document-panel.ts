import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** The document beside the chat (a "Documento" tab at 768 px and below). */
export class DocumentPanel {
  readonly root: Locator;
  readonly editor: Locator;
  readonly saveState: Locator;
  readonly saveButton: Locator;
  readonly exportButton: Locator;
  readonly wordCount: Locator;
  readonly characterCount: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('document-panel');
    this.editor = this.root.getByRole('textbox', { name: 'Texto del documento' });
    this.saveState = this.root.locator('[data-save-state]');
    this.saveButton = this.root.getByRole('button', { name: 'Guardar' });
    this.exportButton = this.root.getByRole('button', { name: 'Exportar' });
    this.wordCount = this.root.getByTestId('document-word-count');
    this.characterCount = this.root.getByTestId('document-character-count');
  }

  async waitUntilReady() {
    await expect(this.editor).toBeVisible();
  }

  toolbarButton(name: string): Locator {
    return this.root.getByRole('toolbar').getByRole('button', { name, exact: true });
  }

  /** Types at the end of the document, as a user clicking below the last line would. */
  async typeAtEnd(text: string) {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+End');
    await this.page.keyboard.type(text);
  }

  /** Waits for the autosave that follows a pause in typing. */
  async waitUntilSaved() {
    await expect(this.saveState).toHaveAttribute('data-save-state', 'saved');
  }

  async export(format: 'Markdown (.md)' | 'Texto sin formato (.txt)' | 'Word (.docx)'): Promise<Download> {
    await this.exportButton.click();
    const downloading = this.page.waitForEvent('download');
    await this.page.getByRole('menuitem', { name: format }).click();
    return downloading;
  }
}
