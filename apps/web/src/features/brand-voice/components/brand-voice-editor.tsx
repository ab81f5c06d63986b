import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { ArrowLeft } from 'lucide-react';
import { BRAND_VOICE_NAME_MAX_LENGTH, BRAND_VOICE_TEXT_MAX_LENGTH, type BrandVoice } from '@redacta/shared';
import { Input, Textarea } from '@/components/ui/input';
import { Button, buttonClasses } from '@/components/ui/button';
import { useCreateOnce } from '@/lib/use-create-once';
import { useUnsavedChanges } from '@/features/unsaved-changes';
import { useCreateBrandVoice, useUpdateBrandVoice } from '../api/use-save-brand-voice';
import { brandVoiceError } from '../error-text';
import { SampleAnalysis } from './sample-analysis';
import { TipsPanel } from './tips-panel';

/**
 * The brand voice editor: name, voice text, default checkbox, analyse / redo analysis, tips. Leaving
 * it with changes not saved asks first (features/unsaved-changes).
 */
export function BrandVoiceEditor({ workspaceId, voice }: { workspaceId: string; voice?: BrandVoice }) {
  const { t } = useTranslation();
  const create = useCreateBrandVoice(workspaceId);
  // One voice per save, however often Save is clicked or retried (lib/use-create-once.ts).
  const once = useCreateOnce();
  const update = useUpdateBrandVoice(workspaceId);
  const [name, setName] = useState(voice?.name ?? '');
  const [text, setText] = useState(voice?.voice ?? '');
  const [isDefault, setIsDefault] = useState(voice?.isDefault ?? false);
  const [touched, setTouched] = useState(false);
  const nameMissing = name.trim() === '';
  const pending = create.isPending || update.isPending;
  const [sampleTyped, setSampleTyped] = useState(false);
  const dirty =
    sampleTyped ||
    name !== (voice?.name ?? '') ||
    text !== (voice?.voice ?? '') ||
    isDefault !== (voice?.isDefault ?? false);
  const unsaved = useUnsavedChanges(dirty);

  const done = (messageKey: string) => {
    toast.success(t(messageKey));
    unsaved.leave('/brand-voice');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameMissing) return;
    const body = { name: name.trim(), voice: text.trim(), isDefault };
    if (!voice) {
      const id = once.start();
      if (!id) return;
      create.mutate(
        { id, ...body },
        {
          onSuccess: () => {
            once.settle(true);
            done('brandVoice.toasts.created');
          },
          onError: (error) => {
            once.settle(false);
            toast.error(brandVoiceError(t, error, 'brandVoice.toasts.createFailed'));
          },
        },
      );
      return;
    }
    const changes = Object.fromEntries(
      Object.entries(body).filter(([key, value]) => voice[key as keyof typeof body] !== value),
    );
    if (Object.keys(changes).length === 0) return unsaved.leave('/brand-voice');
    update.mutate(
      { id: voice.id, ...changes },
      {
        onSuccess: () => done('brandVoice.toasts.edited'),
        onError: (error) => toast.error(brandVoiceError(t, error, 'brandVoice.toasts.editFailed')),
      },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-6 px-4 py-6 md:px-6 md:py-8">
      <div>
        <Link
          to="/brand-voice"
          className="inline-flex items-center gap-1.5 text-[13px] text-text-muted hover:text-primary"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t('brandVoice.back')}
        </Link>
        <h1 className="mt-2 text-xl font-semibold break-words">
          {voice ? t('brandVoice.editTitle', { name: voice.name }) : t('brandVoice.newTitle')}
        </h1>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_300px]">
        <form className="flex min-w-0 flex-col gap-5" onSubmit={submit} noValidate>
          <Input
            label={t('brandVoice.name')}
            value={name}
            maxLength={BRAND_VOICE_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && nameMissing ? t('validation.required') : null}
            required
          />
          <SampleAnalysis workspaceId={workspaceId} onAnalysed={setText} onSampleTyped={setSampleTyped} />
          <Textarea
            label={t('brandVoice.text')}
            rows={12}
            value={text}
            maxLength={BRAND_VOICE_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('brandVoice.voicePlaceholder')}
            hint={t('brandVoice.voiceHint')}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={isDefault}
              onChange={(event) => setIsDefault(event.target.checked)}
              className="size-4 accent-[var(--c-primary)]"
            />
            {t('brandVoice.default')}
          </label>
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Link to="/brand-voice" className={buttonClasses('secondary')}>
              {t('common.cancel')}
            </Link>
            <Button type="submit" loading={pending}>
              {t('brandVoice.save')}
            </Button>
          </div>
        </form>
        <TipsPanel />
      </div>
      {unsaved.dialog}
    </div>
  );
}
