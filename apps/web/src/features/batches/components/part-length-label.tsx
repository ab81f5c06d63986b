import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { PartLength } from '../lib/part-length';
import { cn } from '@/components/ui/cn';

/** "27/30" (and "3/5 elementos" for a list part), in the danger colour when over a limit. */
export function PartLengthLabel({ length }: { length: PartLength }) {
  const { t } = useTranslation();
  const chars = length.maxChars === null ? `${length.length}` : `${length.length}/${length.maxChars}`;
  return (
    <span
      data-testid="part-length"
      data-over={length.over || undefined}
      className={cn(
        'inline-flex items-center gap-1 text-xs tabular-nums',
        length.over ? 'font-medium text-danger' : 'text-text-muted',
      )}
    >
      {length.over && <AlertTriangle className="size-3.5" aria-hidden />}
      {length.items && (
        <span>{t('batches.table.items', { count: length.items.count, max: length.items.max })} · </span>
      )}
      <span>{chars}</span>
      <span className="sr-only">
        {length.over ? t('batches.table.overLimit') : t('batches.table.characters')}
      </span>
    </span>
  );
}
