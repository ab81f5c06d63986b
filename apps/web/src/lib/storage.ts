/** Browser storage keys behind one guarded helper: private modes may throw on access. */
export const storageKeys = {
  workspaceId: 'workspaceId',
  projectId: 'projectId',
  locale: 'redacta.locale',
  theme: 'redacta.theme',
  projectsSort: 'redacta.projectsSort',
  documentWidth: 'redacta.documentWidth',
  /** The composer's writing controls, by project. */
  writingControls: 'redacta.writingControls',
  /** The parts each template run's reply comes in, by the run's request. */
  templateRuns: 'redacta.templateRuns',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives for this page only */
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};

/** Logout and a failed session refresh clear the stored workspace and project ids. */
export function clearStoredIds(): void {
  storage.remove(storageKeys.workspaceId);
  storage.remove(storageKeys.projectId);
}
