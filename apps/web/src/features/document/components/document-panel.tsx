import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle } from 'lucide-react';
import { useDocumentSnapshot } from '../state/document-context';
import { loadEditorModule } from '../editor/load-editor';
import { DocumentSkeleton } from './document-skeleton';

const DocumentEditor = lazy(() => loadEditorModule().then((module) => ({ default: module.DocumentEditor })));

/** The document beside the chat; fills its container. The editor code loads on first show. */
export function DocumentPanel() {
  const { t } = useTranslation();
  const { load } = useDocumentSnapshot();
  // Fetch the editor code while the document itself is still on its way, not after.
  useEffect(() => void loadEditorModule(), []);
  if (load === 'error') {
    return (
      <section
        aria-label={t('document.title')}
        className="flex h-full min-h-0 flex-col items-center justify-center gap-2 p-6 text-center"
      >
        <AlertCircle className="size-6 text-danger" aria-hidden />
        <p role="alert" className="text-text-muted">
          {t('document.loadFailed')}
        </p>
      </section>
    );
  }
  return (
    <Suspense fallback={<DocumentSkeleton />}>
      {load === 'loading' ? <DocumentSkeleton /> : <DocumentEditor />}
    </Suspense>
  );
}
