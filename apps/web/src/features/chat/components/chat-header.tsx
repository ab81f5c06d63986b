import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/tooltip';

/** Spec §4: the default project title is a date plus "Sin título". Renaming lands with projects. */
export function ChatTitle() {
  const { t, i18n } = useTranslation();
  const date = new Date().toLocaleDateString(i18n.language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return <h1 className="truncate text-lg font-semibold text-text">{t('chat.untitled', { date })}</h1>;
}

/** New project lands with the projects issue: the button is shown, disabled, and says why. */
export function ChatHeaderActions({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const reason = t('chat.newProjectComing');
  return (
    <DisabledHint reason={reason}>
      {compact ? (
        <Button variant="ghost" size="sm" disabled aria-label={t('chat.newProject')} className="px-2">
          <Plus className="size-5" aria-hidden />
        </Button>
      ) : (
        <Button variant="secondary" disabled icon={<Plus className="size-4" aria-hidden />}>
          {t('chat.newProject')}
        </Button>
      )}
    </DisabledHint>
  );
}
