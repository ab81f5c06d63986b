import { useTranslation } from 'react-i18next';
import { FlaskConical } from 'lucide-react';
import { PremiumModelSwitch } from '../components/premium-model-switch';

/** Labs: experimental features; today the GPT-4 in Chat switch (paid members only). */
export default function LabsPage() {
  const { t } = useTranslation();
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
      <section className="rounded-xl border border-border p-4 md:p-6">
        <PremiumModelSwitch />
      </section>
    </div>
  );
}
