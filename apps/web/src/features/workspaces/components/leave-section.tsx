import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { LogOut } from 'lucide-react';
import type { Workspace } from '@redacta/shared';
import { useSession, workspacesKey } from '@/features/session';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { useLeaveWorkspace } from '../api/use-team-mutations';
import { teamKeys } from '../api/team-keys';

/**
 * A member leaves the workspace (the owner cannot: it would be left without one). Access ends at
 * once, so the app moves to the user's personal workspace before the list reloads without this one.
 */
export function LeaveSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { personalWorkspace, selectWorkspace } = useSession();
  const leave = useLeaveWorkspace();
  const [asking, setAsking] = useState(false);

  const confirm = () =>
    leave.mutate(workspace.id, {
      onSuccess: () => {
        setAsking(false);
        if (personalWorkspace) selectWorkspace(personalWorkspace.id);
        queryClient.removeQueries({ queryKey: teamKeys.all(workspace.id) });
        void queryClient.invalidateQueries({ queryKey: workspacesKey });
        toast.success(t('team.left', { workspace: workspace.name }));
      },
      onError: (error) => {
        setAsking(false);
        toast.error(errorMessage(t, error, { fallbackKey: 'team.leaveFailed' }));
      },
    });

  return (
    <SettingsSection id="leave" title={t('team.leaveTitle')} description={t('team.leaveHelp')}>
      <Button
        variant="secondary"
        icon={<LogOut className="size-4" aria-hidden />}
        onClick={() => setAsking(true)}
      >
        {t('team.leave')}
      </Button>
      {asking && (
        <ConfirmDialog
          onOpenChange={setAsking}
          title={t('team.leaveConfirmTitle', { workspace: workspace.name })}
          description={t('team.leaveConfirmText')}
          confirmLabel={t('team.leave')}
          pending={leave.isPending}
          onConfirm={confirm}
        />
      )}
    </SettingsSection>
  );
}
