import toast, { Toaster as HotToaster, ToastBar } from 'react-hot-toast';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';

/**
 * Toasts sit at the bottom of the window, 16 px from its edges: right-aligned on desktop, centred at
 * 768 px and below, far from every page's header actions (docs/ui.md, "Toasts"). A toast pauses
 * while hovered, so one lying over a button would block it for as long as the pointer stays. Only the
 * toast's own box takes the pointer (the container and each toast's row let clicks through), and a
 * click on it dismisses it. At most 20 at once (react-hot-toast's limit); 3 s, success 2 s, error 4 s.
 */
export function Toaster() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <HotToaster
      position={mobile ? 'bottom-center' : 'bottom-right'}
      containerStyle={{ zIndex: 100 }}
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
    >
      {(item) => (
        <ToastBar toast={item}>
          {({ icon, message }) => (
            <div className="flex items-center" onClick={() => toast.dismiss(item.id)}>
              {icon}
              {message}
            </div>
          )}
        </ToastBar>
      )}
    </HotToaster>
  );
}
