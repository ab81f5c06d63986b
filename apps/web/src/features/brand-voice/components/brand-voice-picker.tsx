import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioLines } from 'lucide-react';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { useBrandVoiceChoice } from '../use-active-brand-voice';

const NONE = '';

/** The chat composer's voice select: "no brand voice" or one of the workspace's voices, the default preselected. */
export function BrandVoicePicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { data, isPending, isError, activeBrandVoiceId, pick } = useBrandVoiceChoice();
  const hint = isPending ? t('common.loading') : isError ? t('brandVoice.toasts.fetchFailed') : undefined;
  return (
    <div className={cn('flex min-w-0 items-center gap-1.5', className)} title={hint}>
      <label htmlFor={id} className="flex shrink-0 items-center text-text-muted">
        <AudioLines className="size-4" aria-hidden />
        <span className="sr-only">{t('brandVoice.picker')}</span>
      </label>
      <select
        id={id}
        value={activeBrandVoiceId ?? NONE}
        disabled={isPending}
        aria-busy={isPending || undefined}
        onChange={(event) => pick(event.target.value === NONE ? null : event.target.value)}
        className={cn(fieldClasses, 'h-8 w-auto max-w-52 min-w-0 truncate py-0 pr-8 text-[13px] md:max-w-72')}
      >
        <option value={NONE}>{t('brandVoice.none')}</option>
        {data?.map((voice) => (
          <option key={voice.id} value={voice.id}>
            {voice.isDefault ? t('brandVoice.pickerDefault', { name: voice.name }) : voice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
