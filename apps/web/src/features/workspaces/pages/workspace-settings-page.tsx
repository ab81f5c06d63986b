import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Crown, Info } from 'lucide-react';
import type { Workspace } from '@redacta/shared';
import { checkWorkspaceName, WORKSPACE_NAME_MAX_LENGTH } from '@redacta/shared/rules/names';
import { useSession } from '@/features/session';
import { PremiumModelSwitch } from '@/features/labs';
import { Input } from '@/components/ui/input';
import { SaveButton } from '@/components/ui/save-button';
import { UserAvatar, WorkspaceAvatar } from '@/components/ui/avatar';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/components/ui/cn';
import { useRenameWorkspace } from '../api/use-rename-workspace';
import { planLabelKey } from '../plan-label';

function RenameForm({ workspace, canEdit }: { workspace: Workspace; canEdit: boolean }) {
  const { t } = useTranslation();
  const rename = useRenameWorkspace();
  const [name, setName] = useState(workspace.name);
  const [touched, setTouched] = useState(false);
  const problem = checkWorkspaceName(name);
  const unchanged = name.trim() === workspace.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || unchanged) return;
    rename.mutate(
      { id: workspace.id, name: name.trim() },
      {
        onSuccess: () => toast.success(t('toasts.workspaceRenamed')),
        onError: (error) => toast.error(errorMessage(t, error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Input
        label={t('workspace.name')}
        value={name}
        maxLength={WORKSPACE_NAME_MAX_LENGTH + 10}
        readOnly={!canEdit}
        disabled={rename.isPending}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        hint={canEdit ? undefined : t('workspace.ownerOnly')}
        error={
          canEdit && touched && problem
            ? t(problem === 'required' ? 'validation.required' : 'validation.workspaceName')
            : null
        }
      />
      {canEdit && (
        <div className="flex justify-end">
          <SaveButton loading={rename.isPending} unchanged={unchanged} />
        </div>
      )}
    </form>
  );
}

export default function WorkspaceSettingsPage() {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  const { hash } = useLocation();
  // The mobile header already shows the page's title: the heading stays for screen readers only.
  const isMobile = useMediaQuery(MOBILE_QUERY);

  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  if (!workspace) return null;
  const isOwner = user?.id === workspace.ownerId;
  const paid = workspace.isPro || workspace.isEnterprise;
  const owner = workspace.owner;

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex items-center gap-4">
        <WorkspaceAvatar name={workspace.name} size="lg" />
        <div className="min-w-0">
          <h1 className={cn('text-xl font-semibold break-words', isMobile && 'sr-only')}>
            {t('workspace.title')}
          </h1>
          <p className="text-text-muted">
            {workspace.name} · {t(planLabelKey(workspace.plan))}
          </p>
        </div>
      </div>
      <SettingsSection id="general" title={t('workspace.general')} description={t('workspace.generalHelp')}>
        <RenameForm key={workspace.id + workspace.name} workspace={workspace} canEdit={isOwner} />
      </SettingsSection>
      <SettingsSection id="members" title={t('workspace.members')} description={t('workspace.membersHelp')}>
        <dl className="mb-4 grid max-w-md grid-cols-2 gap-3">
          <div className="rounded-lg bg-surface-muted p-3">
            <dt className="text-xs text-text-muted">{t('workspace.plan')}</dt>
            <dd className="mt-1 font-medium">{t(planLabelKey(workspace.plan))}</dd>
          </div>
          <div className="rounded-lg bg-surface-muted p-3">
            <dt className="text-xs text-text-muted">{t('workspace.seatsUsed')}</dt>
            <dd className="mt-1 font-medium">
              {paid
                ? t('workspace.seatsValue', {
                    used: workspace.invitedUsers.length,
                    total: workspace.userSeats,
                  })
                : '—'}
            </dd>
          </div>
        </dl>
        <ul className="divide-y divide-border rounded-lg border border-border">
          <li className="flex items-center gap-3 p-3">
            <UserAvatar user={owner} size="sm" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">
                {[owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email}
              </p>
              <p className="truncate text-xs text-text-muted">{owner.email}</p>
            </div>
            <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
              <Crown className="size-3" aria-hidden />
              {t('workspace.owner')}
            </span>
          </li>
          {workspace.invitedUsers.map((member) => (
            <li key={member.id} className="flex items-center gap-3 p-3">
              <UserAvatar user={member} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  {[member.firstName, member.lastName].filter(Boolean).join(' ') || member.email}
                </p>
                <p className="truncate text-xs text-text-muted">{member.email}</p>
              </div>
              <span className="text-xs text-text-muted">{t('workspace.member')}</span>
            </li>
          ))}
        </ul>
        {workspace.invitedUsers.length === 0 && (
          <p className="mt-3 text-[13px] text-text-muted">{t('workspace.noMembers')}</p>
        )}
        <p className="mt-4 flex items-start gap-2 text-[13px] text-text-muted" role="note">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {paid ? t('workspace.invitesComing') : t('workspace.invitesNeedPro')}
        </p>
      </SettingsSection>
      <section id="premium-model" className="scroll-mt-6 rounded-xl border border-border p-4 md:p-6">
        <PremiumModelSwitch />
      </section>
    </div>
  );
}
