import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AudioLines } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { buttonClasses } from '@/components/ui/button';

export default function BrandVoicePage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col px-4 py-8 md:px-6">
      <EmptyState
        icon={<AudioLines className="size-6" aria-hidden />}
        title={t('brandVoice.emptyTitle')}
        text={t('brandVoice.emptyText')}
        action={
          <Link to="/brand-voice/new" className={buttonClasses('primary')}>
            {t('brandVoice.new')}
          </Link>
        }
        note={t('brandVoice.coming')}
      />
    </div>
  );
}
