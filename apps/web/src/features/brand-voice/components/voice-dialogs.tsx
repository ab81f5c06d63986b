import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_VOICE_NAME_MAX_LENGTH, type BrandVoiceSummary } from '@redacta/shared';
import { Modal } from '@/components/ui/modal';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** Rename: the name is required; an unchanged name is not sent. */
export function RenameVoiceDialog({
  voice,
  pending,
  onClose,
  onRename,
}: {
  voice: BrandVoiceSummary;
  pending: boolean;
  onClose: () => void;
  onRename: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(voice.name);
  const [touched, setTouched] = useState(false);
  const missing = name.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    if (name.trim() === voice.name) onClose();
    else onRename(name.trim());
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={t('brandVoice.renameTitle')}
      description={t('brandVoice.renameText')}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        <Input
          label={t('brandVoice.name')}
          value={name}
          autoFocus
          maxLength={BRAND_VOICE_NAME_MAX_LENGTH}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && missing ? t('validation.required') : null}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function DeleteVoiceDialog({
  voice,
  pending,
  onClose,
  onDelete,
}: {
  voice: BrandVoiceSummary;
  pending: boolean;
  onClose: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      onOpenChange={(open) => !open && onClose()}
      title={t('brandVoice.deleteTitle')}
      description={t('brandVoice.deleteText', { name: voice.name })}
      confirmLabel={t('brandVoice.delete')}
      pending={pending}
      onConfirm={onDelete}
    />
  );
}
