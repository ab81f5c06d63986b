import { useRef, useState, type RefObject } from 'react';
import type { Prompt } from '@redacta/shared';

/** The preview's button that takes the focus when the panel comes back to it from a step. */
type PreviewFocus = 'use' | 'edit';

/**
 * What the library shows: the list (with the preview beside it on wide screens), one prompt, its
 * variables, or the custom prompt form.
 */
export type LibraryView =
  | { kind: 'browse'; focus?: PreviewFocus }
  | { kind: 'preview'; focus?: PreviewFocus }
  | { kind: 'variables'; prompt: Prompt }
  | { kind: 'form'; prompt?: Prompt };

/**
 * The library's steps and where the focus goes between them: back to the list lands on the search
 * field, back to a prompt on its "Usar prompt", and leaving the form on the button that opened it.
 */
export function useLibraryView(compact: boolean, searchRef: RefObject<HTMLInputElement | null>) {
  const [view, setView] = useState<LibraryView>({ kind: 'browse' });
  const formOpener = useRef<HTMLElement | null>(null);

  const showList = () => setView({ kind: 'browse' });
  const backToList = () => {
    showList();
    searchRef.current?.focus();
  };
  const backToPrompt = () => setView({ kind: compact ? 'preview' : 'browse', focus: 'use' });
  const openForm = (prompt?: Prompt) => {
    formOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setView({ kind: 'form', prompt });
  };
  /**
   * Leaving the form hands the focus back to the button that opened it when that is still on
   * screen; otherwise to the Edit button of the prompt shown next, or to the search field.
   */
  const leaveForm = (kind: 'browse' | 'preview', shown?: Prompt) => {
    const opener = formOpener.current;
    formOpener.current = null;
    if (opener?.isConnected) {
      setView({ kind });
      opener.focus();
    } else if (shown) {
      setView({ kind, focus: 'edit' });
    } else {
      setView({ kind });
      searchRef.current?.focus();
    }
  };

  return { view, setView, showList, backToList, backToPrompt, openForm, leaveForm };
}
