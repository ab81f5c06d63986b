import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useSession } from '@/features/session';
import { useUnsavedChanges } from '@/features/unsaved-changes';
import { DeleteAccountSection, YourDataSection } from '@/features/gdpr';
import { UserAvatar } from '@/components/ui/avatar';
import { SaveButton } from '@/components/ui/save-button';
import { SettingsSection } from '@/components/ui/settings-section';
import { useChangeName } from '../api/use-change-name';
import { NameFields, useNameForm } from '../components/name-fields';
import { EmailForm } from '../components/email-form';

export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const form = useNameForm({ firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' });
  const changeName = useChangeName();
  const unchanged =
    form.values.firstName.trim() === (user?.firstName ?? '') &&
    form.values.lastName.trim() === (user?.lastName ?? '');
  const [emailTyped, setEmailTyped] = useState(false);
  // A name typed and not saved, or a new address not yet confirmed, is not left without a question.
  const unsaved = useUnsavedChanges(!unchanged || emailTyped);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid) return;
    changeName.mutate(form.trimmed(), {
      onSuccess: () => toast.success(t('toasts.profileChanged')),
      onError: () => toast.error(t('toasts.nameChangeFailed')),
    });
  };

  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex items-center gap-4">
        <UserAvatar user={user} size="lg" />
        <div className="min-w-0">
          <h1 className="text-xl font-semibold">{t('profile.title')}</h1>
          <p className="truncate text-text-muted">{user.email}</p>
        </div>
      </div>
      <SettingsSection id="name" title={t('profile.nameSection')} description={t('profile.nameHelp')}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <NameFields form={form} disabled={changeName.isPending} />
          </div>
          <div className="flex justify-end">
            <SaveButton loading={changeName.isPending} unchanged={unchanged} />
          </div>
        </form>
      </SettingsSection>
      <SettingsSection id="email" title={t('profile.emailSection')} description={t('profile.emailHelp')}>
        <EmailForm currentEmail={user.email} onTyped={setEmailTyped} />
      </SettingsSection>
      <YourDataSection />
      <DeleteAccountSection />
      {unsaved.dialog}
    </div>
  );
}
