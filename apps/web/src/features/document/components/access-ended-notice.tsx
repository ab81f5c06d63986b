import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { Copy, Lock, RotateCcw } from 'lucide-react';
import type { DocumentContent } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { documentToPlainText } from '../export/to-plain-text';
import { useDocumentStore } from '../state/document-context';
import type { EndedBy } from '../state/document-store';
import { copyText } from './copy-text';

/**
 * Above a document that stopped syncing: why (access ended, or the server refused a change and kept
 * its previous state), the text as this screen holds it to copy, and, after a refused change, a way
 * back to the server's state.
 */
export function AccessEndedNotice({ endedBy, editor }: { endedBy: EndedBy; editor: Editor }) {
  const { t } = useTranslation();
  const store = useDocumentStore();
  const text = () => documentToPlainText(editor.getJSON() as DocumentContent);
  return (
    <div
      role="alert"
      data-testid="document-ended"
      className="flex shrink-0 flex-col gap-2 border-b border-border bg-surface-muted px-4 py-3 text-sm"
    >
      <p className="flex items-start gap-2">
        <Lock className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        <span>{t(`document.ended.${endedBy}`)}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          icon={<Copy className="size-4" aria-hidden />}
          onClick={() => void copyText(text(), t)}
        >
          {t('document.ended.copy')}
        </Button>
        {endedBy !== 'forbidden' && (
          <Button
            variant="secondary"
            size="sm"
            icon={<RotateCcw className="size-4" aria-hidden />}
            onClick={() => void store.reload()}
          >
            {t('document.ended.reload')}
          </Button>
        )}
      </div>
    </div>
  );
}
