import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FlaskConical, Lock } from 'lucide-react';
import { useSession } from '@/features/session';
import { cn } from '@/components/ui/cn';

/** Spec §2 Labs: the GPT-4 in Chat toggle, for paid members only; switching lands with billing. */
export default function LabsPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const labelId = useId();
  const noteId = useId();
  if (!workspace) return null;
  const paid = workspace.isPro || workspace.isEnterprise;
  const on = workspace.isGpt4TurnedOn;

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <FlaskConical className="size-5" aria-hidden />
        </span>
        <div>
          <h1 className="flex items-center gap-2 text-xl font-semibold">
            {t('labs.title')}
            <span className="rounded-full bg-warning/15 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:text-amber-300">
              {t('profileMenu.experimental')}
            </span>
          </h1>
          <p className="text-text-muted">{t('labs.subtitle')}</p>
        </div>
      </div>
      <section className="flex items-start justify-between gap-6 rounded-xl border border-border p-4 md:p-6">
        <div>
          <h2 id={labelId} className="font-semibold">
            {t('labs.gpt4Title')}
          </h2>
          <p className="mt-1 text-[13px] text-text-muted">{t('labs.gpt4Text')}</p>
          <p id={noteId} className="mt-3 flex items-center gap-1.5 text-[13px] text-text-muted">
            <Lock className="size-3.5 shrink-0" aria-hidden />
            {paid ? t('labs.paidComing') : t('labs.paidOnly')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={noteId}
          disabled
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 cursor-not-allowed items-center rounded-full opacity-60 transition-colors',
            on ? 'bg-primary' : 'bg-border',
          )}
        >
          <span
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </button>
      </section>
    </div>
  );
}
