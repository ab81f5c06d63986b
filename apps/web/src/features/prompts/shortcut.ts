/** Ctrl+K (⌘+K on a Mac) opens the prompt library and, while it is open, closes it. */
export function isLibraryShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
}
