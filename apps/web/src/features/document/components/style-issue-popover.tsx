import { useEffect, useRef, useState, type RefObject } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { Wand2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useStyleRules, violationText } from '@/features/style-rules';
import {
  findingAtSelection,
  fixFinding,
  ignoreFinding,
  rewriteFinding,
  setStyleRules,
  type StyleCheckStorage,
} from '../editor/style-check/extension';

/** Hands the workspace's style rules to the editor's checker, and again whenever they change. */
export function useStyleCheckRules(editor: Editor) {
  const { data } = useStyleRules();
  useEffect(() => {
    if (data && !editor.isDestroyed) setStyleRules(editor.view, data.rules, data.language);
  }, [editor, data]);
}

/**
 * Beside the finding under the cursor: what it is, Fix (when it has a suggestion) and Ignore.
 * Alt+Enter in the editor moves the focus here; Escape, a fix or ignore give it back to the editor.
 * A banned phrase's Fix selects its sentence and shows its rewrite without the phrase, in place, to
 * accept or discard (the selection's AI panel).
 */
export function StyleIssuePopover({
  editor,
  container,
}: {
  editor: Editor;
  container: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const finding = useEditorState({
    editor,
    selector: ({ editor: current }) => findingAtSelection(current.state),
  });
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);

  useEffect(() => {
    const box = container.current;
    if (!finding || !box) {
      setPlace(null);
      return;
    }
    const end = editor.view.coordsAtPos(finding.to);
    const start = editor.view.coordsAtPos(finding.from);
    const frame = box.getBoundingClientRect();
    setPlace({
      top: end.bottom - frame.top + box.scrollTop + 6,
      left: Math.max(8, Math.min(start.left - frame.left, frame.width - 288)),
    });
  }, [editor, finding, container]);

  useEffect(() => {
    // Absent until the editor has set up its extensions.
    const storage = editor.storage.styleCheck as StyleCheckStorage | undefined;
    if (!storage) return;
    storage.openIssue = () => {
      const first = boxRef.current?.querySelector<HTMLElement>('button');
      first?.focus();
      return Boolean(first);
    };
    return () => {
      storage.openIssue = null;
    };
  }, [editor]);

  if (!finding || !place) return null;
  const backToText = () => editor.commands.focus();
  const storage = editor.storage.styleCheck as StyleCheckStorage | undefined;
  return (
    <div
      ref={boxRef}
      role="group"
      aria-label={t('styleRules.document.popover')}
      data-testid="style-issue-popover"
      className="absolute z-20 flex w-72 max-w-[calc(100%-16px)] flex-col gap-2 rounded-lg border border-border bg-surface p-3 text-sm shadow-lg"
      style={{ top: place.top, left: place.left }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        backToText();
      }}
    >
      <p className="break-words text-text">{violationText(t, finding.violation)}</p>
      <div className="flex flex-wrap justify-end gap-1">
        <Button
          size="sm"
          variant="ghost"
          icon={<X className="size-4" aria-hidden />}
          onClick={() => {
            ignoreFinding(editor.view, finding);
            backToText();
          }}
        >
          {t('styleRules.ignore')}
        </Button>
        {(finding.fix || (finding.sentence && storage?.rewriteWithout)) && (
          <Button
            size="sm"
            variant="secondary"
            icon={<Wand2 className="size-4" aria-hidden />}
            onClick={() => {
              if (finding.fix) {
                fixFinding(editor.view, finding);
                backToText();
              } else if (storage) {
                rewriteFinding(editor.view, storage, finding);
              }
            }}
          >
            {t('styleRules.fix')}
          </Button>
        )}
      </div>
      <p className="text-xs text-text-muted">{t('styleRules.document.shortcut')}</p>
    </div>
  );
}
