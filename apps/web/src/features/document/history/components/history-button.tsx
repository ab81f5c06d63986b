import { useState } from 'react';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { HistoryDialog } from './history-dialog';

/** The document header's way into the version history; the focus comes back here when it closes. */
export function HistoryButton({ projectId, editor }: { projectId: string; editor: Editor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        icon={<History className="size-4" aria-hidden />}
      >
        {t('documentHistory.open')}
      </Button>
      <HistoryDialog projectId={projectId} editor={editor} open={open} onOpenChange={setOpen} />
    </>
  );
}
