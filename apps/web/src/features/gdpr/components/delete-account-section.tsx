import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Trash2 } from 'lucide-react';
import { useLogout } from '@/features/session';
import { Button } from '@/components/ui/button';
import { SettingsSection } from '@/components/ui/settings-section';
import { DeleteAccountDialog } from './delete-account-dialog';

/** "Eliminar mi cuenta", in the profile: the dialog warns, asks about owned workspaces, then the code. */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const deleted = () => {
    setOpen(false);
    toast.success(t('gdpr.account.deleted'));
    void logout();
  };
  return (
    <SettingsSection id="delete-account" title={t('gdpr.account.title')} description={t('gdpr.account.help')}>
      <Button variant="danger" icon={<Trash2 className="size-4" aria-hidden />} onClick={() => setOpen(true)}>
        {t('gdpr.account.open')}
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} onDeleted={deleted} />
    </SettingsSection>
  );
}
