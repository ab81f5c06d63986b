import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles, UserPlus } from 'lucide-react';
import type { Workspace } from '@redacta/shared';
import { useSession } from '@/features/session';
import { UpgradeModal } from '@/features/subscription';
import { InviteModal, SeatsFullModal, useMembers } from '@/features/workspaces';
import { Button } from '@/components/ui/button';

/**
 * The sidebar's footer button: Pro/Enterprise workspaces see "invite teammate", free ones "upgrade
 * to Pro" (inviting needs a paid plan). With every seat taken (members besides the owner plus
 * pending invitations) it first says why no one can be invited, then offers the owner the way to
 * more seats on /subscription; otherwise it opens the invite modal where the user is.
 */
export function WorkspaceAction({ onNavigate }: { onNavigate?: () => void }) {
  const { workspace } = useSession();
  if (!workspace) return null;
  return workspace.isPro || workspace.isEnterprise ? (
    <InviteAction key={workspace.id} workspace={workspace} onNavigate={onNavigate} />
  ) : (
    <UpgradeAction />
  );
}

function InviteAction({ workspace, onNavigate }: { workspace: Workspace; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const members = useMembers(workspace.id);
  const [inviting, setInviting] = useState(false);
  const [explaining, setExplaining] = useState(false);
  // Until the members (with pending invitations) load, the workspace's own member list is the count.
  const seatsUsed = members.data?.seatsUsed ?? workspace.invitedUsers.length;
  const userSeats = members.data?.userSeats ?? workspace.userSeats;
  const seatsFull = seatsUsed >= userSeats;

  return (
    <>
      <Button
        variant="secondary"
        className="w-full"
        icon={<UserPlus className="size-4" aria-hidden />}
        onClick={() => (seatsFull ? setExplaining(true) : setInviting(true))}
      >
        {t('sidebar.invite')}
      </Button>
      <InviteModal open={inviting} onOpenChange={setInviting} workspace={workspace} />
      <SeatsFullModal
        open={explaining}
        onOpenChange={setExplaining}
        workspace={workspace}
        seatsUsed={seatsUsed}
        userSeats={userSeats}
        isOwner={user?.id === workspace.ownerId}
        onGetSeats={() => onNavigate?.()}
      />
    </>
  );
}

function UpgradeAction() {
  const { t } = useTranslation();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  return (
    <>
      <Button
        className="w-full"
        icon={<Sparkles className="size-4" aria-hidden />}
        onClick={() => setUpgradeOpen(true)}
      >
        {t('sidebar.upgrade')}
      </Button>
      <UpgradeModal open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </>
  );
}
