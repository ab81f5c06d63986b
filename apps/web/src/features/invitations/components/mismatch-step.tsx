import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserX } from 'lucide-react';
import type { InvitationPreview } from '@redacta/shared';
import { useSignOut } from '@/features/session';
import { Button } from '@/components/ui/button';
import { InvitationPanel } from './invitation-panel';

/**
 * Signed in as someone other than the invited address: an invitation is bound to its address, so
 * the way on is to sign out here and sign in (or up) as the invited person.
 */
export function MismatchStep({
  preview,
  currentEmail,
}: {
  preview: InvitationPreview;
  currentEmail: string;
}) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  return (
    <InvitationPanel icon={<UserX className="size-6" aria-hidden />} title={t('invitation.mismatchTitle')}>
      <p className="text-text-muted">
        {t('invitation.mismatchText', {
          current: currentEmail,
          email: preview.email,
          workspace: preview.workspaceName,
        })}
      </p>
      <Button
        size="lg"
        className="w-full"
        loading={leaving}
        onClick={() => {
          setLeaving(true);
          void signOut();
        }}
      >
        {t('invitation.signOutAndContinue')}
      </Button>
    </InvitationPanel>
  );
}
