import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Crown, UserMinus, UserPlus } from 'lucide-react';
import type { Member, SessionUser, Workspace } from '@redacta/shared';
import { UserAvatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { SettingsSection } from '@/components/ui/settings-section';
import { planLabelKey } from '../plan-label';
import { actionFailure, displayName, shortDate } from '../lib';
import { useMembers } from '../api/use-team';
import { useRemoveMember } from '../api/use-team-mutations';
import { TeamSkeleton } from './team-skeleton';

/** Everyone in the workspace with the seats they use; the owner removes members and adds new ones. */
export function MembersSection({
  workspace,
  user,
  onInvite,
}: {
  workspace: Workspace;
  user: SessionUser;
  onInvite: () => void;
}) {
  const { t } = useTranslation();
  const members = useMembers(workspace.id);
  const isOwner = user.id === workspace.ownerId;
  const paid = workspace.isPro || workspace.isEnterprise;
  const seatsFull = paid && members.data !== undefined && members.data.seatsUsed >= members.data.userSeats;
  const [removing, setRemoving] = useState<Member | null>(null);

  return (
    <SettingsSection id="members" title={t('workspace.members')} description={t('workspace.membersHelp')}>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <dl className="grid w-full grid-cols-2 gap-3 sm:max-w-md">
          <div className="rounded-lg bg-surface-muted p-3">
            <dt className="text-xs text-text-muted">{t('workspace.plan')}</dt>
            <dd className="mt-1 font-medium">{t(planLabelKey(workspace.plan))}</dd>
          </div>
          <div className="rounded-lg bg-surface-muted p-3">
            <dt className="text-xs text-text-muted">{t('workspace.seatsUsed')}</dt>
            <dd className="mt-1 font-medium">
              {members.data && paid
                ? t('workspace.seatsValue', { used: members.data.seatsUsed, total: members.data.userSeats })
                : '—'}
            </dd>
          </div>
        </dl>
        {seatsFull ? (
          <Link to="/subscription" className={buttonClasses('secondary', 'md')}>
            <UserPlus className="size-4" aria-hidden />
            {t('team.getSeats')}
          </Link>
        ) : (
          <Button icon={<UserPlus className="size-4" aria-hidden />} onClick={onInvite}>
            {t('team.addMembers')}
          </Button>
        )}
      </div>
      {seatsFull && <p className="mb-3 text-[13px] text-text-muted">{t('team.seatsFull')}</p>}
      {members.isPending ? (
        <TeamSkeleton rows={2} label={t('team.loadingMembers')} />
      ) : members.isError ? (
        <LoadError
          message={t('team.membersFailed')}
          retryLabel={t('team.retry')}
          retrying={members.isRefetching}
          onRetry={() => void members.refetch()}
          className="rounded-lg border border-border py-6"
        />
      ) : (
        <>
          <ul className="divide-y divide-border rounded-lg border border-border">
            {members.data.members.map((member) => (
              <li key={member.id} className="flex items-start gap-3 p-3">
                <UserAvatar user={member} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium" title={displayName(member)}>
                    {displayName(member)}
                    {member.id === user.id && (
                      <span className="font-normal text-text-muted"> {t('team.you')}</span>
                    )}
                  </p>
                  <p className="truncate text-xs text-text-muted" title={member.email}>
                    {member.email}
                  </p>
                  {member.role === 'member' && (
                    <p className="text-xs text-text-muted">
                      {t('team.joined', { date: shortDate(member.joinedAt) })}
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  {member.role === 'owner' ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
                      <Crown className="size-3" aria-hidden />
                      {t('workspace.owner')}
                    </span>
                  ) : (
                    <span className="px-2 py-0.5 text-xs text-text-muted">{t('workspace.member')}</span>
                  )}
                  {isOwner && member.role === 'member' && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="-mr-1"
                      icon={<UserMinus className="size-4" aria-hidden />}
                      aria-label={t('team.removeNamed', { name: displayName(member) })}
                      title={t('team.removeNamed', { name: displayName(member) })}
                      onClick={() => setRemoving(member)}
                    >
                      {t('team.remove')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {members.data.members.length < 2 && (
            <p className="mt-3 text-[13px] text-text-muted">{t('workspace.noMembers')}</p>
          )}
        </>
      )}
      {removing && (
        <RemoveMemberDialog workspace={workspace} member={removing} onClose={() => setRemoving(null)} />
      )}
    </SettingsSection>
  );
}

function RemoveMemberDialog({
  workspace,
  member,
  onClose,
}: {
  workspace: Workspace;
  member: Member;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveMember();
  const name = displayName(member);
  return (
    <ConfirmDialog
      onOpenChange={(open) => !open && onClose()}
      title={t('team.removeTitle', { name })}
      description={t('team.removeDescription', { workspace: workspace.name })}
      confirmLabel={t('team.remove')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(
          { workspaceId: workspace.id, userId: member.id },
          {
            onSuccess: () => {
              toast.success(t('team.removed', { name }));
              onClose();
            },
            onError: (error) => {
              toast.error(actionFailure(t, error, 'MEMBER_REMOVAL_FORBIDDEN', 'team.removeFailed'));
              onClose();
            },
          },
        )
      }
    />
  );
}
