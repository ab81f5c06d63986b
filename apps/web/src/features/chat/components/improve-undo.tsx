import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redo2, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLastImprovement, type Improvement } from '../api/use-improve-prompt';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const shortcuts = {
  undo: { shown: isMac ? '⌘Z' : 'Ctrl+Z', aria: 'Control+Z Meta+Z' },
  redo: { shown: isMac ? '⇧⌘Z' : 'Ctrl+Y', aria: 'Control+Y Control+Shift+Z Meta+Shift+Z' },
};

export type ImproveUndoState = 'undo' | 'redo' | null;

const sameImprovement = (a: Improvement | null, b: Improvement) =>
  a !== null && a.original === b.original && a.improved === b.improved;

/**
 * Undo for Improve. While the draft reads exactly as Improve left it, the original is one click or
 * Ctrl/⌘+Z away; once undone, the improved text (already paid for) comes back the same way, or with
 * Ctrl+Y / Ctrl/⌘+Shift+Z. Any other edit of the draft leaves undo to the text field itself.
 */
export function useImproveUndo(value: string, onChange: (value: string) => void) {
  const last = useLastImprovement();
  const improvement = last && last.original !== last.improved ? last : null;
  const [undone, setUndone] = useState<Improvement | null>(null);
  const state: ImproveUndoState = !improvement
    ? null
    : value === improvement.improved
      ? 'undo'
      : value === improvement.original && sameImprovement(undone, improvement)
        ? 'redo'
        : null;

  const toggle = () => {
    if (!improvement || !state) return;
    setUndone(state === 'undo' ? improvement : null);
    onChange(state === 'undo' ? improvement.original : improvement.improved);
  };

  /** Ctrl/⌘+Z and its redo keys in the message field; true when they undid or redid Improve. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
    const key = event.key.toLowerCase();
    const wanted = key === 'y' || (key === 'z' && event.shiftKey) ? 'redo' : key === 'z' ? 'undo' : null;
    if (!wanted || wanted !== state) return false;
    event.preventDefault();
    toggle();
    return true;
  };

  return { state, toggle, onKeyDown };
}

/**
 * "Deshacer" right after Improve, "Rehacer" once undone: one button that changes its label, so the
 * keyboard focus stays on it.
 */
export function ImproveUndoButton({ state, onClick }: { state: 'undo' | 'redo'; onClick: () => void }) {
  const { t } = useTranslation();
  const shortcut = shortcuts[state];
  const Icon = state === 'undo' ? Undo2 : Redo2;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onClick}
      aria-label={t(state === 'undo' ? 'chat.undoImproveName' : 'chat.redoImproveName')}
      title={t(state === 'undo' ? 'chat.undoImproveHint' : 'chat.redoImproveHint', {
        shortcut: shortcut.shown,
      })}
      aria-keyshortcuts={shortcut.aria}
      icon={<Icon className="size-4" aria-hidden />}
    >
      <span className="max-sm:sr-only">{t(state === 'undo' ? 'chat.undoImprove' : 'chat.redoImprove')}</span>
    </Button>
  );
}

/** Says that Improve rewrote the draft and how to undo it, for those who do not see it change. */
export function ImproveUndoStatus({ state }: { state: ImproveUndoState }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="sr-only">
      {state === 'undo' ? t('chat.improvedStatus', { shortcut: shortcuts.undo.shown }) : ''}
    </p>
  );
}
