import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { SsoSettings } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SettingsSection } from '@/components/ui/settings-section';
import { problemText, type Problem } from '@/lib/error-message';
import { useSaveSso } from '../api/sso';

type Field = 'issuer' | 'clientId' | 'clientSecret';

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * The workspace's OpenID Connect provider: issuer, client id and secret, and the redirect URI to
 * register there. The saved secret is never shown; leaving the field empty keeps it.
 */
export function ProviderSection({ workspaceId, settings }: { workspaceId: string; settings: SsoSettings }) {
  const { t } = useTranslation();
  const save = useSaveSso(workspaceId);
  const [issuer, setIssuer] = useState(settings.provider?.issuer ?? '');
  const [clientId, setClientId] = useState(settings.provider?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [saveProblem, setSaveProblem] = useState<Problem | null>(null);
  const hasSecret = settings.provider?.hasClientSecret ?? false;

  const validate = () => {
    const found: Partial<Record<Field, Problem>> = {};
    if (!issuer.trim()) found.issuer = { key: 'validation.required' };
    else if (!isWebAddress(issuer.trim())) found.issuer = { key: 'ssoSettings.provider.issuerInvalid' };
    if (!clientId.trim()) found.clientId = { key: 'validation.required' };
    if (!hasSecret && !clientSecret.trim()) found.clientSecret = { key: 'validation.required' };
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setProblems(found);
    setSaveProblem(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        ...(clientSecret.trim() ? { clientSecret: clientSecret.trim() } : {}),
        enforced: settings.enforced,
      },
      {
        onSuccess: () => {
          setClientSecret('');
          toast.success(t('ssoSettings.provider.saved'));
        },
        onError: (error) => setSaveProblem({ error, fallbackKey: 'ssoSettings.provider.failed' }),
      },
    );
  };

  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    if (problems[field]) setProblems({ ...problems, [field]: undefined });
  };

  return (
    <SettingsSection
      id="sso-provider"
      title={t('ssoSettings.provider.title')}
      description={t('ssoSettings.provider.help')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Input
          label={t('ssoSettings.provider.redirectUri')}
          value={settings.redirectUri}
          readOnly
          hint={t('ssoSettings.provider.redirectUriHint')}
          onFocus={(event) => event.target.select()}
          className="font-mono text-[13px]"
        />
        <Input
          label={t('ssoSettings.provider.issuer')}
          type="url"
          inputMode="url"
          spellCheck={false}
          autoComplete="off"
          placeholder="https://login.example.com"
          value={issuer}
          onChange={(event) => edit('issuer', setIssuer)(event.target.value)}
          error={problemText(t, problems.issuer ?? null)}
        />
        <Input
          label={t('ssoSettings.provider.clientId')}
          spellCheck={false}
          autoComplete="off"
          value={clientId}
          onChange={(event) => edit('clientId', setClientId)(event.target.value)}
          error={problemText(t, problems.clientId ?? null)}
        />
        <Input
          label={t('ssoSettings.provider.clientSecret')}
          type="password"
          autoComplete="new-password"
          value={clientSecret}
          placeholder={hasSecret ? t('ssoSettings.provider.secretKept') : ''}
          hint={hasSecret ? t('ssoSettings.provider.secretKeptHint') : t('ssoSettings.provider.secretHint')}
          onChange={(event) => edit('clientSecret', setClientSecret)(event.target.value)}
          error={problemText(t, problems.clientSecret ?? null)}
        />
        {saveProblem && (
          <p role="alert" className="text-[13px] text-danger">
            {problemText(t, saveProblem)}
          </p>
        )}
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('ssoSettings.provider.save')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
