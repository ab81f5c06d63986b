import { useEditorState, type Editor } from '@tiptap/react';
import type { Node } from '@tiptap/pm/model';
import { useTranslation } from 'react-i18next';
import { countWords } from '@redacta/shared';

interface Stats {
  words: number;
  characters: number;
}

/** Selection moves do not change the text; counting is redone only for a new document node. */
const statsByDoc = new WeakMap<Node, Stats>();

function statsOf(doc: Node): Stats {
  let stats = statsByDoc.get(doc);
  if (!stats) {
    const text = doc.textBetween(0, doc.content.size, '\n', '\n');
    stats = { words: countWords(text), characters: Array.from(doc.textContent).length };
    statsByDoc.set(doc, stats);
  }
  return stats;
}

/** Word and character count of the whole document, as the user reads it. */
export function DocumentFooter({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const stats = useEditorState({ editor, selector: ({ editor: current }) => statsOf(current.state.doc) });
  return (
    <div className="flex shrink-0 items-center justify-end gap-3 border-t border-border px-4 py-1.5 text-xs text-text-muted">
      <span data-testid="document-word-count">{t('document.words', { count: stats.words })}</span>
      <span aria-hidden>·</span>
      <span data-testid="document-character-count">
        {t('document.characters', { count: stats.characters })}
      </span>
    </div>
  );
}
