import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Sparkles, UserPlus } from 'lucide-react';
import { useSession } from '@/features/session';
import { UpgradeModal } from '@/features/subscription';
import { Button } from '@/components/ui/button';

/**
 * The sidebar's footer button: Pro/Enterprise workspaces see "invite teammate", free ones "upgrade
 * to Pro" (inviting needs a paid plan). With every seat taken the invite goes to /subscription to
 * buy seats; otherwise to the members section of the workspace settings.
 */
export function WorkspaceAction({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { workspace } = useSession();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  if (!workspace) return null;

  if (workspace.isPro || workspace.isEnterprise) {
    return (
      <Button
        variant="secondary"
        className="w-full"
        icon={<UserPlus className="size-4" aria-hidden />}
        onClick={() => {
          onNavigate?.();
          navigate(
            workspace.invitedUsers.length >= workspace.userSeats
              ? '/subscription'
              : '/workspace-settings#members',
          );
        }}
      >
        {t('sidebar.invite')}
      </Button>
    );
  }
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
