import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { AlertTriangle, Sparkles } from 'lucide-react';
import {
  BRAND_VOICE_SAMPLE_HARD_MAX_WORDS as HARD_MAX,
  BRAND_VOICE_SAMPLE_MAX_WORDS as MAX,
  BRAND_VOICE_SAMPLE_MIN_WORDS as MIN,
  sampleLengthWarning,
} from '@redacta/shared';
import { countWords } from '@redacta/shared/rules/words';
import { Textarea } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/tooltip';
import { cn } from '@/components/ui/cn';
import { useAnalyzeContent } from '../api/use-analyze-content';
import { brandVoiceError } from '../error-text';

/**
 * A sample of the brand's copy, its live word count against the recommended 50–500 words
 * (docs/product.md, Limits), and
 * Analyse / Redo analysis, which hands the resulting voice description to the editor.
 */
export function SampleAnalysis({
  workspaceId,
  onAnalysed,
  onSampleTyped,
}: {
  workspaceId: string;
  onAnalysed: (voice: string) => void;
  /** Whether a sample is typed, which leaving the editor would lose. */
  onSampleTyped?: (typed: boolean) => void;
}) {
  const { t } = useTranslation();
  const statusId = useId();
  const analyse = useAnalyzeContent();
  const [sample, setSample] = useState('');
  const [analysed, setAnalysed] = useState(false);
  const words = countWords(sample);
  const warning = words > 0 ? sampleLengthWarning(words) : null;
  const blocked =
    words === 0 ? t('brandVoice.sampleEmpty') : words > HARD_MAX ? t('brandVoice.sampleTooLong') : null;

  const run = () =>
    analyse.mutate(
      { workspaceId, text: sample },
      {
        onSuccess: (result) => {
          setAnalysed(true);
          onAnalysed(result.voice);
        },
        onError: (error) => toast.error(brandVoiceError(t, error, 'brandVoice.toasts.analysisFailed')),
      },
    );

  const label = analysed ? t('brandVoice.redoAnalysis') : t('brandVoice.analyse');
  const button = (
    <Button
      variant="secondary"
      loading={analyse.isPending}
      disabled={blocked !== null}
      onClick={run}
      aria-describedby={statusId}
      icon={<Sparkles className="size-4" aria-hidden />}
    >
      {label}
    </Button>
  );

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{t('brandVoice.sampleTitle')}</legend>
      <p className="-mt-1 text-[13px] text-text-muted">{t('brandVoice.sampleHelp')}</p>
      <Textarea
        label={t('brandVoice.sample')}
        rows={8}
        value={sample}
        onChange={(event) => {
          setSample(event.target.value);
          onSampleTyped?.(event.target.value.trim() !== '');
        }}
        placeholder={t('brandVoice.textPlaceholder')}
        hint={
          <span
            className={cn(warning && 'font-medium text-amber-800 dark:text-amber-300')}
            data-testid="sample-word-count"
          >
            {t('brandVoice.wordCount', { count: words, min: MIN, max: MAX })}
          </span>
        }
      />
      {warning && (
        <p role="status" className="flex items-start gap-2 text-[13px] text-amber-800 dark:text-amber-300">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t(warning === 'TOO_SHORT' ? 'brandVoice.tooShort' : 'brandVoice.tooLong', { min: MIN, max: MAX })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {blocked ? <DisabledHint reason={blocked}>{button}</DisabledHint> : button}
        <span id={statusId} aria-live="polite" className="text-[13px] text-text-muted">
          {analyse.isPending ? t('brandVoice.analysing') : analysed ? t('brandVoice.analysed') : ''}
        </span>
      </div>
    </fieldset>
  );
}
