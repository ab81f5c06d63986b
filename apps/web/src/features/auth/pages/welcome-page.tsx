import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import toast from 'react-hot-toast';
import { NameFields, useChangeName, useNameForm } from '@/features/profile';
import { Button } from '@/components/ui/button';
import { useSessionState } from '@/lib/session-store';
import { errorMessage } from '@/lib/error-message';
import { AuthShell } from '../components/auth-shell';

/** After registration: first and last name (spec §5 rules), then the chat. */
export default function WelcomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('welcome.tab'));
  const navigate = useNavigate();
  const { user } = useSessionState();
  const form = useNameForm({ firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' });
  const changeName = useChangeName();

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
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <NameFields form={form} disabled={changeName.isPending} />
          <Button type="submit" size="lg" loading={changeName.isPending}>
            {t('welcome.submit')}
          </Button>
        </form>
      </div>
    </AuthShell>
  );
}
