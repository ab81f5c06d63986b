import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { TextSelection } from '@tiptap/pm/state';
import { useTranslation } from 'react-i18next';
import type { TransformRequest } from '@redacta/shared';
import { useOpenWorkspace } from '@/features/session';
import { useActiveBrandVoice } from '@/features/brand-voice';
import { useDocumentStore } from '../state/document-context';
import type { StyleCheckStorage } from '../editor/style-check/extension';
import { anchorSelection, replaceAnchored, resolveAnchor } from './selection-anchor';
import { TransformMenu } from './transform-menu';
import { TransformPreview } from './transform-preview';
import { useTransformRun } from './use-transform-run';

/** The shortcut that opens the selection's AI menu (Ctrl+J, ⌘J on a Mac). */
export const TRANSFORM_SHORTCUT = 'Control+J Meta+J';
const PANEL_WIDTH = 320;

const isShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'j';

/** Where the panel goes: under the selection's end, inside the scrolling area, within its width. */
function panelPlace(editor: Editor, panel: HTMLElement | null): CSSProperties {
  const parent = panel?.offsetParent as HTMLElement | null;
  if (!parent) return {};
  const { to } = editor.state.selection;
  const end = editor.view.coordsAtPos(to);
  const box = parent.getBoundingClientRect();
  const left = Math.max(8, Math.min(end.left - box.left - 24, box.width - PANEL_WIDTH - 8));
  return {
    '--transform-top': `${end.bottom - box.top + parent.scrollTop + 8}px`,
    '--transform-left': `${left}px`,
  } as CSSProperties;
}

/**
 * AI on a selection: selecting text shows the menu of actions under it (Ctrl/⌘+J opens it from the
 * keyboard, selecting the paragraph when nothing is selected); an action's result streams into a
 * preview under the selection, and Aceptar replaces the selection through the live document. The style
 * popover's fix for a banned phrase runs its sentence's rewrite here too. On phones the menu and the
 * preview are a bottom sheet.
 */
export function SelectionTransform({ editor }: { editor: Editor }) {
  const workspace = useOpenWorkspace();
  if (!workspace) return null;
  return <TransformOnSelection editor={editor} workspaceId={workspace.id} />;
}

function TransformOnSelection({ editor, workspaceId }: { editor: Editor; workspaceId: string }) {
  const { t } = useTranslation();
  const { activeBrandVoiceId } = useActiveBrandVoice();
  const { projectId } = useDocumentStore();
  const { run, start, stop, clear } = useTransformRun({
    workspaceId,
    projectId,
    brandVoiceId: activeBrandVoiceId,
  });
  const selection = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      from: current.state.selection.from,
      to: current.state.selection.to,
      focused: current.isFocused,
      editable: current.isEditable,
    }),
  });
  const panel = useRef<HTMLDivElement>(null);
  const [inPanel, setInPanel] = useState(false);
  const [fromKeyboard, setFromKeyboard] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const selectionKey = `${selection.from}:${selection.to}`;

  // A menu closed (or a preview ended) stays closed while its selection lasts: once the selection is
  // given up, selecting again, even the same text, opens it.
  const collapsed = selection.from === selection.to;
  useEffect(() => {
    if (collapsed) setDismissed(null);
  }, [collapsed]);

  const hasSelection = !collapsed && selection.editable;
  const menuShown = !run && hasSelection && dismissed !== selectionKey && (selection.focused || inPanel);
  const shown = menuShown || run !== null;

  useLayoutEffect(() => {
    if (shown) setPlace(panelPlace(editor, panel.current));
  }, [editor, shown, selectionKey]);

  const openFromKeyboard = useCallback(() => {
    const { from, to, $from } = editor.state.selection;
    if (from === to) {
      const start = $from.start();
      const end = $from.end();
      if (start === end) return;
      editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, start, end)));
    }
    setDismissed(null);
    setFromKeyboard(true);
    setInPanel(true);
  }, [editor]);

  const menuShownRef = useRef(menuShown);
  menuShownRef.current = menuShown;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menuShownRef.current) {
        setDismissed(`${editor.state.selection.from}:${editor.state.selection.to}`);
        return;
      }
      if (!isShortcut(event) || !editor.isEditable || run) return;
      event.preventDefault();
      openFromKeyboard();
    };
    // A double or triple click starts a new selection even when it ends on the text that was selected:
    // the browser may report the caret its first click left only after the word or the paragraph is
    // selected, so the selection is never seen collapsed in between.
    const onMouseDown = (event: MouseEvent) => {
      if (event.detail >= 2) setDismissed(null);
    };
    let dom: HTMLElement | null = null;
    const listen = () => {
      dom?.removeEventListener('keydown', onKeyDown);
      dom?.removeEventListener('mousedown', onMouseDown);
      dom = editor.view.dom;
      dom.addEventListener('keydown', onKeyDown);
      dom.addEventListener('mousedown', onMouseDown);
    };
    // The editor's DOM exists only once it is mounted ('create' follows every mount), which may come
    // after this panel draws: reading it before throws.
    if (editor.isInitialized) listen();
    editor.on('create', listen);
    return () => {
      editor.off('create', listen);
      dom?.removeEventListener('keydown', onKeyDown);
      dom?.removeEventListener('mousedown', onMouseDown);
    };
  }, [editor, openFromKeyboard, run]);

  /** Back to the text, with the selection as it was when there is one to go back to. */
  const backToText = useCallback(() => {
    setInPanel(false);
    setFromKeyboard(false);
    setDismissed(`${editor.state.selection.from}:${editor.state.selection.to}`);
    editor.commands.focus();
  }, [editor]);

  const runRequest = (request: TransformRequest) => {
    const anchor = anchorSelection(editor);
    if (!anchor) return false;
    setConflict(false);
    setFromKeyboard(false);
    void start(request, anchor);
    return true;
  };

  // The style popover's fix for a banned phrase selects its sentence and runs its rewrite here.
  const runRequestRef = useRef(runRequest);
  runRequestRef.current = runRequest;
  useEffect(() => {
    // Absent until the editor has set up its extensions, and in editors without the style check.
    const storage = editor.storage.styleCheck as StyleCheckStorage | undefined;
    if (!storage) return;
    storage.rewriteWithout = (phrase) =>
      editor.isEditable && runRequestRef.current({ action: 'avoid', phrase });
    return () => {
      storage.rewriteWithout = null;
    };
  }, [editor]);

  const finish = (restoreSelection: boolean) => {
    const range = run && restoreSelection ? resolveAnchor(editor, run.anchor) : null;
    clear();
    setConflict(false);
    setInPanel(false);
    if (range) editor.chain().focus().setTextSelection(range).run();
    else editor.commands.focus();
    setDismissed(`${editor.state.selection.from}:${editor.state.selection.to}`);
  };

  if (!shown) return null;
  return (
    <div
      ref={panel}
      data-testid="selection-transform"
      style={place}
      className={
        'z-30 max-h-[70vh] overflow-y-auto border border-border bg-surface shadow-lg ' +
        'max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:rounded-t-xl ' +
        'md:absolute md:top-(--transform-top) md:left-(--transform-left) md:w-80 md:rounded-lg'
      }
      aria-keyshortcuts={TRANSFORM_SHORTCUT}
      title={t('document.transform.shortcutHint')}
      onMouseDown={(event) => {
        // Clicking the menu keeps the selection in the text; the menu's own fields still take focus.
        if (!(event.target instanceof HTMLInputElement)) event.preventDefault();
      }}
      onFocus={() => setInPanel(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setInPanel(false);
      }}
    >
      {run ? (
        <TransformPreview
          run={run}
          conflict={conflict}
          onStop={stop}
          onDiscard={() => finish(true)}
          onRetry={() => void start(run.request, run.anchor)}
          onAccept={() => {
            if (replaceAnchored(editor, run.anchor, run.text)) finish(false);
            else setConflict(true);
          }}
        />
      ) : (
        <TransformMenu autoFocus={fromKeyboard} onRun={runRequest} onClose={backToText} />
      )}
    </div>
  );
}
