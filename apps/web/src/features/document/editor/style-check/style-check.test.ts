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
    const [ban, prefer] = styleCheckKey.getState(current.state)!.findings;
    current.commands.setTextSelection(ban!.from + 2);
    expect(findingAtSelection(current.state)).toBe(ban);
    fixFinding(current.view, ban!);
    expect(current.getText()).toBe('Un cargador para tu mail.');
    await settle();
    ignoreFinding(current.view, styleCheckKey.getState(current.state)!.findings[0]!);
    expect(underlined(current)).toEqual([]);
    expect(prefer!.violation.suggestion).toBe('email');
    current.commands.insertContentAt(current.state.doc.content.size - 1, ' Otro mail');
    await settle();
    expect(underlined(current)).toEqual([]);
  });
});
