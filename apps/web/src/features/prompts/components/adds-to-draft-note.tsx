import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';

/** Beside "Usar prompt" when the composer already holds text: nothing of it will be lost. */
export function AddsToDraftNote() {
  const { t } = useTranslation();
  return (
    <p className="mr-auto flex min-w-0 flex-1 basis-56 items-start gap-1.5 text-xs text-text-muted">
      <Info className="mt-px size-3.5 shrink-0" aria-hidden />
      {t('prompts.addsToDraft')}
    </p>
  );
}
