import { useSyncExternalStore } from 'react';
import type { Editor } from '@tiptap/react';

/**
 * The editor's plain text, kept current as anyone edits (a live document changes under the reader):
 * each textblock on a line of its own, as the server writes a version's text.
 */
export function useEditorText(editor: Editor): string {
  return useSyncExternalStore(
    (onChange) => {
      editor.on('update', onChange);
      return () => void editor.off('update', onChange);
    },
    () => editor.getText({ blockSeparator: '\n' }),
  );
}
