import { useTranslation } from 'react-i18next';
import { FolderInput, Trash2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The selected count with delete and move-to-folder for the whole selection. It floats at the bottom
 * of the window instead of taking a place in the page, so ticking the first project moves nothing:
 * the list stays where it was under the pointer (the page leaves room below its end, see
 * SELECTION_BAR_ROOM). First in the page's order, it is the next stop for the keyboard too.
 */
/** Room left below the page's end while the bar shows, so it never covers the last project. */
export const SELECTION_BAR_ROOM = 'pb-28 md:pb-20';

export function SelectionBar({
  count,
  onMove,
  onDelete,
  onClear,
}: {
  count: number;
  onMove: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label={t('projects.selectedCount', { count })}
      data-testid="selection-bar"
      className="fixed bottom-3 left-1/2 z-30 flex w-[min(720px,calc(100vw-1.5rem))] -translate-x-1/2 flex-wrap items-center gap-2 rounded-xl border border-border bg-surface px-3 py-2 shadow-lg"
    >
      <div className="flex min-w-0 flex-1 basis-52 items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          aria-label={t('projects.clearSelection')}
          title={t('projects.clearSelection')}
          onClick={onClear}
        >
          <X className="size-4" aria-hidden />
        </Button>
        <p className="min-w-0 text-sm font-medium">{t('projects.selectedCount', { count })}</p>
      </div>
      <div className="ml-auto flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          icon={<FolderInput className="size-4" aria-hidden />}
          onClick={onMove}
        >
          {t('projects.moveToFolder')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<Trash2 className="size-4 text-danger" aria-hidden />}
          onClick={onDelete}
        >
          {t('projects.delete')}
        </Button>
      </div>
    </div>
  );
}
