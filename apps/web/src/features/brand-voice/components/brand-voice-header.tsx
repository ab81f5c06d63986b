import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/** The /brand-voice header's "new brand voice" button opens the editor. */
export function BrandVoiceHeaderActions({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  if (compact) {
    return (
      <Link
        to="/brand-voice/new"
        aria-label={t('brandVoice.new')}
        title={t('brandVoice.new')}
        className={buttonClasses('ghost', 'sm', 'px-2')}
      >
        <Plus className="size-5" aria-hidden />
      </Link>
    );
  }
  return (
    <Link to="/brand-voice/new" className={buttonClasses('primary')}>
      <Plus className="size-4" aria-hidden />
      {t('brandVoice.new')}
    </Link>
  );
}
