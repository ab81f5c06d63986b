import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Clock, FolderHeart, Tag } from 'lucide-react';
import { CUSTOM_PROMPTS_GROUP, RECENT_PROMPTS_GROUP, type PromptGroup } from '@redacta/shared';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

const icons = { [RECENT_PROMPTS_GROUP]: Clock, [CUSTOM_PROMPTS_GROUP]: FolderHeart } as Record<
  string,
  typeof Tag
>;

/** The categories: a side list on wide screens, a select on phones. */
export function CategoryNav({
  groups,
  selected,
  onSelect,
  compact,
}: {
  groups: PromptGroup[];
  selected: string;
  onSelect: (key: string) => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (compact) {
    return (
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="shrink-0 text-[13px] text-text-muted">
          {t('prompts.category')}
        </label>
        <select
          id={id}
          value={selected}
          onChange={(event) => onSelect(event.target.value)}
          className={cn(fieldClasses, 'h-9 min-w-0 flex-1 py-0 text-sm')}
        >
          {groups.map((group) => (
            <option key={group.key} value={group.key}>
              {group.name} ({group.prompts.length})
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <nav aria-label={t('prompts.categories')} className="min-h-0 overflow-y-auto">
      <ul className="flex flex-col gap-0.5">
        {groups.map((group, index) => {
          const Icon = icons[group.key] ?? Tag;
          const active = group.key === selected;
          return (
            <li key={group.key} className={cn(index === 2 && 'mt-2 border-t border-border pt-2')}>
              <button
                type="button"
                aria-current={active ? 'true' : undefined}
                onClick={() => onSelect(group.key)}
                className={cn(
                  'flex w-full items-center gap-2 rounded-lg px-2.5 py-1.5 text-left text-[13px]',
                  active ? 'bg-primary-soft font-medium text-primary' : 'text-text hover:bg-surface-muted',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className="min-w-0 flex-1">{group.name}</span>
                <span className="text-xs text-text-muted">{group.prompts.length}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
