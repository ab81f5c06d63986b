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
  /** A page to open once signed in, kept when a link to it found no session. */
  afterSignIn: 'redacta.afterSignIn',
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

/** Pages a link leads to that must open again after signing in: a mailed export's download. */
const returnsAfterSignIn = (pathname: string) => /^\/exports\/[^/]+\/[^/]+$/.test(pathname);

/** Keeps `pathname` to open after signing in, when it is a page worth coming back to. */
export function rememberAfterSignIn(pathname: string): void {
  if (returnsAfterSignIn(pathname)) storage.set(storageKeys.afterSignIn, pathname);
}

/** The page kept to open after signing in (forgotten as it is read), else `fallback`. */
export function takeAfterSignIn(fallback: string): string {
  const kept = storage.get(storageKeys.afterSignIn);
  storage.remove(storageKeys.afterSignIn);
  return kept && returnsAfterSignIn(kept) ? kept : fallback;
}
