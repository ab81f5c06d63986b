import { useState } from 'react';
import { projectSortKeys, type ProjectSortKey } from '@redacta/shared';
import { storage, storageKeys } from '@/lib/storage';
import type { ProjectSort, SortOrder } from '../api/keys';

/** Most recently worked on first: what someone coming back to their projects looks for. */
export const defaultSort: ProjectSort = { sort: 'updatedAt', order: 'desc' };

function read(): ProjectSort {
  const [sort, order] = (storage.get(storageKeys.projectsSort) ?? '').split(':');
  if (projectSortKeys.includes(sort as ProjectSortKey) && (order === 'asc' || order === 'desc')) {
    return { sort: sort as ProjectSortKey, order: order as SortOrder };
  }
  return defaultSort;
}

/** The chosen order of the projects list, remembered on this device. */
export function useSortPreference(): [ProjectSort, (next: ProjectSort) => void] {
  const [sort, setSort] = useState(read);
  const choose = (next: ProjectSort) => {
    setSort(next);
    storage.set(storageKeys.projectsSort, `${next.sort}:${next.order}`);
  };
  return [sort, choose];
}
