import { useTranslation } from 'react-i18next';
import type { Prompt } from '@redacta/shared';
import { Modal } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';

export function DeletePromptDialog({
  prompt,
  pending,
  onClose,
  onDelete,
}: {
  prompt: Prompt;
  pending: boolean;
  onClose: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={t('prompts.deleteTitle')}
      description={t('prompts.deleteText', { name: prompt.name })}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={pending} onClick={onDelete}>
            {t('prompts.delete')}
          </Button>
        </>
      }
    />
  );
}
