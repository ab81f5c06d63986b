import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';

const iconButton =
  'rounded-lg p-2 text-text-muted hover:bg-surface-muted hover:text-text disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-primary';

/** Move a row of an editable list up or down, or remove it; each button names the row it acts on. */
export function RowControls({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const up = t('templates.editor.moveUp', { name });
  const down = t('templates.editor.moveDown', { name });
  const remove = t('templates.editor.remove', { name });
  return (
    <div className="flex shrink-0 items-center">
      <button
        type="button"
        className={iconButton}
        aria-label={up}
        title={up}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUp className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={down}
        title={down}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown className="size-4" aria-hidden />
      </button>
      <button type="button" className={iconButton} aria-label={remove} title={remove} onClick={onRemove}>
        <Trash2 className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/** The list with one item moved to `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
