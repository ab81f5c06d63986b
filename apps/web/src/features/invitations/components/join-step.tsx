import { useTranslation } from 'react-i18next';
import { MailOpen } from 'lucide-react';
import type { InvitationPreview } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { InvitationPanel } from './invitation-panel';

/** Signed in with the invited address: who invites to which workspace, and the button to join it. */
export function JoinStep({
  preview,
  joining,
  error,
  onJoin,
}: {
  preview: InvitationPreview;
  joining: boolean;
  error: string | null;
  onJoin: () => void;
}) {
  const { t } = useTranslation();
  return (
    <InvitationPanel
      icon={<MailOpen className="size-6" aria-hidden />}
      title={t('invitation.title', { inviter: preview.inviterName, workspace: preview.workspaceName })}
    >
      <p className="text-text-muted">{t('invitation.joinText', { email: preview.email })}</p>
      {error && (
        <p role="alert" className="text-[13px] text-danger">
          {error}
        </p>
      )}
      <Button size="lg" className="w-full" loading={joining} onClick={onJoin}>
        {t('invitation.join', { workspace: preview.workspaceName })}
      </Button>
    </InvitationPanel>
  );
}
