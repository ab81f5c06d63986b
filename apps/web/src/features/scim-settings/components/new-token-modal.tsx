import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { CopyField } from '@/components/ui/copy-field';

/**
 * The SCIM token at the one moment it is shown, after it is made or rotated: the warning that it
 * will not be shown again, the token with its copy button, and the way out. A click outside does not
 * close it, so the token is not lost by accident.
 */
export function NewTokenModal({
  token,
  onClose,
  returnFocusTo,
}: {
  token: string | null;
  onClose: () => void;
  /** Where the focus goes once it closes when the control that made the token is gone or was busy. */
  returnFocusTo: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={token !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('scimSettings.token.new.title')}
      description={t('scimSettings.token.new.text')}
      closeLabel={t('common.close')}
      keepOnOutsideClick
      returnFocusFallback={returnFocusTo}
    >
      {token && (
        <div className="flex flex-col gap-4">
          <p
            role="note"
            className="flex items-start gap-2 rounded-lg bg-warning/15 px-3 py-2.5 text-sm text-amber-900 dark:text-amber-200"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('scimSettings.token.new.warning')}
          </p>
          <CopyField value={token} label={t('scimSettings.token.new.label')} testId="scim-token-value" />
          <div className="mt-2 flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('scimSettings.token.new.done')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
