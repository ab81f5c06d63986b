import { useEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import toast from 'react-hot-toast';
import type { SessionUser } from '@redacta/shared';
import { NameFields, useChangeName, useNameForm } from '@/features/profile';
import { Button } from '@/components/ui/button';
import { FullScreenLoader } from '@/components/ui/spinner';
import { useSessionState } from '@/lib/session-store';
import { errorMessage } from '@/lib/error-message';
import { useAccountLocale, useRefreshOrLogin } from '@/features/session';
import { AuthShell } from '../components/auth-shell';

/**
 * After registration: first and last name, then the chat. Only for someone signed in: opened
 * without a session in memory (a reload, a bookmark) it renews the session from the refresh cookie
 * first, and a visitor without one goes to /login before seeing the form.
 */
export default function WelcomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('welcome.tab'));
  const { user } = useSessionState();
  const signedIn = user !== null;

  useRefreshOrLogin(!signedIn);
  const localeLoading = useAccountLocale(user);

  if (!user || localeLoading) return <FullScreenLoader label={t('common.loading')} />;
  return <NamesForm user={user} />;
}

function NamesForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useNameForm({ firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
  const changeName = useChangeName();
  const formRef = useRef<HTMLFormElement>(null);

  // The page is one question: the caret starts in its first field.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid) return;
    changeName.mutate(form.trimmed(), {
      onSuccess: () => navigate('/chat', { replace: true }),
      onError: (error) => toast.error(errorMessage(t, error, { fallbackKey: 'toasts.nameChangeFailed' })),
    });
  };

  return (
    <AuthShell>
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('welcome.title')}</h1>
          <p className="mt-1 text-text-muted">{t('welcome.subtitle')}</p>
        </div>
        <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <NameFields form={form} disabled={changeName.isPending} />
          <Button type="submit" size="lg" loading={changeName.isPending}>
            {t('welcome.submit')}
          </Button>
        </form>
      </div>
    </AuthShell>
  );
}
