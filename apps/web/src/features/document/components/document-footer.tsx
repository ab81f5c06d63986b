import { useEditorState, type Editor } from '@tiptap/react';
import type { Node } from '@tiptap/pm/model';
import { useTranslation } from 'react-i18next';
import { countWords } from '@redacta/shared';
import { useDocumentSnapshot } from '../state/document-context';
import { SaveStatus } from './save-status';

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

/**
 * The document's status bar: the sync state on the left; the word and character count of the whole
 * document, as the user reads it, on the right.
 */
export function DocumentFooter({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { sync, endedBy } = useDocumentSnapshot();
  const stats = useEditorState({ editor, selector: ({ editor: current }) => statsOf(current.state.doc) });
  return (
    <div className="shrink-0 border-t border-border">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-1.5 text-xs text-text-muted">
        <SaveStatus state={endedBy ? 'ended' : sync} />
        <div className="ml-auto flex items-center gap-3">
          <span data-testid="document-word-count">{t('document.words', { count: stats.words })}</span>
          <span aria-hidden>·</span>
          <span data-testid="document-character-count">
            {t('document.characters', { count: stats.characters })}
          </span>
        </div>
      </div>
    </div>
  );
}
