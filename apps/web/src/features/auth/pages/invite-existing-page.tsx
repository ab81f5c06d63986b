import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MailOpen } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { AuthShell } from '../components/auth-shell';

/**
 * Invitation links for existing accounts. Accepting from the link is not built: the page asks the
 * invitee to sign in with the invited address.
 */
export default function InviteExistingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('invite.title'));
  return (
    <AuthShell>
      <div className="flex flex-col items-start gap-4">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <MailOpen className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{t('invite.title')}</h1>
        <p className="text-text-muted">{t('invite.text')}</p>
        <Link to="/login" className={buttonClasses('primary', 'lg', 'w-full')}>
          {t('invite.signIn')}
        </Link>
      </div>
    </AuthShell>
  );
}
