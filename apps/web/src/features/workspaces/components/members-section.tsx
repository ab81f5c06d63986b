import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Crown, ShieldCheck, UserMinus, UserPlus } from 'lucide-react';
import type { AssignableRole, Member, SessionUser, Workspace } from '@redacta/shared';
import { roleIn } from '@redacta/shared/rules/roles';
import { UserAvatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { SettingsSection } from '@/components/ui/settings-section';
import { planLabelKey } from '../plan-label';
import { actionFailure, displayName, shortDate } from '../lib';
import { useMembers } from '../api/use-team';
import { useChangeRole, useRemoveMember } from '../api/use-team-mutations';
import { TeamSkeleton } from './team-skeleton';

/**
 * Everyone in the workspace with their role and the seats they use. The owner changes roles and
 * removes anyone; an admin removes members (docs/product.md, "Workspaces and roles").
 */
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
  const myRole = roleIn(workspace, user.id);
  const mayRemove = (member: Member) =>
    myRole === 'owner' ? member.role !== 'owner' : myRole === 'admin' && member.role === 'member';
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
                  {member.role !== 'owner' && (
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
                  ) : myRole === 'owner' ? (
                    <RoleSelect workspace={workspace} member={member} />
                  ) : member.role === 'admin' ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-text">
                      <ShieldCheck className="size-3" aria-hidden />
                      {t('workspace.admin')}
                    </span>
                  ) : (
                    <span className="px-2 py-0.5 text-xs text-text-muted">{t('workspace.member')}</span>
                  )}
                  {mayRemove(member) && (
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

/** The owner's choice of a person's role; the change shows at once and is confirmed by a toast. */
function RoleSelect({ workspace, member }: { workspace: Workspace; member: Member }) {
  const { t } = useTranslation();
  const change = useChangeRole();
  const name = displayName(member);
  const role: AssignableRole = member.role === 'admin' ? 'admin' : 'member';
  return (
    <select
      aria-label={t('team.roleLabel', { name })}
      value={role}
      disabled={change.isPending}
      onChange={(event) => {
        const next = event.target.value as AssignableRole;
        change.mutate(
          { workspaceId: workspace.id, userId: member.id, role: next },
          {
            onSuccess: () =>
              toast.success(
                t(next === 'admin' ? 'team.roleChangedAdmin' : 'team.roleChangedMember', { name }),
              ),
            onError: (error) =>
              toast.error(actionFailure(t, error, 'NOT_WORKSPACE_OWNER', 'team.roleFailed')),
          },
        );
      }}
      className="h-8 rounded-md border border-border bg-surface px-2 text-xs text-text focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
    >
      <option value="admin">{t('team.roleAdmin')}</option>
      <option value="member">{t('team.roleMember')}</option>
    </select>
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
