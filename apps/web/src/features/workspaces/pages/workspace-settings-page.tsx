import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { Workspace } from '@redacta/shared';
import { governs } from '@redacta/shared/rules/roles';
import { WORKSPACE_NAME_MAX_LENGTH } from '@redacta/shared/rules/names';
import { useSession } from '@/features/session';
import { PremiumModelSwitch } from '@/features/labs';
import { DeleteWorkspaceSection, ExportWorkspaceSection } from '@/features/gdpr';
import { Input } from '@/components/ui/input';
import { SaveButton } from '@/components/ui/save-button';
import { WorkspaceAvatar } from '@/components/ui/avatar';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { nameProblemText } from '@/lib/name-problem-text';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/components/ui/cn';
import { useRenameWorkspace } from '../api/use-rename-workspace';
import { planLabelKey } from '../plan-label';
import { MembersSection } from '../components/members-section';
import { PendingInvitationsSection } from '../components/pending-invitations-section';
import { LeaveSection } from '../components/leave-section';
import { InviteModal } from '../components/invite-modal';

function RenameForm({ workspace, canEdit }: { workspace: Workspace; canEdit: boolean }) {
  const { t } = useTranslation();
  const rename = useRenameWorkspace();
  const [name, setName] = useState(workspace.name);
  const [touched, setTouched] = useState(false);
  const problem = nameProblemText(t, 'workspace', name);
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
        // The field stops at the limit itself: nothing typed past it is accepted and then refused.
        maxLength={WORKSPACE_NAME_MAX_LENGTH}
        readOnly={!canEdit}
        disabled={rename.isPending}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        hint={canEdit ? undefined : t('workspace.ownerOnly')}
        error={canEdit && touched ? problem : null}
      />
      {canEdit && (
        <div className="flex justify-end">
          <SaveButton loading={rename.isPending} unchanged={unchanged} />
        </div>
      )}
    </form>
  );
}

/**
 * The workspace's settings: its name (the owner edits it, everyone else reads it), the members and
 * the seats they use, pending invitations, the premium model switch, and leaving (members) or
 * exporting and deleting it (the owner).
 */
export default function WorkspaceSettingsPage() {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  const { hash } = useLocation();
  const [inviting, setInviting] = useState(false);
  // The mobile header already shows the page's title: the heading stays for screen readers only.
  const isMobile = useMediaQuery(MOBILE_QUERY);

  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  if (!workspace || !user) return null;
  const isOwner = user.id === workspace.ownerId;

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex items-center gap-4">
        <WorkspaceAvatar name={workspace.name} size="lg" />
        <div className="min-w-0">
          <h1 className={cn('text-xl font-semibold break-words', isMobile && 'sr-only')}>
            {t('workspace.title')}
          </h1>
          <p className="break-words text-text-muted">
            {workspace.name} · {t(planLabelKey(workspace.plan))}
          </p>
        </div>
      </div>
      <SettingsSection id="general" title={t('workspace.general')} description={t('workspace.generalHelp')}>
        <RenameForm
          key={workspace.id + workspace.name}
          workspace={workspace}
          canEdit={governs(workspace, user.id)}
        />
      </SettingsSection>
      <MembersSection
        key={`members-${workspace.id}`}
        workspace={workspace}
        user={user}
        onInvite={() => setInviting(true)}
      />
      <PendingInvitationsSection key={`pending-${workspace.id}`} workspace={workspace} user={user} />
      <section id="premium-model" className="scroll-mt-6 rounded-xl border border-border p-4 md:p-6">
        <PremiumModelSwitch />
      </section>
      {!isOwner && <LeaveSection key={`leave-${workspace.id}`} workspace={workspace} />}
      {isOwner && <ExportWorkspaceSection key={`export-${workspace.id}`} workspace={workspace} />}
      {isOwner && <DeleteWorkspaceSection key={`delete-${workspace.id}`} workspace={workspace} />}
      <InviteModal open={inviting} onOpenChange={setInviting} workspace={workspace} />
    </div>
  );
}
