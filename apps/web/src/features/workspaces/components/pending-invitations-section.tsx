import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Mail, RotateCw, X } from 'lucide-react';
import type { PendingInvitation, SessionUser, Workspace } from '@redacta/shared';
import { governs } from '@redacta/shared/rules/roles';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { actionFailure, displayName, shortDate } from '../lib';
import { usePendingInvitations } from '../api/use-team';
import { useResendInvitation, useRevokeInvitation } from '../api/use-team-mutations';
import { TeamSkeleton } from './team-skeleton';

/**
 * Invitations sent and not yet accepted; their inviter or the owner resends them or, after a
 * confirmation, revokes them.
 */
export function PendingInvitationsSection({ workspace, user }: { workspace: Workspace; user: SessionUser }) {
  const { t } = useTranslation();
  const invitations = usePendingInvitations(workspace.id);
  const governing = governs(workspace, user.id);

  return (
    <SettingsSection id="invitations" title={t('team.pendingTitle')} description={t('team.pendingHelp')}>
      {invitations.isPending ? (
        <TeamSkeleton rows={1} label={t('team.loadingInvitations')} />
      ) : invitations.isError ? (
        <LoadError
          message={t('team.invitationsFailed')}
          retryLabel={t('team.retry')}
          retrying={invitations.isRefetching}
          onRetry={() => void invitations.refetch()}
          className="rounded-lg border border-border py-6"
        />
      ) : invitations.data.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border border-dashed border-border p-4 text-[13px] text-text-muted">
          <Mail className="size-4 shrink-0" aria-hidden />
          {t('team.noPending')}
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {invitations.data.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              canManage={governing || invitation.invitedBy.id === user.id}
            />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function InvitationRow({ invitation, canManage }: { invitation: PendingInvitation; canManage: boolean }) {
  const { t } = useTranslation();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;
  // Revoking kills every link mailed for the invitation, so it is confirmed first.
  const [confirming, setConfirming] = useState(false);

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
      <span
        aria-hidden
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-surface-muted text-text-muted"
      >
        <Mail className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate font-medium" title={invitation.email}>
          {invitation.email}
        </p>
        <p className="text-xs text-text-muted">
          {t('team.invitedBy', {
            name: displayName(invitation.invitedBy),
            date: shortDate(invitation.expiresAt),
          })}
        </p>
      </div>
      {canManage && (
        <div className="ml-auto flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            icon={<RotateCw className="size-4" aria-hidden />}
            aria-label={t('team.resendTo', { email: invitation.email })}
            title={t('team.resendTo', { email: invitation.email })}
            loading={resend.isPending}
            disabled={busy}
            onClick={() =>
              resend.mutate(invitation, {
                onSuccess: () => toast.success(t('team.inviteResent')),
                onError: (error) => toast.error(errorMessage(t, error)),
              })
            }
          >
            {t('team.resend')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={<X className="size-4" aria-hidden />}
            aria-label={t('team.revokeFor', { email: invitation.email })}
            title={t('team.revokeFor', { email: invitation.email })}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('team.revoke')}
          </Button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          onOpenChange={setConfirming}
          title={t('team.revokeTitle')}
          description={t('team.revokeText', { email: invitation.email })}
          confirmLabel={t('team.revoke')}
          pending={revoke.isPending}
          onConfirm={() =>
            revoke.mutate(invitation, {
              onSuccess: () => {
                setConfirming(false);
                toast.success(t('team.revoked'));
              },
              onError: (error) => {
                setConfirming(false);
                toast.error(actionFailure(t, error, 'NOT_INVITER', 'team.revokeFailed'));
              },
            })
          }
        />
      )}
    </li>
  );
}
