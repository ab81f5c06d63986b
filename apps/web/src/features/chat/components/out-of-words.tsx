import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { WorkspaceUsage } from '@redacta/shared';
import { UpgradeModal } from '@/features/subscription';
import { Button } from '@/components/ui/button';
import { longDate } from '@/lib/format-date';

/** "You have no words remaining!" with an upgrade prompt, when the free allowance is used up. */
export function OutOfWords({ usage }: { usage: WorkspaceUsage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (usage.remaining !== 0) return null;
  const reset = longDate(usage.resetsAt);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-warning/50 bg-warning/10 p-4"
    >
      <AlertTriangle className="size-5 shrink-0 text-amber-800 dark:text-amber-300" aria-hidden />
      <div className="min-w-48 flex-1">
        <p className="font-semibold">{t('chat.noWords')}</p>
        <p className="text-[13px] text-text-muted">{t('chat.noWordsText', { date: reset })}</p>
      </div>
      <Button onClick={() => setOpen(true)}>{t('sidebar.upgrade')}</Button>
      <UpgradeModal open={open} onOpenChange={setOpen} />
    </div>
  );
}
