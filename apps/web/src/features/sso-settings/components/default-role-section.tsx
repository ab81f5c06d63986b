import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { AssignableRole, SsoSettings } from '@redacta/shared';
import { SelectField } from '@/components/ui/select-field';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { useSaveSso } from '../api/sso';

/**
 * The role a person's first sign-in through the provider joins with (docs/product.md, "Single
 * sign-on"): member unless an admin is chosen. It is saved with the provider, so it needs one.
 */
export function DefaultRoleSection({
  workspaceId,
  settings,
}: {
  workspaceId: string;
  settings: SsoSettings;
}) {
  const { t } = useTranslation();
  const save = useSaveSso(workspaceId);
  const { provider } = settings;
  const value = save.isPending ? (save.variables?.defaultRole ?? settings.defaultRole) : settings.defaultRole;

  const choose = (defaultRole: AssignableRole) => {
    if (!provider || defaultRole === settings.defaultRole) return;
    save.mutate(
      { issuer: provider.issuer, clientId: provider.clientId, enforced: settings.enforced, defaultRole },
      {
        onSuccess: (saved) =>
          toast.success(
            t(saved.defaultRole === 'admin' ? 'ssoSettings.role.savedAdmin' : 'ssoSettings.role.savedMember'),
          ),
        onError: (error) => toast.error(errorMessage(t, error, { fallbackKey: 'ssoSettings.role.failed' })),
      },
    );
  };

  return (
    <SettingsSection id="sso-role" title={t('ssoSettings.role.title')}>
      {provider ? (
        <SelectField<AssignableRole>
          label={t('ssoSettings.role.label')}
          hint={t('ssoSettings.role.help')}
          value={value}
          options={[
            { value: 'member', label: t('ssoSettings.role.member') },
            { value: 'admin', label: t('ssoSettings.role.admin') },
          ]}
          onChange={choose}
          className="max-w-sm"
        />
      ) : (
        <p className="text-[13px] text-text-muted">{t('ssoSettings.role.needsProvider')}</p>
      )}
    </SettingsSection>
  );
}
