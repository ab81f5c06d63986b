import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { BadgeCheck, Clock, Globe } from 'lucide-react';
import { ssoDomainNameSchema, type SsoDomain } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, fieldClasses } from '@/components/ui/input';
import { SettingsSection } from '@/components/ui/settings-section';
import { cn } from '@/components/ui/cn';
import { problemText, type Problem } from '@/lib/error-message';
import { useClaimDomain, useReleaseDomain, useVerifyDomain } from '../api/sso';

/** One claimed domain: verified, or the TXT record to publish and the button that looks it up now. */
function DomainRow({
  workspaceId,
  domain,
  onRelease,
}: {
  workspaceId: string;
  domain: SsoDomain;
  onRelease: () => void;
}) {
  const { t } = useTranslation();
  const verify = useVerifyDomain(workspaceId);
  const [problem, setProblem] = useState<Problem | null>(null);
  const verified = domain.verifiedAt !== null;
  const check = () => {
    setProblem(null);
    verify.mutate(domain.domain, {
      onSuccess: () => toast.success(t('ssoSettings.domains.verifiedToast', { domain: domain.domain })),
      onError: (error) => setProblem({ error, fallbackKey: 'ssoSettings.domains.verifyFailed' }),
    });
  };
  return (
    <li className="flex flex-col gap-3 p-4" data-testid="sso-domain">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{domain.domain}</span>
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs',
              verified ? 'bg-success/10 text-text' : 'bg-surface-muted text-text-muted',
            )}
          >
            {verified ? (
              <BadgeCheck className="size-3.5 text-success" aria-hidden />
            ) : (
              <Clock className="size-3.5" aria-hidden />
            )}
            {verified ? t('ssoSettings.domains.verified') : t('ssoSettings.domains.pending')}
          </span>
        </div>
        <div className="flex gap-2">
          {!verified && (
            <Button size="sm" onClick={check} loading={verify.isPending}>
              {t('ssoSettings.domains.verify')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            onClick={onRelease}
            aria-label={t('ssoSettings.domains.releaseLabel', { domain: domain.domain })}
          >
            {t('ssoSettings.domains.release')}
          </Button>
        </div>
      </div>
      {!verified && (
        <div className="flex flex-col gap-1.5">
          <p className="text-[13px] text-text-muted">
            {t('ssoSettings.domains.publish', { domain: domain.domain })}
          </p>
          <input
            readOnly
            value={domain.txtRecord}
            aria-label={t('ssoSettings.domains.txtRecord', { domain: domain.domain })}
            onFocus={(event) => event.target.select()}
            className={cn(fieldClasses, 'h-9 font-mono text-[12px]')}
          />
          {problem && (
            <p role="alert" className="text-[13px] text-danger">
              {problemText(t, problem)}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** The e-mail domains the workspace claims: adding one, verifying it by DNS, giving it up. */
export function DomainsSection({ workspaceId, domains }: { workspaceId: string; domains: SsoDomain[] }) {
  const { t } = useTranslation();
  const claim = useClaimDomain(workspaceId);
  const release = useReleaseDomain(workspaceId);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [releasing, setReleasing] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ssoDomainNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem({ key: name.trim() ? 'ssoSettings.domains.invalid' : 'validation.required' });
      return;
    }
    claim.mutate(parsed.data, {
      onSuccess: () => setName(''),
      onError: (error) => setProblem({ error, fallbackKey: 'ssoSettings.domains.claimFailed' }),
    });
  };

  const confirmRelease = (domain: string) =>
    release.mutate(domain, {
      onSuccess: () => {
        setReleasing(null);
        toast.success(t('ssoSettings.domains.released', { domain }));
      },
      onError: () => toast.error(t('ssoSettings.domains.releaseFailed')),
    });

  return (
    <SettingsSection
      id="sso-domains"
      title={t('ssoSettings.domains.title')}
      description={t('ssoSettings.domains.help')}
    >
      <div className="flex flex-col gap-4">
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <Input
              label={t('ssoSettings.domains.add')}
              labelHidden
              placeholder="example.com"
              spellCheck={false}
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (problem) setProblem(null);
              }}
              error={problemText(t, problem)}
            />
          </div>
          <Button type="submit" variant="secondary" loading={claim.isPending}>
            {t('ssoSettings.domains.add')}
          </Button>
        </form>
        {domains.length === 0 ? (
          <EmptyState
            icon={<Globe className="size-5" aria-hidden />}
            title={t('ssoSettings.domains.emptyTitle')}
            text={t('ssoSettings.domains.emptyText')}
          />
        ) : (
          <ul
            aria-label={t('ssoSettings.domains.title')}
            className="divide-y divide-border rounded-xl border border-border"
          >
            {domains.map((domain) => (
              <DomainRow
                key={domain.domain}
                workspaceId={workspaceId}
                domain={domain}
                onRelease={() => setReleasing(domain.domain)}
              />
            ))}
          </ul>
        )}
      </div>
      {releasing && (
        <ConfirmDialog
          onOpenChange={(open) => {
            if (!open) setReleasing(null);
          }}
          title={t('ssoSettings.domains.releaseTitle')}
          description={t('ssoSettings.domains.releaseText', { domain: releasing })}
          confirmLabel={t('ssoSettings.domains.release')}
          pending={release.isPending}
          onConfirm={() => confirmRelease(releasing)}
        />
      )}
    </SettingsSection>
  );
}
