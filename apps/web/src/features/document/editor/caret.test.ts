import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepLabelInside } from './caret';

function placed(caretLeft: number, editorRight: number, labelWidth: number) {
  const editor = document.createElement('div');
  editor.className = 'ProseMirror';
  const caret = document.createElement('span');
  editor.append(caret);
  document.body.append(editor);
  vi.spyOn(editor, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: editorRight - 600, width: 600, y: 0, height: 400 }),
  );
  vi.spyOn(caret, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: caretLeft, width: 2, y: 20, height: 20 }),
  );
  const computed = window.getComputedStyle;
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) =>
    element === caret && pseudo === '::after'
      ? ({ width: `${labelWidth}px` } as CSSStyleDeclaration)
      : computed(element, pseudo),
  );
  return caret;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe("a caret's name label", () => {
  it('moves left by what would stick out past the editor’s right edge', () => {
    const caret = placed(900, 960, 120.4);
    keepLabelInside(caret);
    expect(caret.style.getPropertyValue('--label-shift')).toBe('61px');
  });

  it('stays on the caret when the whole name fits', () => {
    const caret = placed(400, 960, 120);
    keepLabelInside(caret);
    expect(caret.style.getPropertyValue('--label-shift')).toBe('0px');
  });
});
