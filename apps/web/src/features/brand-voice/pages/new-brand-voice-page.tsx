import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Info, Lightbulb } from 'lucide-react';
import { countWords } from '@redacta/shared/rules/words';
import { Input, Textarea } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/tooltip';
import { cn } from '@/components/ui/cn';

/** Spec §5: 50–500 words recommended for the analysis. */
const MIN_WORDS = 50;
const MAX_WORDS = 500;

/** The editor's fields and the live word count; saving and analysis land with the brand-voice issue. */
export default function NewBrandVoicePage() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const words = countWords(text);
  const inRange = words >= MIN_WORDS && words <= MAX_WORDS;

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-6 px-4 py-8 md:px-6">
      <div>
        <Link
          to="/brand-voice"
          className="inline-flex items-center gap-1.5 text-[13px] text-text-muted hover:text-primary"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t('brandVoice.back')}
        </Link>
        <h1 className="mt-2 text-xl font-semibold">{t('brandVoice.newTitle')}</h1>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_300px]">
        <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
          <Input
            label={t('brandVoice.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={80}
          />
          <Textarea
            label={t('brandVoice.text')}
            rows={10}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('brandVoice.textPlaceholder')}
            hint={
              <span className={cn(text && !inRange && 'text-warning')} aria-live="polite">
                {t('brandVoice.wordCount', { words, min: MIN_WORDS, max: MAX_WORDS })}
              </span>
            }
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-[var(--c-primary)]" />
            {t('brandVoice.default')}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <DisabledHint reason={t('brandVoice.coming')}>
              <Button disabled>{t('brandVoice.analyse')}</Button>
            </DisabledHint>
            <DisabledHint reason={t('brandVoice.coming')}>
              <Button variant="secondary" disabled>
                {t('brandVoice.save')}
              </Button>
            </DisabledHint>
          </div>
          <p className="flex items-center gap-1.5 text-xs text-text-muted">
            <Info className="size-3.5" aria-hidden />
            {t('brandVoice.coming')}
          </p>
        </form>
        <aside
          className="h-fit rounded-xl border border-border bg-surface-muted p-4"
          aria-labelledby="tips-title"
        >
          <h2 id="tips-title" className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-4 text-primary" aria-hidden />
            {t('brandVoice.tipsTitle')}
          </h2>
          <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-[13px] text-text-muted">
            <li>{t('brandVoice.tips.t1', { min: MIN_WORDS, max: MAX_WORDS })}</li>
            <li>{t('brandVoice.tips.t2')}</li>
            <li>{t('brandVoice.tips.t3')}</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
