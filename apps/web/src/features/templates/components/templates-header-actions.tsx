import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/** The page header's action: a new template. */
export function TemplatesHeaderActions({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/templates/new"
      className={buttonClasses('primary', compact ? 'sm' : 'md')}
      aria-label={compact ? t('templates.new') : undefined}
      title={compact ? t('templates.new') : undefined}
    >
      <Plus className="size-4" aria-hidden />
      {!compact && t('templates.new')}
    </Link>
  );
}
