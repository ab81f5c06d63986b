import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { FOLDER_NAME_MAX_LENGTH, type FolderWithCount } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal, ModalClose } from '@/components/ui/modal';
import { isApiError } from '@/lib/api-error';
import { useCreateOnce } from '@/lib/use-create-once';
import { useCreateFolder, useRenameFolder } from '../api/use-folder-mutations';

type Mode = { kind: 'create' } | { kind: 'rename'; folder: FolderWithCount };

/**
 * New folder and rename folder: the name is required, at most 100 characters, and unique in the
 * workspace ignoring case — checked here against the folders already loaded, and by the server
 * (409 FOLDER_NAME_TAKEN) for the ones created meanwhile; either way the error shows under the field.
 * A double click on Create creates one folder: the second click waits for the first, and the server
 * answers a repeat of the same create with the folder it made.
 */
export function FolderNameModal({
  workspaceId,
  mode,
  folders,
  open,
  onOpenChange,
}: {
  workspaceId: string;
  mode: Mode;
  folders: FolderWithCount[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const initial = mode.kind === 'rename' ? mode.folder.name : '';
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [takenName, setTakenName] = useState<string | null>(null);
  const create = useCreateFolder(workspaceId);
  const once = useCreateOnce();
  const rename = useRenameFolder(workspaceId);
  const pending = create.isPending || rename.isPending;

  const trimmed = name.trim();
  const ownId = mode.kind === 'rename' ? mode.folder.id : null;
  const clash = folders.some(
    (folder) => folder.id !== ownId && folder.name.toLocaleLowerCase() === trimmed.toLocaleLowerCase(),
  );
  const problem = !trimmed
    ? t('validation.required')
    : trimmed.length > FOLDER_NAME_MAX_LENGTH
      ? t('projects.folderNameTooLong', { max: FOLDER_NAME_MAX_LENGTH })
      : clash || takenName === trimmed
        ? t('errors.FOLDER_NAME_TAKEN')
        : null;
  const shownProblem = touched ? problem : null;

  const close = (next: boolean) => {
    if (pending) return;
    onOpenChange(next);
  };

  const onDone = (message: string) => {
    toast.success(message);
    onOpenChange(false);
  };
  const onFailed = (error: unknown, fallbackKey: string) => {
    if (isApiError(error) && error.code === 'FOLDER_NAME_TAKEN') setTakenName(trimmed);
    // The workspace has as many folders as it may keep: the dialog stays open with the name typed.
    else if (isApiError(error) && error.code === 'FOLDERS_FULL') toast.error(t('errors.FOLDERS_FULL'));
    else toast.error(t(fallbackKey));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    if (mode.kind === 'create') {
      const id = once.start();
      if (!id) return;
      create.mutate(
        { id, name: trimmed },
        {
          onSuccess: () => {
            once.settle(true);
            onDone(t('projects.toasts.folderCreated'));
          },
          onError: (error) => {
            once.settle(false);
            onFailed(error, 'projects.toasts.folderCreateFailed');
          },
        },
      );
    } else if (trimmed === mode.folder.name) {
      onOpenChange(false);
    } else {
      rename.mutate(
        { id: mode.folder.id, name: trimmed },
        {
          onSuccess: () => onDone(t('projects.toasts.folderRenamed')),
          onError: (error) => onFailed(error, 'projects.toasts.folderRenameFailed'),
        },
      );
    }
  };

  const creating = mode.kind === 'create';
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t(creating ? 'projects.folderModal.createTitle' : 'projects.folderModal.renameTitle')}
      description={t(creating ? 'projects.folderModal.createText' : 'projects.folderModal.renameText')}
      closeLabel={t('common.close')}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={pending}>
              {t('common.cancel')}
            </Button>
          </ModalClose>
          <Button type="submit" form={formId} loading={pending} disabled={Boolean(shownProblem)}>
            {t(creating ? 'projects.folderModal.create' : 'projects.folderModal.rename')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Input
          label={t('projects.folderName')}
          value={name}
          autoFocus
          autoComplete="off"
          error={shownProblem}
          hint={t('projects.folderNameHint', { max: FOLDER_NAME_MAX_LENGTH })}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
        />
      </form>
    </Modal>
  );
}
