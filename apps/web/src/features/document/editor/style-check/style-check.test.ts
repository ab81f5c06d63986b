import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import type { StyleRule } from '@redacta/shared';
import {
  StyleCheck,
  findingAtSelection,
  fixFinding,
  ignoreFinding,
  setStyleRules,
  styleCheckKey,
} from './extension';

const rules: StyleRule[] = [
  { id: '00000000-0000-4000-8000-000000000001', kind: 'ban', phrase: 'revolucionario' },
  { id: '00000000-0000-4000-8000-000000000002', kind: 'prefer', use: 'email', avoid: ['mail'] },
];

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  vi.useRealTimers();
});

function editorWith(html: string) {
  vi.useFakeTimers();
  editor = new Editor({ extensions: [StarterKit, StyleCheck], content: html });
  setStyleRules(editor.view, rules, 'es');
  return editor;
}

async function settle() {
  await vi.advanceTimersByTimeAsync(300);
}

const underlined = (current: Editor) =>
  styleCheckKey
    .getState(current.state)!
    .findings.map((finding) => current.state.doc.textBetween(finding.from, finding.to));

describe('style check in the document', () => {
  it('underlines findings after a pause, across marks and blocks, and moves them with the text', async () => {
    const current = editorWith('<p>Un <strong>Revolucionario</strong> mail.</p><h1>Otro mail</h1>');
    await settle();
    expect(underlined(current)).toEqual(['Revolucionario', 'mail', 'mail']);
    expect(current.view.dom.querySelectorAll('.style-issue')).toHaveLength(3);

    current.commands.insertContentAt(1, 'Hoy: ');
    expect(underlined(current)).toEqual(['Revolucionario', 'mail', 'mail']);
  });

  it('fixes the finding under the cursor with an editor transaction, and ignores another', async () => {
    const current = editorWith('<p>Un cargador revolucionario para tu mail.</p>');
    await settle();
    const [, prefer] = styleCheckKey.getState(current.state)!.findings;
    current.commands.setTextSelection(prefer!.from + 2);
    expect(findingAtSelection(current.state)).toBe(prefer);
    fixFinding(current.view, prefer!);
    expect(current.getText()).toBe('Un cargador revolucionario para tu email.');
    await settle();
    ignoreFinding(current.view, styleCheckKey.getState(current.state)!.findings[0]!);
    expect(underlined(current)).toEqual([]);
    current.commands.insertContentAt(current.state.doc.content.size - 1, ' Otro revolucionario');
    await settle();
    expect(underlined(current)).toEqual([]);
  });

  it('never deletes a banned phrase: its fix is the rewrite of the sentence that holds it', async () => {
    const current = editorWith('<p>Hola. Compra <strong>sin complicaciones</strong> y disfruta. Adiós.</p>');
    setStyleRules(current.view, [{ id: 'b', kind: 'ban', phrase: 'complicaciones' }], 'es');
    await settle();
    const [ban] = styleCheckKey.getState(current.state)!.findings;
    expect(ban!.fix).toBeNull();
    fixFinding(current.view, ban!);
    expect(current.getText()).toBe('Hola. Compra sin complicaciones y disfruta. Adiós.');
    // The sentence moves with the text like the finding.
    current.commands.insertContentAt(1, '¡Hoy! ');
    const [moved] = styleCheckKey.getState(current.state)!.findings;
    expect(current.state.doc.textBetween(moved!.sentence!.from, moved!.sentence!.to)).toBe(
      'Compra sin complicaciones y disfruta.',
    );
  });
});
