import { useTranslation } from 'react-i18next';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Button } from '@/components/ui/button';

/** The error state of a load that failed (the toast already said which): try again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center px-4 py-12">
      <EmptyState
        icon={<TriangleAlert className="size-6" aria-hidden />}
        title={title}
        action={
          <Button variant="secondary" onClick={onRetry} icon={<RotateCw className="size-4" aria-hidden />}>
            {t('chat.retry')}
          </Button>
        }
      />
    </div>
  );
}
