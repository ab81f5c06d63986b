import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import type { ApiKey } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { shortDate } from '@/lib/format-date';

/** A date in the list, or the words for none ("never used", "no expiry"). */
function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex gap-1.5 sm:flex-col sm:gap-0">
      <dt className="text-text-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * One key: its name, the start of it that tells it apart (`rdk_…`), its scopes, who made it and
 * when, its last use and its expiry (an expired key says so, in `danger`), and revoke.
 */
export function KeyRow({ apiKey, now, onRevoke }: { apiKey: ApiKey; now: number; onRevoke: () => void }) {
  const { t } = useTranslation();
  const titleId = `api-key-${apiKey.id}`;
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= now;
  return (
    <li aria-labelledby={titleId} data-testid="api-key" className="flex flex-col gap-3 p-4 sm:flex-row">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-text-muted max-sm:hidden">
        <KeyRound className="size-4" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h3 id={titleId} className="font-medium break-words">
            {apiKey.name}
          </h3>
          <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-text-muted">
            {apiKey.prefix}…
          </code>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label={t('apiSettings.keys.scopesLabel')}>
          {apiKey.scopes.map((scope) => (
            <li
              key={scope}
              className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary"
            >
              {t(`apiSettings.scopes.${scope}`)}
            </li>
          ))}
        </ul>
        <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-3">
          <Fact label={t('apiSettings.keys.createdLabel')}>
            {apiKey.createdBy
              ? t('apiSettings.keys.createdBy', {
                  name: apiKey.createdBy.name,
                  date: shortDate(apiKey.createdAt),
                })
              : shortDate(apiKey.createdAt)}
          </Fact>
          <Fact label={t('apiSettings.keys.lastUsed')}>
            {apiKey.lastUsedAt ? shortDate(apiKey.lastUsedAt) : t('apiSettings.keys.neverUsed')}
          </Fact>
          <div className="flex gap-1.5 sm:flex-col sm:gap-0">
            <dt className="text-text-muted">{t('apiSettings.keys.expires')}</dt>
            <dd className={expired ? 'font-medium text-danger' : undefined}>
              {apiKey.expiresAt === null
                ? t('apiSettings.keys.noExpiry')
                : expired
                  ? t('apiSettings.keys.expired', { date: shortDate(apiKey.expiresAt) })
                  : shortDate(apiKey.expiresAt)}
            </dd>
          </div>
        </dl>
      </div>
      <div className="shrink-0 sm:self-start">
        <Button
          variant="secondary"
          size="sm"
          onClick={onRevoke}
          aria-label={t('apiSettings.keys.revoke.action', { name: apiKey.name })}
        >
          {t('apiSettings.keys.revoke.short')}
        </Button>
      </div>
    </li>
  );
}
