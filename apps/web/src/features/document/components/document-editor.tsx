import { useEffect, useRef } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FilePen } from 'lucide-react';
import type { DocumentContent } from '@redacta/shared';
import { useDocumentStore } from '../state/document-context';
import type { InsertSink } from '../state/document-store';
import { documentExtensions } from '../editor/extensions';
import { insertMarkdown } from '../editor/markdown-content';
import { useExplicitSave } from '../state/use-explicit-save';
import { EditorToolbar } from './editor-toolbar';
import { DocumentHeader } from './document-header';
import { DocumentFooter } from './document-footer';
import { documentProseClasses } from './prose-classes';

/** Applies queued chat replies: at the cursor once the user has been in the editor, else at the end. */
function insertSink(editor: Editor, hadFocus: () => boolean): InsertSink {
  return (markdowns) => {
    for (const markdown of markdowns) insertMarkdown(editor, markdown, hadFocus() ? 'cursor' : 'end');
  };
}

/** The editable area's name and hint, in the interface language. */
const editorAttributes = (t: TFunction) => ({
  class: documentProseClasses,
  role: 'textbox',
  'aria-multiline': 'true',
  'aria-label': t('document.editorLabel'),
  'aria-placeholder': t('document.empty'),
});

/** The TipTap editor of the open project's document, with its toolbar, save state and counts. */
export function DocumentEditor() {
  const { t } = useTranslation();
  const store = useDocumentStore();
  const hadFocus = useRef(false);
  const saveNow = useExplicitSave(store);

  const editor = useEditor(
    {
      extensions: documentExtensions(),
      content: store.getSnapshot().content,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: { attributes: editorAttributes(t) },
      onFocus: () => {
        hadFocus.current = true;
      },
      onUpdate: ({ editor: changed }) => store.edit(changed.getJSON() as DocumentContent),
    },
    [store],
  );

  useEffect(() => store.attachEditor(insertSink(editor, () => hadFocus.current)), [store, editor]);
  useEffect(() => editor.setOptions({ editorProps: { attributes: editorAttributes(t) } }), [editor, t]);

  return (
    <section
      aria-label={t('document.title')}
      className="flex h-full min-h-0 flex-col bg-surface"
      data-testid="document-panel"
    >
      <DocumentHeader editor={editor} onSave={saveNow} />
      <EditorToolbar editor={editor} />
      <div className="relative min-h-0 flex-1 overflow-y-auto">
        <EditorContent editor={editor} className="h-full" />
        <EmptyHint editor={editor} />
      </div>
      <DocumentFooter editor={editor} />
    </section>
  );
}

function EmptyHint({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const empty = useEditorState({ editor, selector: ({ editor: current }) => current.isEmpty });
  if (!empty) return null;
  return (
    <p
      aria-hidden
      className="pointer-events-none absolute inset-x-0 top-0 flex items-center gap-2 px-6 py-5 text-base leading-relaxed text-text-muted"
    >
      <FilePen className="size-5 shrink-0 text-primary" aria-hidden />
      {t('document.empty')}
    </p>
  );
}
