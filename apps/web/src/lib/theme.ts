import { useSyncExternalStore } from 'react';
import { storage, storageKeys } from './storage';

export type ThemeChoice = 'light' | 'dark' | 'system';
const darkQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  const saved = storage.get(storageKeys.theme);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

let choice: ThemeChoice = 'system';

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches;
}

function apply(): void {
  const dark = choice === 'dark' || (choice === 'system' && prefersDark());
  document.documentElement.classList.toggle('dark', dark);
}

/** Reads the saved choice and follows the system while the choice is "system", the default. */
export function initTheme(): void {
  choice = readChoice();
  apply();
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(darkQuery).addEventListener('change', () => {
      if (choice === 'system') apply();
    });
  }
}

export function setTheme(next: ThemeChoice): void {
  choice = next;
  if (next === 'system') storage.remove(storageKeys.theme);
  else storage.set(storageKeys.theme, next);
  apply();
  for (const listener of listeners) listener();
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => choice,
    () => choice,
  );
}
