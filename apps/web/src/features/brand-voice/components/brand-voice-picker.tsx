import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioLines } from 'lucide-react';
import { compactSelectClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { useBrandVoiceChoice } from '../use-active-brand-voice';

const NONE = '';

/**
 * The chat composer's voice select: "no brand voice" or one of the workspace's voices, the default
 * preselected. It is as wide as the chosen text, so "no brand voice" and a voice's name show whole;
 * where the composer's row has no room left it moves to the next row rather than cutting its text.
 * The chosen voice shows by its name alone (the default's mark is for the list, where it helps to
 * choose), and a name longer than the select's 15rem is one hover away.
 */
export function BrandVoicePicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { data, isPending, isError, activeBrandVoiceId, pick } = useBrandVoiceChoice();
  const hint = isPending ? t('common.loading') : isError ? t('brandVoice.toasts.fetchFailed') : undefined;
  const chosen = data?.find((voice) => voice.id === activeBrandVoiceId);
  return (
    <div className={cn('flex flex-none items-center gap-1.5', className)} title={hint}>
      <label htmlFor={id} className="flex shrink-0 items-center text-text-muted">
        <AudioLines className="size-4" aria-hidden />
        <span className="sr-only">{t('brandVoice.picker')}</span>
      </label>
      <select
        id={id}
        value={activeBrandVoiceId ?? NONE}
        disabled={isPending}
        aria-busy={isPending || undefined}
        title={hint ? undefined : (chosen?.name ?? t('brandVoice.none'))}
        onChange={(event) => pick(event.target.value === NONE ? null : event.target.value)}
        className={compactSelectClasses}
      >
        <option value={NONE}>{t('brandVoice.none')}</option>
        {data?.map((voice) => (
          <option key={voice.id} value={voice.id}>
            {voice.isDefault && voice.id !== activeBrandVoiceId
              ? t('brandVoice.pickerDefault', { name: voice.name })
              : voice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
