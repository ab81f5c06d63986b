import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { DocumentStore } from './document-store';

/**
 * Saving on request (the save button, Ctrl/⌘+S anywhere on the page while the panel is shown):
 * the success toast once the server holds the document, or why it does not.
 */
export function useExplicitSave(store: DocumentStore): () => Promise<void> {
  const { t } = useTranslation();

  const saveNow = useCallback(async () => {
    if (store.getSnapshot().load !== 'ready') return;
    const saved = await store.save();
    const state = store.getSnapshot().save;
    if (saved) toast.success(t('document.savedToast'), { id: 'document-saved' });
    else if (state === 'tooLarge' || state === 'storageFull') {
      toast.error(t(`document.${state}`), { id: 'document-save-failed' });
    } else toast.error(t('document.saveFailed'), { id: 'document-save-failed' });
  }, [store, t]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveNow();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [saveNow]);

  return saveNow;
}
