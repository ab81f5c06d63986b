import { useLayoutEffect, useState } from 'react';
import toast, { Toaster as HotToaster, ToastBar, useToasterStore } from 'react-hot-toast';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { TOAST_EDGE_PX, TOAST_MAX_WIDTH_PX, toastTop, type Box } from './toaster-placement';

/** What toasts go below: the page's headers, the chat's tabs, the document's header and toolbar. */
const HEADERS = 'header, [role="tablist"], [role="toolbar"], [data-toast-clear]';
/** Open layers whose controls toasts keep clear of. */
const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], [data-radix-popper-content-wrapper]';
const CONTROLS = 'button, a[href], input, select, textarea, [role="button"], [role="tab"], [tabindex="0"]';
/** Room for one toast before any has been measured. */
const ONE_TOAST_PX = 56;
const GUTTER_PX = 8;

const boxOf = (element: Element): Box => {
  const { top, bottom, left, right } = element.getBoundingClientRect();
  return { top, bottom, left, right };
};
const drawn = (box: Box) => box.bottom > box.top && box.right > box.left;

/** Where the toasts start, measured from the page as it is now. */
function measureTop(mobile: boolean): number {
  const toaster = document.querySelector('[data-rht-toaster]');
  const layers = [...document.querySelectorAll(LAYERS)].filter((layer) => !toaster?.contains(layer));
  const rows = toaster ? [...toaster.children] : [];
  const stackHeight = Math.max(
    ONE_TOAST_PX,
    rows.reduce((sum, row) => sum + row.getBoundingClientRect().height + GUTTER_PX, 0),
  );
  return toastTop({
    viewport: { width: window.innerWidth, height: window.innerHeight },
    mobile,
    headers: [...document.querySelectorAll(HEADERS)]
      .filter((element) => !layers.some((layer) => layer.contains(element)))
      .map(boxOf)
      .filter(drawn),
    obstacles: layers.flatMap((layer) => [...layer.querySelectorAll(CONTROLS)].map(boxOf).filter(drawn)),
    // A modal layer (Radix) makes everything outside it inert by taking the body's pointer events.
    modal: document.body.style.pointerEvents === 'none',
    stackHeight,
  });
}

/**
 * Where the toasts start, kept current while any is shown: measured when toasts come and go, when
 * the page draws or removes elements, and when the window is resized or scrolled (a header that
 * scrolls away frees its room). At most once a frame.
 */
function useToastTop(mobile: boolean): number {
  const { toasts } = useToasterStore();
  const shown = toasts.filter((item) => item.visible).length;
  const [top, setTop] = useState(TOAST_EDGE_PX);
  useLayoutEffect(() => {
    if (shown === 0) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTop(measureTop(mobile)));
    };
    setTop(measureTop(mobile));
    // A header, tab bar or dialog drawn after the toast came (a page still loading) moves it too.
    const drawn = new MutationObserver(update);
    drawn.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      drawn.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
    };
  }, [shown, mobile]);
  return top;
}

/**
 * Toasts sit at the top: right-aligned on desktop, centred at 768 px and below (docs/ui.md,
 * "Toasts"), below the page's headers so they never cover their controls, and clear of the controls
 * of an open dialog or panel. A toast pauses while hovered, so one lying over a button would block it
 * for as long as the pointer stays. Only the toast's own box takes the pointer (the container and
 * each toast's row let clicks through), and a click on it dismisses it. At most 20 at once
 * (react-hot-toast's limit); 3 s, success 2 s, error 4 s.
 */
export function Toaster() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const top = useToastTop(mobile);
  return (
    <HotToaster
      position={mobile ? 'top-center' : 'top-right'}
      gutter={GUTTER_PX}
      containerStyle={{ zIndex: 100, top }}
      toastOptions={{
        duration: 3000,
        style: {
          maxWidth: TOAST_MAX_WIDTH_PX,
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
