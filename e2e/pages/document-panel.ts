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

  /** The document and the editor's lazy chunk both have to arrive; a busy CI machine can take a while. */
  async waitUntilReady() {
    await expect(this.editor).toBeVisible({ timeout: 30_000 });
  }

  toolbarButton(name: string): Locator {
    return this.root.getByRole('toolbar').getByRole('button', { name, exact: true });
  }

  /** Waits until the server holds every change (the live document's sync state). */
  async waitUntilSaved() {
    await expect(this.saveState).toHaveAttribute('data-save-state', 'saved', { timeout: 20_000 });
  }

  async export(format: 'Markdown (.md)' | 'Texto sin formato (.txt)' | 'Word (.docx)'): Promise<Download> {
    await this.exportButton.click();
    const downloading = this.page.waitForEvent('download');
    await this.page.getByRole('menuitem', { name: format }).click();
    return downloading;
  }
}
