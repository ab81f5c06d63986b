import { useTranslation } from 'react-i18next';
import { governs } from '@redacta/shared/rules/roles';
import { ExternalLink, Lock } from 'lucide-react';
import { useSession } from '@/features/session';
import { displayName } from '@/features/workspaces';
import { cn } from '@/components/ui/cn';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { KeysSection } from '../components/keys-section';
import { WebhooksSection } from '../components/webhooks-section';

/** What a member finds here: who manages the workspace's API access, and no controls. */
function OwnerOnly({ owner }: { owner: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-muted text-text-muted">
        <Lock className="size-5" aria-hidden />
      </span>
      <h2 className="text-base font-semibold">{t('apiSettings.ownerOnlyTitle')}</h2>
      <p className="max-w-md text-text-muted">{t('apiSettings.ownerOnlyText', { owner })}</p>
    </div>
  );
}

/**
 * /settings/api: how programs reach the workspace and hear from it. Its owner makes and revokes API
 * keys and manages webhook endpoints here (docs/product.md, "Who may do what"); anyone else is told
 * who can.
 */
export default function ApiSettingsPage() {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  // The mobile header already shows the page's title: the heading stays for screen readers only.
  const isMobile = useMediaQuery(MOBILE_QUERY);
  if (!user || !workspace) return null;
  const governing = governs(workspace, user.id);

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex flex-col gap-1">
        <h1 className={cn('text-xl font-semibold', isMobile && 'sr-only')}>{t('apiSettings.title')}</h1>
        <p className="text-text-muted">
          {t('apiSettings.intro', { workspace: workspace.name })}{' '}
          <a
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-primary underline underline-offset-2"
          >
            {t('apiSettings.reference')}
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">{t('apiSettings.newTab')}</span>
          </a>
        </p>
      </div>
      {governing ? (
        <>
          <KeysSection key={`keys-${workspace.id}`} workspaceId={workspace.id} />
          <WebhooksSection key={`webhooks-${workspace.id}`} workspaceId={workspace.id} />
        </>
      ) : (
        <OwnerOnly owner={displayName(workspace.owner)} />
      )}
    </div>
  );
}
