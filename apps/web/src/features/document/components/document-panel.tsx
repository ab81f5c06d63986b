import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, CloudOff } from 'lucide-react';
import { useDocumentSnapshot, useDocumentStore } from '../state/document-context';
import { loadEditorModule } from '../editor/load-editor';
import { DocumentSkeleton } from './document-skeleton';

const DocumentEditor = lazy(() => loadEditorModule().then((module) => ({ default: module.DocumentEditor })));

function PanelMessage({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  const Icon = offline ? CloudOff : AlertCircle;
  return (
    <section
      aria-label={t('document.title')}
      className="flex h-full min-h-0 flex-col items-center justify-center gap-2 p-6 text-center"
    >
      <Icon className={offline ? 'size-6 text-text-muted' : 'size-6 text-danger'} aria-hidden />
      <p role={offline ? 'status' : 'alert'} className="text-text-muted">
        {t(offline ? 'document.offlineFirstOpen' : 'document.loadFailed')}
      </p>
    </section>
  );
}

/** The document beside the chat; fills its container. The editor code loads on first show. */
export function DocumentPanel() {
  const { load, sync } = useDocumentSnapshot();
  const { openNow } = useDocumentStore();
  // Fetch the editor code while the document itself is still on its way, not after.
  useEffect(() => {
    openNow();
    void loadEditorModule();
  }, [openNow]);
  if (load === 'error') return <PanelMessage offline={false} />;
  // Never opened in this browser and no connection: nothing to show until it comes back.
  if (load === 'loading' && sync === 'offline') return <PanelMessage offline />;
  return (
    <Suspense fallback={<DocumentSkeleton />}>
      {load === 'loading' ? <DocumentSkeleton /> : <DocumentEditor />}
    </Suspense>
  );
}
