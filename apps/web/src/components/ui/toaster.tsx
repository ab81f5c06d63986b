import { Toaster as HotToaster } from 'react-hot-toast';

/**
 * Spec §9 / UI.md: top-right, max width 350 px, 3 s in the shell, success 2 s, error 4 s.
 * react-hot-toast keeps at most 20 toasts (its TOAST_LIMIT), the spec's maximum.
 * They start below the page header (64 px; the mobile header is 56 px): a toast pauses while hovered,
 * so one lying over the header's buttons could block them for as long as the pointer stays.
 */
export function Toaster() {
  return (
    <HotToaster
      position="top-right"
      containerStyle={{ zIndex: 100, top: 72 }}
      toastOptions={{
        duration: 3000,
        style: {
          maxWidth: 350,
          background: 'var(--c-surface)',
          color: 'var(--c-text)',
          border: '1px solid var(--c-border)',
        },
        success: {
          duration: 2000,
          iconTheme: { primary: 'var(--c-success)', secondary: 'var(--c-surface)' },
        },
        error: { duration: 4000, iconTheme: { primary: 'var(--c-danger)', secondary: 'var(--c-surface)' } },
      }}
    />
  );
}
