import { useTranslation } from 'react-i18next';
import type { StorageUsage as Usage } from '@redacta/shared';
import { storageSize } from '../lib/format';
import { UsageBar } from './usage-bar';

/** The workspace's storage: used of the plan's quota with a bar, what counts, and what to do when full. */
export function StorageUsage({ usage }: { usage: Usage }) {
  const { t } = useTranslation();
  const full = usage.usedBytes >= usage.limitBytes;
  return (
    <div className="flex flex-col gap-2" data-testid="storage-usage">
      <p className="text-sm">
        {t('subscription.storageUsed', {
          used: storageSize(usage.usedBytes),
          limit: storageSize(usage.limitBytes),
        })}
      </p>
      <UsageBar value={usage.usedBytes} max={usage.limitBytes} label={t('subscription.storage')} />
      <p className={full ? 'text-xs text-danger' : 'text-xs text-text-muted'}>
        {t(full ? 'subscription.storageFull' : 'subscription.storageHint')}
      </p>
    </div>
  );
}
