import { useTranslation } from 'react-i18next';
import { governs } from '@redacta/shared/rules/roles';
import { Link } from 'react-router';
import { Building2, Lock } from 'lucide-react';
import { useSession } from '@/features/session';
import { displayName } from '@/features/workspaces';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LoadError } from '@/components/ui/load-error';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useSsoSettings } from '../api/sso';
import { DomainsSection } from '../components/domains-section';
import { EnforcementSection } from '../components/enforcement-section';
import { DefaultRoleSection } from '../components/default-role-section';
import { ProviderSection } from '../components/provider-section';

/** A notice in place of the settings: who manages them, or the plan they need. */
function Notice({
  icon,
  title,
  text,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-muted text-text-muted">
        {icon}
      </span>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="max-w-md text-text-muted">{text}</p>
      {action}
    </div>
  );
}

function SettingsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2].map((block) => (
        <div key={block} className="h-40 animate-pulse rounded-xl border border-border bg-surface-muted" />
      ))}
    </div>
  );
}

/**
 * /settings/sso: single sign-on for an Enterprise workspace (docs/product.md, "Single sign-on"). Its
 * owner sets the OpenID Connect provider, claims and verifies e-mail domains and requires SSO; on
 * another plan the page says Enterprise is needed, and anyone else is told who manages it.
 */
export default function SsoSettingsPage() {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const governing = Boolean(user && workspace && governs(workspace, user.id));
  const enterprise = workspace?.isEnterprise ?? false;
  const settings = useSsoSettings(workspace?.id ?? '', governing && enterprise);
  if (!user || !workspace) return null;

  let body: React.ReactNode;
  if (!governing) {
    body = (
      <Notice
        icon={<Lock className="size-5" aria-hidden />}
        title={t('ssoSettings.ownerOnlyTitle')}
        text={t('ssoSettings.ownerOnlyText', { owner: displayName(workspace.owner) })}
      />
    );
  } else if (!enterprise) {
    body = (
      <Notice
        icon={<Building2 className="size-5" aria-hidden />}
        title={t('ssoSettings.enterpriseTitle')}
        text={t('ssoSettings.enterpriseText')}
        action={
          <Link to="/subscription" className={buttonClasses('primary', 'md')}>
            {t('ssoSettings.seePlans')}
          </Link>
        }
      />
    );
  } else if (settings.isPending) {
    body = <SettingsSkeleton />;
  } else if (settings.isError) {
    body = (
      <LoadError
        message={t('ssoSettings.fetchFailed')}
        retryLabel={t('ssoSettings.retry')}
        retrying={settings.isRefetching}
        onRetry={() => void settings.refetch()}
        className="py-8"
      />
    );
  } else {
    body = (
      <>
        <ProviderSection
          key={`provider-${workspace.id}`}
          workspaceId={workspace.id}
          settings={settings.data}
        />
        <DomainsSection workspaceId={workspace.id} domains={settings.data.domains} />
        <EnforcementSection workspaceId={workspace.id} settings={settings.data} />
        <DefaultRoleSection workspaceId={workspace.id} settings={settings.data} />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex flex-col gap-1">
        <h1 className={cn('text-xl font-semibold', isMobile && 'sr-only')}>{t('ssoSettings.title')}</h1>
        <p className="text-text-muted">{t('ssoSettings.intro', { workspace: workspace.name })}</p>
      </div>
      {body}
    </div>
  );
}
