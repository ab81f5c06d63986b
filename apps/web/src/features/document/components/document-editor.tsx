import { useEffect, useRef } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FilePen } from 'lucide-react';
import { useDocumentSnapshot, useDocumentStore } from '../state/document-context';
import type { InsertSink } from '../state/document-store';
import type { LiveDocument } from '../live/live-document';
import { liveExtensions } from '../editor/extensions';
import { insertMarkdown } from '../editor/markdown-content';
import { takeCarriedHistory } from '../editor/carried-history';
import { useExplicitSave } from './use-explicit-save';
import { EditorToolbar } from './editor-toolbar';
import { DocumentHeader } from './document-header';
import { DocumentFooter } from './document-footer';
import { AccessEndedNotice } from './access-ended-notice';
import { documentProseClasses } from './prose-classes';
import { SelectionTransform } from '../transform/selection-transform';
import { StyleIssuePopover, useStyleCheckRules } from './style-issue-popover';

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

/** The editor of the open project's live document, once it has loaded. */
export function DocumentEditor() {
  const live = useDocumentStore().live;
  // The panel draws the editor only once the document is ready, and so opened.
  if (!live) return null;
  return <LiveEditor key={live.doc.guid} live={live} />;
}

/** The TipTap editor bound to the live document, with its toolbar, presence, sync state and counts. */
function LiveEditor({ live }: { live: LiveDocument }) {
  const { t } = useTranslation();
  const store = useDocumentStore();
  const { endedBy } = useDocumentSnapshot();
  const hadFocus = useRef(false);
  const saveNow = useExplicitSave(store);

  const editor = useEditor(
    {
      extensions: liveExtensions(live, { carets: true, styleCheck: true }),
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: { attributes: editorAttributes(t) },
      onFocus: () => {
        hadFocus.current = true;
      },
    },
    [live],
  );

  useEffect(() => {
    takeCarriedHistory(live, editor);
    return store.attachEditor(insertSink(editor, () => hadFocus.current));
  }, [store, live, editor]);
  useStyleCheckRules(editor);
  const textArea = useRef<HTMLDivElement>(null);
  useEffect(() => editor.setOptions({ editorProps: { attributes: editorAttributes(t) } }), [editor, t]);
  // Nothing typed after a refusal would reach anyone: the text stays, read-only, to copy.
  useEffect(() => editor.setEditable(endedBy === null), [editor, endedBy]);

  return (
    <section
      aria-label={t('document.title')}
      className="flex h-full min-h-0 flex-col bg-surface"
      data-testid="document-panel"
    >
      <DocumentHeader editor={editor} onSave={saveNow} />
      <EditorToolbar editor={editor} />
      {endedBy && <AccessEndedNotice endedBy={endedBy} editor={editor} />}
      <div ref={textArea} className="relative min-h-0 flex-1 overflow-y-auto">
        <EditorContent editor={editor} className="h-full" />
        <EmptyHint editor={editor} />
        <SelectionTransform editor={editor} />
        <StyleIssuePopover editor={editor} container={textArea} />
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
