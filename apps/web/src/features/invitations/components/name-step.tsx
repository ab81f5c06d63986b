import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { UserRound } from 'lucide-react';
import type { SessionUser } from '@redacta/shared';
import { NameFields, useChangeName, useNameForm } from '@/features/profile';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { InvitationPanel } from './invitation-panel';

/**
 * A new account joining through an invitation finishes registration here (first and last name, as on
 * /welcome), so the invitation page carries on to the workspace without a detour.
 */
export function NameStep({
  user,
  workspaceName,
  onSubmitted,
}: {
  user: SessionUser;
  workspaceName: string;
  /** Runs as a valid name is sent; once saved, the session's user has it and this step gives way. */
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const form = useNameForm({ firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
  const changeName = useChangeName();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid) return;
    onSubmitted();
    changeName.mutate(form.trimmed(), {
      onError: (error) => toast.error(errorMessage(t, error, { fallbackKey: 'toasts.nameChangeFailed' })),
    });
  };

  return (
    <InvitationPanel icon={<UserRound className="size-6" aria-hidden />} title={t('welcome.title')}>
      <p className="text-text-muted">{t('invitation.nameText', { workspace: workspaceName })}</p>
      <form onSubmit={submit} noValidate className="flex w-full flex-col gap-4">
        <NameFields form={form} disabled={changeName.isPending} />
        <Button type="submit" size="lg" loading={changeName.isPending}>
          {t('invitation.join', { workspace: workspaceName })}
        </Button>
      </form>
    </InvitationPanel>
  );
}
