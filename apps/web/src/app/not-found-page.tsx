import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <EmptyState
        icon={<SearchX className="size-6" aria-hidden />}
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Link to="/chat" className={buttonClasses('primary')}>
            {t('notFound.action')}
          </Link>
        }
      />
    </div>
  );
}
