import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { lostEdits, useLostEdits } from '../state/lost-edits';
import { copyText } from './copy-text';

/**
 * Shown when access to an open document ended (the person was removed from the workspace, or the
 * project turned private or was deleted): why, and everything the document held on this screen, to
 * copy. It stays while the app moves on to another workspace or project.
 */
export function LostEditsDialog() {
  const { t } = useTranslation();
  const lost = useLostEdits();
  return (
    <Modal
      open={lost !== null}
      onOpenChange={(open) => {
        if (!open) lostEdits.set(null);
      }}
      title={t('document.ended.title')}
      description={t('document.ended.forbidden')}
      closeLabel={t('document.ended.close')}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary">{t('document.ended.close')}</Button>
          </ModalClose>
          <Button
            icon={<Copy className="size-4" aria-hidden />}
            onClick={() => void copyText(lost?.text ?? '', t)}
          >
            {t('document.ended.copy')}
          </Button>
        </>
      }
    >
      <textarea
        readOnly
        aria-label={t('document.ended.textLabel')}
        value={lost?.text ?? ''}
        rows={8}
        className="w-full resize-y rounded-lg border border-border bg-surface-muted p-3 text-sm"
      />
    </Modal>
  );
}
