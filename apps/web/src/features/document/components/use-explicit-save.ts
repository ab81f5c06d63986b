import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { DocumentStore } from '../state/document-store';

/**
 * Saving on request (the save button, Ctrl/⌘+S anywhere on the page while the panel is shown): every
 * change already travels as it is made, so this waits until the server holds them all and says so,
 * or says why not (offline: they are kept in this browser and sent when the connection returns).
 */
export function useExplicitSave(store: DocumentStore): () => Promise<void> {
  const { t } = useTranslation();

  const saveNow = useCallback(async () => {
    if (store.getSnapshot().load !== 'ready') return;
    const saved = await store.whenSaved();
    if (saved) toast.success(t('document.savedToast'), { id: 'document-saved' });
    else if (store.getSnapshot().sync === 'offline') {
      toast.error(t('document.status.offline'), { id: 'document-save-failed' });
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
