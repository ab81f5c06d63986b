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

  /** `editorName`: the editable text's name in the page's language ("Document text" in English). */
  constructor(
    readonly page: Page,
    editorName = 'Texto del documento',
  ) {
    this.root = page.getByTestId('document-panel');
    this.editor = this.root.getByRole('textbox', { name: editorName });
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

  /**
   * Puts the caret at the end of the document, ready to type there. Focusing the editor, ProseMirror
   * puts its own selection back into the page a moment later when it has not read the page's yet: a
   * Ctrl+End pressed within that moment (a busy machine's test, never a person) was undone, and what
   * was typed next landed at the document's start. So the caret is moved until it stays at the end of
   * the last textblock for two frames.
   */
  async caretToEnd() {
    await this.editor.focus();
    await expect(async () => {
      await this.page.keyboard.press('ControlOrMeta+End');
      expect(await this.editor.evaluate(caretStaysAtEnd)).toBe(true);
    }).toPass({ timeout: 10_000 });
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

/** Whether the page's caret is at the end of the editor's last textblock, and still is two frames later. */
async function caretStaysAtEnd(editor: Element): Promise<boolean> {
  const atEnd = () => {
    const selection = getSelection();
    const blocks = editor.querySelectorAll('p, h1, h2, h3, li');
    const last = blocks[blocks.length - 1];
    if (!selection?.isCollapsed || !selection.focusNode || !last?.contains(selection.focusNode)) return false;
    const after = document.createRange();
    after.setStart(selection.focusNode, selection.focusOffset);
    after.setEnd(last, last.childNodes.length);
    return after.toString() === '';
  };
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  if (!atEnd()) return false;
  await frame();
  await frame();
  return atEnd();
}
