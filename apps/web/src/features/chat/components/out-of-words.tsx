import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { WorkspaceUsage } from '@redacta/shared';
import { UpgradeModal } from '@/features/subscription';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { longDate } from '@/lib/format-date';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';

/**
 * "You have no words remaining!" with an upgrade prompt, when the free allowance is used up: the one
 * out-of-words notice of the chat (the words meter steps aside). On a phone it is one compact row, the
 * date the words come back under its title, so the conversation keeps the screen.
 */
export function OutOfWords({ usage }: { usage: WorkspaceUsage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const phone = useMediaQuery(MOBILE_QUERY);
  if (usage.remaining !== 0) return null;
  const reset = longDate(usage.resetsAt);
  return (
    <div
      role="status"
      className={cn(
        'flex items-center rounded-xl border border-warning/50 bg-warning/10',
        phone ? 'gap-2 px-3 py-2' : 'flex-wrap gap-3 p-4',
      )}
    >
      {!phone && <AlertTriangle className="size-5 shrink-0 text-amber-800 dark:text-amber-300" aria-hidden />}
      <div className={cn('flex-1', phone ? 'min-w-0' : 'min-w-48')}>
        <p className={cn('font-semibold', phone && 'text-sm')}>{t('chat.noWords')}</p>
        <p className={cn('text-text-muted', phone ? 'text-xs' : 'text-[13px]')}>
          {phone ? t('chat.noWordsBack', { date: reset }) : t('chat.noWordsText', { date: reset })}
        </p>
      </div>
      <Button size={phone ? 'sm' : 'md'} className="shrink-0" onClick={() => setOpen(true)}>
        {t('sidebar.upgrade')}
      </Button>
      <UpgradeModal open={open} onOpenChange={setOpen} />
    </div>
  );
}
