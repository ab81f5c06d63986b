import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { isLibraryShortcut } from '../shortcut';

/** The panel is its own chunk: nothing of it loads until the library is first wanted. */
const loadPanel = () => import('./prompt-library-panel');
const PromptLibraryPanel = lazy(loadPanel);

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Opens the prompt library; Ctrl/⌘+K opens it from anywhere on the page that shows this button, and
 * closes it again. `onUse` receives the prompt text with its variables filled in.
 */
export function PromptLibraryButton({
  onUse,
  addsToDraft = false,
  className,
  labelClassName,
}: {
  onUse: (text: string, promptId: string) => void;
  /** The prompt will join text already in the composer: the library says so next to "Usar prompt". */
  addsToDraft?: boolean;
  className?: string;
  /** For the visible label, e.g. to keep it for screen readers only where room is short. */
  labelClassName?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // An open library handles the shortcut itself (it closes) and marks it handled.
      if (!isLibraryShortcut(event) || event.defaultPrevented) return;
      event.preventDefault();
      setWanted(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const shortcut = isMac ? '⌘K' : 'Ctrl+K';
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        className={className}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        title={t('prompts.openHint', { shortcut })}
        icon={<BookOpen className="size-4" aria-hidden />}
      >
        <span className={labelClassName}>{t('prompts.open')}</span>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <PromptLibraryPanel
            open={open}
            onOpenChange={setOpen}
            onUse={onUse}
            addsToDraft={addsToDraft}
            fallbackFocus={() => button.current}
          />
        </Suspense>
      )}
    </>
  );
}
