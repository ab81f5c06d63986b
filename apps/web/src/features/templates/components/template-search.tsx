import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { fieldClasses } from '@/components/ui/input';

/** The search box over a list of templates: by name and description, labelled for screen readers. */
export function TemplateSearch({
  value,
  onChange,
  autoFocus = false,
  className,
}: {
  value: string;
  onChange: (query: string) => void;
  autoFocus?: boolean;
  /** For the box's wrapper, to size it among its neighbours. */
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('templates.search')}
      </label>
      <div className={cn('relative', className)}>
        <Search className="pointer-events-none absolute top-3 left-3 size-4 text-text-muted" aria-hidden />
        <input
          id={id}
          type="search"
          autoFocus={autoFocus}
          value={value}
          placeholder={t('templates.searchPlaceholder')}
          onChange={(event) => onChange(event.target.value)}
          className={cn(fieldClasses, 'h-10 pl-9')}
        />
      </div>
    </>
  );
}
