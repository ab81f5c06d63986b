import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages, Ruler, SlidersHorizontal } from 'lucide-react';
import {
  MAX_REPLY_VARIANTS,
  outputLanguages,
  REPLY_LENGTH_WORDS,
  replyLengths,
  writingTones,
} from '@redacta/shared';
import { compactSelectClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import type { WritingControls as Controls } from '../hooks/use-writing-controls';

const ANY = '';

function ControlSelect<T extends string>({
  label,
  icon,
  value,
  anyLabel,
  options,
  onChange,
}: {
  label: string;
  icon: React.ReactNode;
  value: T | undefined;
  anyLabel: string;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="flex shrink-0 items-center text-text-muted" title={label}>
        {icon}
        <span className="sr-only">{label}</span>
      </label>
      <select
        id={id}
        value={value ?? ANY}
        title={label}
        onChange={(event) => onChange(event.target.value === ANY ? undefined : (event.target.value as T))}
        className={compactSelectClasses}
      >
        <option value={ANY}>{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The composer's writing controls beside the brand voice: tone, length (with its word range), output
 * language, and how many versions of the reply to write ("Versiones: 1 · 2 · 3", a radio group the
 * arrow keys move through). On a phone they wait behind one button, so the composer leaves the screen
 * to the conversation; `shown` says whether that button has opened them (wider screens always show them).
 */
export function WritingControls({
  value,
  onChange,
  shown,
  onShownChange,
}: {
  value: Controls;
  onChange: (patch: Partial<Controls>) => void;
  shown: boolean;
  onShownChange: (shown: boolean) => void;
}) {
  const { t } = useTranslation();
  const versionsLabel = useId();
  const controlsId = useId();
  const chosen =
    [value.tone, value.length, value.language].filter(Boolean).length + (value.variants > 1 ? 1 : 0);
  return (
    <>
      <button
        type="button"
        className="flex h-8 items-center gap-1.5 rounded-lg px-2 text-[13px] text-text-muted hover:text-text focus-visible:outline-2 focus-visible:outline-primary md:hidden"
        aria-expanded={shown}
        aria-controls={controlsId}
        onClick={() => onShownChange(!shown)}
      >
        <SlidersHorizontal className="size-4" aria-hidden />
        {chosen > 0 ? t('chat.controls.toggleChosen', { n: chosen }) : t('chat.controls.toggle')}
      </button>
      <div id={controlsId} className={shown ? 'contents' : 'hidden md:contents'}>
        <ControlSelect
          label={t('chat.controls.tone')}
          icon={<SlidersHorizontal className="size-4" aria-hidden />}
          value={value.tone}
          anyLabel={t('chat.controls.anyTone')}
          options={writingTones.map((tone) => ({ value: tone, label: t(`chat.controls.tones.${tone}`) }))}
          onChange={(tone) => onChange({ tone })}
        />
        <ControlSelect
          label={t('chat.controls.length')}
          icon={<Ruler className="size-4" aria-hidden />}
          value={value.length}
          anyLabel={t('chat.controls.anyLength')}
          options={replyLengths.map((length) => ({
            value: length,
            label: t(`chat.controls.lengths.${length}`, REPLY_LENGTH_WORDS[length]),
          }))}
          onChange={(length) => onChange({ length })}
        />
        <ControlSelect
          label={t('chat.controls.language')}
          icon={<Languages className="size-4" aria-hidden />}
          value={value.language}
          anyLabel={t('chat.controls.anyLanguage')}
          options={outputLanguages.map((language) => ({
            value: language,
            label: t(`chat.controls.languages.${language}`),
          }))}
          onChange={(language) => onChange({ language })}
        />
        <div
          role="radiogroup"
          aria-labelledby={versionsLabel}
          className="flex items-center gap-1 text-[13px]"
        >
          <span id={versionsLabel} className="text-text-muted">
            {t('chat.controls.versions')}
          </span>
          {Array.from({ length: MAX_REPLY_VARIANTS }, (_, index) => index + 1).map((count) => (
            <label
              key={count}
              className={cn(
                'relative flex h-8 min-w-8 items-center justify-center rounded-lg border px-2 has-focus-visible:outline-2 has-focus-visible:outline-primary',
                value.variants === count
                  ? 'border-primary bg-primary-soft font-medium text-primary'
                  : 'border-border text-text-muted hover:text-text',
              )}
            >
              <input
                type="radio"
                name={versionsLabel}
                value={count}
                checked={value.variants === count}
                onChange={() => onChange({ variants: count })}
                // Over the whole button, invisible: a click anywhere on it picks it, as on any radio.
                className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
                aria-label={t('chat.controls.versionsCount', { count })}
              />
              <span aria-hidden>{count}</span>
            </label>
          ))}
        </div>
      </div>
    </>
  );
}
