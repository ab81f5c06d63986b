import { useTranslation } from 'react-i18next';
import { Lightbulb } from 'lucide-react';
import { BRAND_VOICE_SAMPLE_MAX_WORDS, BRAND_VOICE_SAMPLE_MIN_WORDS } from '@redacta/shared';

const tips = ['t1', 't2', 't3', 't4', 't5'] as const;

/** The editor's tips: what makes a good sample for the analysis. */
export function TipsPanel() {
  const { t } = useTranslation();
  return (
    <aside
      className="h-fit rounded-xl border border-border bg-surface-muted p-4"
      aria-labelledby="brand-voice-tips"
    >
      <h2 id="brand-voice-tips" className="flex items-center gap-2 font-semibold">
        <Lightbulb className="size-4 text-primary" aria-hidden />
        {t('brandVoice.tipsTitle')}
      </h2>
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-[13px] text-text-muted">
        {tips.map((tip) => (
          <li key={tip}>
            {t(`brandVoice.tips.${tip}`, {
              min: BRAND_VOICE_SAMPLE_MIN_WORDS,
              max: BRAND_VOICE_SAMPLE_MAX_WORDS,
            })}
          </li>
        ))}
      </ul>
    </aside>
  );
}
