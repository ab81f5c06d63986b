import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';

/**
 * `text` put into the draft at `at` (the caret) without losing anything the user wrote: set apart
 * from the text before and after it by a blank line. Returns the new draft and where the caret goes
 * (right after the inserted text).
 */
export function insertIntoDraft(draft: string, text: string, at: number): { value: string; caret: number } {
  const before = draft.slice(0, at);
  const after = draft.slice(at);
  const lead = before.trim() ? `${before.trimEnd()}\n\n` : '';
  const trail = after.trim() ? `\n\n${after.trimStart()}` : '';
  return { value: lead + text + trail, caret: lead.length + text.length };
}

/**
 * Fills the composer from a library prompt or a starter: into an empty draft as it is, into a draft
 * with text at the caret (after a selection, never over it), saying so. The caret then stands after
 * the inserted text, in the focused field.
 */
export function useDraftInsertion(textareaRef: RefObject<HTMLTextAreaElement | null>) {
  const { t } = useTranslation();
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const area = textareaRef.current;
    if (caret.current === null || !area) return;
    area.focus();
    area.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return (draft: string, text: string) => {
    const area = textareaRef.current;
    const at = area && area.value === draft ? area.selectionEnd : draft.length;
    const next = insertIntoDraft(draft, text, at);
    caret.current = next.caret;
    if (draft.trim()) toast.success(t('chat.addedToDraft'));
    return next.value;
  };
}
