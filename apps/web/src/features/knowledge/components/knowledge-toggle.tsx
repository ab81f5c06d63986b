import { useTranslation } from 'react-i18next';
import { BookOpen } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Tooltip } from '@/components/ui/tooltip';

/**
 * The composer's knowledge switch: pressed, the reply is written from the workspace's knowledge and
 * cites it. The composer shows it only when the workspace has a source ready.
 */
export function KnowledgeToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip content={on ? t('knowledge.toggle.on') : t('knowledge.toggle.off')}>
      <button
        type="button"
        aria-pressed={on}
        onClick={() => onChange(!on)}
        className={cn(
          buttonClasses('ghost', 'sm'),
          on && 'bg-primary-soft text-primary hover:bg-primary-soft',
        )}
      >
        <BookOpen className="size-4" aria-hidden />
        <span className="max-sm:sr-only">{t('knowledge.toggle.label')}</span>
      </button>
    </Tooltip>
  );
}
