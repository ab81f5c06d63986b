import type { Editor } from '@tiptap/core';
import { expect, it } from 'vitest';

function typeInto(editor: Editor, text: string) {
  for (const key of text) {
    const { view } = editor;
    const { from, to } = view.state.selection;
    const insert = () => view.state.tr.insertText(key, from, to);
    if (!view.someProp('handleTextInput', (handle) => handle(view, from, to, key, insert)))
      view.dispatch(insert());
  }
}

function linksOf(editor: Editor): string[] {
  const hrefs: string[] = [];
  editor.state.doc.descendants((node) => {
    for (const mark of node.marks) if (mark.type.name === 'link') hrefs.push(String(mark.attrs.href));
  });
  return hrefs;
}

// Several editors at once (the document beside the chat's), one opened after the link recogniser
// (linkify, one for the whole page) has started, one closed while another stays: each recognises what
// is typed as an address, and none warns on the console that linkify had started already.
it('turns typed addresses into links in every editor, without a console warning', async () => {
  // linkify keeps the console.warn it finds when it loads: the editor is loaded after this one is set.
  const warnings: string[] = [];
  const consoleWarn = console.warn;
  console.warn = (...parts: unknown[]) => warnings.push(parts.join(' '));
  try {
    const { Editor } = await import('@tiptap/core');
    const { documentExtensions } = await import('./extensions');
    const linkify = await import('linkifyjs');
    const open = () => {
      const editor = new Editor({ element: document.createElement('div'), extensions: documentExtensions() });
      editor.commands.focus('end');
      return editor;
    };
    const first = open();
    typeInto(first, 'Mira https://redacta.example/a hoy');
    expect(linkify.test('https://redacta.example/a')).toBe(true);
    const second = open();
    typeInto(second, 'Y https://redacta.example/b ');
    first.destroy();
    typeInto(second, 'o https://redacta.example/c ');
    expect(linksOf(second)).toEqual(['https://redacta.example/b', 'https://redacta.example/c']);
    second.destroy();
  } finally {
    console.warn = consoleWarn;
  }
  expect(warnings).toEqual([]);
});
