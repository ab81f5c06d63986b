import { useTranslation } from 'react-i18next';
import { governs } from '@redacta/shared/rules/roles';
import { Link } from 'react-router';
import { Building2, Lock } from 'lucide-react';
import { useSession } from '@/features/session';
import { displayName } from '@/features/workspaces';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SettingsSection } from '@/components/ui/settings-section';
import { Spinner } from '@/components/ui/spinner';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useScimSettings } from '../api/scim';
import { CopyField } from '@/components/ui/copy-field';
import { TokenSection } from '../components/token-section';
import { AdminGroupsSection } from '../components/admin-groups-section';

/** What a member finds here: who manages provisioning, and no controls. */
function OwnerOnly({ owner }: { owner: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-muted text-text-muted">
        <Lock className="size-5" aria-hidden />
      </span>
      <h2 className="text-base font-semibold">{t('scimSettings.ownerOnlyTitle')}</h2>
      <p className="max-w-md text-text-muted">{t('scimSettings.ownerOnlyText', { owner })}</p>
    </div>
  );
}

/** The owner's settings: the base URL and the token, or, off Enterprise, what the plan would give. */
function OwnerSettings({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const settings = useScimSettings(workspaceId);
  if (settings.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('scimSettings.loading')} />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <LoadError
        message={t('scimSettings.fetchFailed')}
        retryLabel={t('scimSettings.retry')}
        retrying={settings.isRefetching}
        onRetry={() => void settings.refetch()}
        className="py-8"
      />
    );
  }
  if (!settings.data.available) {
    return (
      <EmptyState
        icon={<Building2 className="size-5" aria-hidden />}
        title={t('scimSettings.enterpriseOnlyTitle')}
        text={t('scimSettings.enterpriseOnlyText')}
        action={
          <Link to="/subscription" className={buttonClasses('primary')}>
            {t('scimSettings.seePlans')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <SettingsSection
        id="scim-connection"
        title={t('scimSettings.connection.title')}
        description={t('scimSettings.connection.help')}
      >
        <CopyField
          value={settings.data.baseUrl}
          label={t('scimSettings.connection.baseUrl')}
          testId="scim-base-url"
        />
      </SettingsSection>
      <TokenSection workspaceId={workspaceId} token={settings.data.token} />
      <AdminGroupsSection workspaceId={workspaceId} adminGroups={settings.data.adminGroups} />
    </>
  );
}

/**
 * /settings/scim: how the workspace's identity provider (Entra ID, Okta…) creates, updates and
 * removes its members (docs/product.md, "SCIM provisioning"). Its owner copies the base URL and makes,
 * rotates and revokes the token here; anyone else is told who can.
 */
export default function ScimSettingsPage() {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  // The mobile header already shows the page's title: the heading stays for screen readers only.
  const isMobile = useMediaQuery(MOBILE_QUERY);
  if (!user || !workspace) return null;
  const governing = governs(workspace, user.id);

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex flex-col gap-1">
        <h1 className={cn('text-xl font-semibold', isMobile && 'sr-only')}>{t('scimSettings.title')}</h1>
        <p className="text-text-muted">{t('scimSettings.intro', { workspace: workspace.name })}</p>
      </div>
      {governing ? (
        <OwnerSettings key={workspace.id} workspaceId={workspace.id} />
      ) : (
        <OwnerOnly owner={displayName(workspace.owner)} />
      )}
    </div>
  );
}
