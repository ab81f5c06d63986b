import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ban, CalendarX, CheckCheck, SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { InvitationPanel } from './invitation-panel';

/** Why an invitation cannot be accepted: an unknown link, or one expired, revoked or already used. */
export type ClosedReason = 'unknown' | 'expired' | 'revoked' | 'used';

const icons = {
  unknown: <SearchX className="size-6" aria-hidden />,
  expired: <CalendarX className="size-6" aria-hidden />,
  revoked: <Ban className="size-6" aria-hidden />,
  used: <CheckCheck className="size-6" aria-hidden />,
} as const;

export function ClosedInvitation({
  reason,
  inviterName,
  workspaceName,
}: {
  reason: ClosedReason;
  inviterName?: string;
  workspaceName?: string;
}) {
  const { t } = useTranslation();
  const names = { inviter: inviterName ?? '', workspace: workspaceName ?? '' };
  return (
    <InvitationPanel icon={icons[reason]} title={t(`invitation.${reason}.title`)} tone="muted">
      <p className="text-text-muted">{t(`invitation.${reason}.text`, names)}</p>
      <Link to="/chat" className={buttonClasses('primary', 'lg', 'w-full')}>
        {t('invitation.goToApp')}
      </Link>
    </InvitationPanel>
  );
}
