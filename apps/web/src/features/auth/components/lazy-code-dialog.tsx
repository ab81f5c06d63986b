import { lazy } from 'react';
import { Spinner } from '@/components/ui/spinner';

const loadCodeDialog = () => import('./code-dialog');

/**
 * The code dialog arrives on demand: its dialog primitives are most of a first visit's script
 * beyond the app itself, and a visitor signing in with Google never needs them.
 */
export const LazyCodeDialog = lazy(() => loadCodeDialog().then((module) => ({ default: module.CodeDialog })));

/** Starts fetching the dialog while the code is being sent, so it is usually there when it opens. */
export function preloadCodeDialog() {
  void loadCodeDialog();
}

/** Where the dialog will open, until its code has arrived: the same backdrop, and a spinner. */
export function CodeDialogLoading({ label }: { label: string }) {
  return (
    <div className="fixed inset-0 z-[90] flex items-center justify-center bg-slate-950/50">
      <Spinner className="size-6 text-white" label={label} />
    </div>
  );
}
