import type { FolderWithCount } from '@redacta/shared';
import type { ProjectSort } from '../api/keys';

/**
 * Folders in the order chosen for the projects (the API sends them newest first): by name with the
 * interface language's collation (accents and case aside, "Campaña 2" before "Campaña 10"), or by
 * when they were made or last changed.
 */
export function sortFolders(folders: FolderWithCount[], { sort, order }: ProjectSort, locale: string) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const direction = order === 'asc' ? 1 : -1;
  return [...folders].sort((a, b) => {
    const byKey = sort === 'name' ? collator.compare(a.name, b.name) : a[sort].localeCompare(b[sort]);
    return direction * byKey || a.id.localeCompare(b.id);
  });
}
