import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Trash2 } from 'lucide-react';
import type { Workspace } from '@redacta/shared';
import { useSession, workspacesKey } from '@/features/session';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { useDeleteWorkspace } from '../api/gdpr-api';

/**
 * "Eliminar espacio de trabajo", for its owner: everything in it goes, so its name is typed to
 * confirm. The app then moves to the user's personal workspace before the list reloads without it.
 */
export function DeleteWorkspaceSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { personalWorkspace, selectWorkspace } = useSession();
  const remove = useDeleteWorkspace();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const matches = typed.trim() === workspace.name.trim();

  const change = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped('');
      setFailure(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(
      { id: workspace.id, name: typed.trim() },
      {
        onSuccess: () => {
          change(false);
          if (personalWorkspace && personalWorkspace.id !== workspace.id)
            selectWorkspace(personalWorkspace.id);
          void queryClient.invalidateQueries({ queryKey: workspacesKey });
          toast.success(t('gdpr.workspace.deleted', { workspace: workspace.name }));
        },
        onError: setFailure,
      },
    );
  };

  return (
    <SettingsSection
      id="delete-workspace"
      title={t('gdpr.workspace.title')}
      description={t('gdpr.workspace.help')}
    >
      <Button variant="danger" icon={<Trash2 className="size-4" aria-hidden />} onClick={() => setOpen(true)}>
        {t('gdpr.workspace.open')}
      </Button>
      <Modal
        open={open}
        onOpenChange={change}
        title={t('gdpr.workspace.dialogTitle', { workspace: workspace.name })}
        description={t('gdpr.workspace.warning')}
        closeLabel={t('common.close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => change(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              type="submit"
              form="delete-workspace-form"
              disabled={!matches}
              loading={remove.isPending}
            >
              {t('gdpr.workspace.confirm')}
            </Button>
          </>
        }
      >
        <form id="delete-workspace-form" onSubmit={submit} noValidate>
          <Input
            label={t('gdpr.workspace.typeName', { workspace: workspace.name })}
            value={typed}
            autoComplete="off"
            autoFocus
            onChange={(event) => setTyped(event.target.value)}
            error={failure ? errorMessage(t, failure, { fallbackKey: 'gdpr.workspace.failed' }) : null}
          />
        </form>
      </Modal>
    </SettingsSection>
  );
}
