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
      expect(await this.editor.evaluate(caretStaysAt, 'end')).toBe(true);
    }).toPass({ timeout: 10_000 });
  }

  /**
   * Clicks `line` (a textblock of this editor) and puts the caret at its start (Home) or its end (End),
   * as a person does. A click that focuses the editor has the same moment as above: Home or End
   * pressed within it was undone. So the caret is placed until it stays at that edge of the line.
   */
  async caretToLine(line: Locator, key: 'Home' | 'End') {
    await expect(async () => {
      await line.click();
      await this.page.keyboard.press(key);
      expect(await line.evaluate(caretStaysAt, key === 'Home' ? 'start' : 'end')).toBe(true);
    }).toPass({ timeout: 10_000 });
  }

  /**
   * Where another person's caret is drawn in `line`, a textblock of this editor: at its start, at its
   * end (an empty line's caret is at its start), in between, or not in it.
   */
  othersCaretIn(line: Locator): Promise<'start' | 'end' | 'inside' | null> {
    return line.evaluate((block) => {
      const caret = block.querySelector('[data-name]');
      if (!caret) return null;
      const before = document.createRange();
      before.setStart(block, 0);
      before.setEndBefore(caret);
      if (before.toString() === '') return 'start';
      const after = document.createRange();
      after.setStartAfter(caret);
      after.setEnd(block, block.childNodes.length);
      return after.toString() === '' ? 'end' : 'inside';
    });
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

/**
 * Whether the page's caret is at `edge` ('start' or 'end') of `block` (the editor itself stands for
 * its last textblock), and still is two frames later.
 */
async function caretStaysAt(block: Element, edge: string): Promise<boolean> {
  const target = block.matches('[contenteditable="true"]')
    ? [...block.querySelectorAll('p, h1, h2, h3, li')].at(-1)
    : block;
  const atEdge = () => {
    const selection = getSelection();
    if (!selection?.isCollapsed || !selection.focusNode || !target?.contains(selection.focusNode))
      return false;
    const between = document.createRange();
    if (edge === 'end') {
      between.setStart(selection.focusNode, selection.focusOffset);
      between.setEnd(target, target.childNodes.length);
    } else {
      between.setStart(target, 0);
      between.setEnd(selection.focusNode, selection.focusOffset);
    }
    return between.toString() === '';
  };
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  if (!atEdge()) return false;
  await frame();
  await frame();
  return atEdge();
}
