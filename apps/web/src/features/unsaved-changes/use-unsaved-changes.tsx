import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal, ModalClose } from '@/components/ui/modal';

type Leaving = { kind: 'link'; to: string } | { kind: 'back' } | { kind: 'action'; run: () => void };

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** The same-site address a plain click on this element would open, if any. */
function linkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  // Another site is a page unload, which the browser's own question covers.
  if (url.origin !== window.location.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  return to === here() ? null : to;
}

/**
 * Nothing typed disappears without a question (docs/ui.md, "Unsaved changes"). While `dirty`:
 * closing or reloading the tab gets the browser's own question; a click on a link inside the app
 * and the browser's Back get this dialog, "Keep editing" or "Leave without saving".
 *
 * The app's router runs in declarative mode, which cannot block a navigation, so the question is
 * asked before one starts: link clicks are caught in the capture phase, and Back is caught with an
 * extra history entry at the same address, pushed when the page becomes dirty. Back consumes that
 * entry (the page stays) and asks; leaving then goes back once more, staying pushes it again.
 *
 * `leave(to)` is for the page's own navigation after it saved: it replaces that extra entry, so Back
 * from where it goes skips the page. `confirm(run)` asks before something of the page's own that
 * throws the changes away (closing a panel, Cancel), and runs it at once when there are none.
 * `dialog` is rendered by the caller.
 */
export function useUnsavedChanges(dirty: boolean): {
  dialog: ReactNode;
  leave: (to: string) => void;
  confirm: (run: () => void) => void;
} {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Leaving | null>(null);
  const guarded = useRef(false);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = linkTarget(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setAsking({ kind: 'link', to });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    if (!guarded.current) {
      window.history.pushState(window.history.state, '', window.location.href);
      guarded.current = true;
    }
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  useEffect(() => {
    const onPopState = () => {
      if (!guarded.current) return;
      guarded.current = false;
      // Back took the extra entry: with nothing left to lose it goes on to the page before.
      if (dirtyNow.current) setAsking({ kind: 'back' });
      else window.history.back();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const leave = useCallback(
    (to: string) => {
      const replace = guarded.current;
      guarded.current = false;
      navigate(to, { replace });
    },
    [navigate],
  );

  const confirm = useCallback((run: () => void) => {
    if (dirtyNow.current) setAsking({ kind: 'action', run });
    else run();
  }, []);

  const stay = () => {
    if (asking?.kind === 'back') {
      window.history.pushState(window.history.state, '', window.location.href);
      guarded.current = true;
    }
    setAsking(null);
  };

  const confirmLeave = () => {
    const leaving = asking;
    setAsking(null);
    dirtyNow.current = false;
    if (leaving?.kind === 'back') window.history.back();
    else if (leaving?.kind === 'link') leave(leaving.to);
    else leaving?.run();
  };

  const dialog = (
    <Modal
      open={asking !== null}
      onOpenChange={(open) => {
        if (!open) stay();
      }}
      title={t('unsavedChanges.title')}
      description={t('unsavedChanges.description')}
      closeLabel={t('common.close')}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary">{t('unsavedChanges.stay')}</Button>
          </ModalClose>
          <Button variant="danger" onClick={confirmLeave}>
            {t('unsavedChanges.leave')}
          </Button>
        </>
      }
    />
  );
  return { dialog, leave, confirm };
}
