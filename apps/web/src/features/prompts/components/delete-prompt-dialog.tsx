import { useTranslation } from 'react-i18next';
import type { Prompt } from '@redacta/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

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
    <ConfirmDialog
      onOpenChange={(open) => !open && onClose()}
      title={t('prompts.deleteTitle')}
      description={t('prompts.deleteText', { name: prompt.name })}
      confirmLabel={t('prompts.delete')}
      pending={pending}
      onConfirm={onDelete}
    />
  );
}
