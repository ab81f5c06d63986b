import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { SsoSettings } from '@redacta/shared';
import { SettingsSection } from '@/components/ui/settings-section';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/error-message';
import { useSaveSso } from '../api/sso';

/**
 * "Require SSO": addresses of the verified domains then sign in only through the provider. It needs
 * a saved provider and a verified domain; until then the switch is off and says what is missing.
 */
export function EnforcementSection({
  workspaceId,
  settings,
}: {
  workspaceId: string;
  settings: SsoSettings;
}) {
  const { t } = useTranslation();
  const save = useSaveSso(workspaceId);
  const labelId = useId();
  const noteId = useId();
  const { provider } = settings;
  const verified = settings.domains.filter((domain) => domain.verifiedAt !== null);
  const missing = !provider
    ? t('ssoSettings.enforce.needsProvider')
    : verified.length === 0
      ? t('ssoSettings.enforce.needsDomain')
      : null;
  const on = save.isPending ? (save.variables?.enforced ?? settings.enforced) : settings.enforced;

  const toggle = () => {
    if (!provider) return;
    save.mutate(
      { issuer: provider.issuer, clientId: provider.clientId, enforced: !settings.enforced },
      {
        onSuccess: (saved) =>
          toast.success(t(saved.enforced ? 'ssoSettings.enforce.turnedOn' : 'ssoSettings.enforce.turnedOff')),
        onError: (error) =>
          toast.error(errorMessage(t, error, { fallbackKey: 'ssoSettings.enforce.failed' })),
      },
    );
  };

  return (
    <SettingsSection id="sso-enforce" title={t('ssoSettings.enforce.title')}>
      <div className="flex items-start justify-between gap-6">
        <div className="min-w-0">
          <p id={labelId} className="font-medium">
            {t('ssoSettings.enforce.label')}
          </p>
          <p id={noteId} className="mt-1 text-[13px] text-text-muted">
            {missing ??
              t('ssoSettings.enforce.help', { domains: verified.map((domain) => domain.domain).join(', ') })}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={noteId}
          aria-busy={save.isPending || undefined}
          disabled={(missing !== null && !settings.enforced) || save.isPending}
          onClick={toggle}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
            on ? 'bg-primary' : 'bg-border',
          )}
        >
          <span
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
    </SettingsSection>
  );
}
