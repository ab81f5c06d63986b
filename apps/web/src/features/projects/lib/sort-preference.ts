import { useState } from 'react';
import { projectSortKeys, type ProjectSortKey } from '@redacta/shared';
import type { ProjectSort, SortOrder } from '../api/keys';

const STORAGE_KEY = 'redacta.projectsSort';

/** Most recently worked on first: what someone coming back to their projects looks for. */
export const defaultSort: ProjectSort = { sort: 'updatedAt', order: 'desc' };

function read(): ProjectSort {
  try {
    const [sort, order] = (window.localStorage.getItem(STORAGE_KEY) ?? '').split(':');
    if (projectSortKeys.includes(sort as ProjectSortKey) && (order === 'asc' || order === 'desc')) {
      return { sort: sort as ProjectSortKey, order: order as SortOrder };
    }
  } catch {
    /* storage unavailable (private mode): the default applies */
  }
  return defaultSort;
}

/** The chosen order of the projects list, remembered on this device. */
export function useSortPreference(): [ProjectSort, (next: ProjectSort) => void] {
  const [sort, setSort] = useState(read);
  const choose = (next: ProjectSort) => {
    setSort(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, `${next.sort}:${next.order}`);
    } catch {
      /* kept for this page only */
    }
  };
  return [sort, choose];
}
