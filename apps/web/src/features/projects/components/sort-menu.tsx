import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowDownUp, Check } from 'lucide-react';
import type { ProjectSortKey } from '@redacta/shared';
import { buttonClasses } from '@/components/ui/button';
import { Menu } from '@/components/ui/menu';
import type { ProjectSort, SortOrder } from '../api/keys';

const options: Array<{ sort: ProjectSortKey; order: SortOrder }> = [
  { sort: 'updatedAt', order: 'desc' },
  { sort: 'updatedAt', order: 'asc' },
  { sort: 'createdAt', order: 'desc' },
  { sort: 'createdAt', order: 'asc' },
  { sort: 'name', order: 'asc' },
  { sort: 'name', order: 'desc' },
];

const optionKey = (option: ProjectSort) => `projects.sort.${option.sort}-${option.order}`;

/** Sort options: createdAt, updatedAt and name, each both ways; a radio group in a menu. */
export function SortMenu({ value, onChange }: { value: ProjectSort; onChange: (next: ProjectSort) => void }) {
  const { t } = useTranslation();
  const current = t(optionKey(value));
  return (
    <Menu
      wide
      trigger={
        <button
          type="button"
          className={buttonClasses('secondary', 'sm')}
          aria-label={t('projects.sort.current', { option: current })}
        >
          <ArrowDownUp className="size-4" aria-hidden />
          <span>{current}</span>
        </button>
      }
    >
      <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-text-muted">
        {t('projects.sort.label')}
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={`${value.sort}-${value.order}`}
        onValueChange={(next) => {
          const chosen = options.find((option) => `${option.sort}-${option.order}` === next);
          if (chosen) onChange(chosen);
        }}
      >
        {options.map((option) => (
          <DropdownMenu.RadioItem
            key={`${option.sort}-${option.order}`}
            value={`${option.sort}-${option.order}`}
            className="relative flex cursor-pointer items-center gap-2 rounded-md py-2 pr-2.5 pl-8 outline-none select-none data-[highlighted]:bg-surface-muted"
          >
            <DropdownMenu.ItemIndicator className="absolute left-2.5 inline-flex">
              <Check className="size-4 text-primary" aria-hidden />
            </DropdownMenu.ItemIndicator>
            {t(optionKey(option))}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </Menu>
  );
}
