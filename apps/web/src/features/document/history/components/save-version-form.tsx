import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { BookmarkPlus } from 'lucide-react';
import { DOCUMENT_VERSION_NAME_MAX_LENGTH } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { useSaveVersion } from '../api/history-api';

/** "Save version": the document as it is now, with an optional name. */
export function SaveVersionForm({
  projectId,
  onSaved,
}: {
  projectId: string;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const save = useSaveVersion(projectId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(name.trim(), {
      onSuccess: (version) => {
        setName('');
        toast.success(t('documentHistory.saved'));
        onSaved(version.id);
      },
      onError: (error) => toast.error(errorMessage(t, error, { fallbackKey: 'documentHistory.saveFailed' })),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-b border-border pb-3">
      <Input
        label={t('documentHistory.nameLabel')}
        placeholder={t('documentHistory.namePlaceholder')}
        value={name}
        maxLength={DOCUMENT_VERSION_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        className="text-sm"
      />
      <Button
        type="submit"
        variant="secondary"
        className="self-start"
        loading={save.isPending}
        icon={<BookmarkPlus className="size-4" aria-hidden />}
      >
        {t('documentHistory.save')}
      </Button>
    </form>
  );
}
