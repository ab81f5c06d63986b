import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, SendHorizontal } from 'lucide-react';
import { TRANSFORM_INSTRUCTION_MAX_LENGTH, type TransformRequest } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { mainEntries, submenuEntries, type MenuEntry } from './transform-actions';

type View = 'main' | 'tone' | 'translate' | 'custom';

interface TransformMenuProps {
  /** Focus the first item as the menu opens (it was opened from the keyboard). */
  autoFocus: boolean;
  onRun: (request: TransformRequest) => void;
  /** Escape: the menu closes and the text gets the focus back. */
  onClose: () => void;
}

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-text hover:bg-surface-muted ' +
  'focus-visible:outline-2 focus-visible:outline-primary focus:bg-primary-soft';

/**
 * The selection's AI actions as a menu: arrows move, Enter (or a click) runs an action or opens a
 * submenu (tones, languages) or the free instruction, the left arrow goes back, Escape closes.
 */
export function TransformMenu({ autoFocus, onRun, onClose }: TransformMenuProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('main');
  const [focusId, setFocusId] = useState<string | null>(autoFocus ? mainEntries[0]!.id : null);
  const [instruction, setInstruction] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const entries = view === 'tone' || view === 'translate' ? submenuEntries[view] : mainEntries;

  useEffect(() => {
    if (!focusId) return;
    list.current?.querySelector<HTMLElement>(`[data-entry="${focusId}"]`)?.focus();
  }, [focusId, view]);

  const open = (next: View, first: string | null) => {
    setView(next);
    setFocusId(first);
  };
  const choose = (entry: MenuEntry) => {
    if ('request' in entry) onRun(entry.request);
    else if ('submenu' in entry) open(entry.submenu, submenuEntries[entry.submenu][0]!.id);
    else open('custom', null);
  };
  const back = () => open('main', view === 'main' || view === 'custom' ? 'custom' : view);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (view === 'main') onClose();
      else back();
      return;
    }
    if (view === 'custom') return;
    const index = entries.findIndex((entry) => entry.id === focusId);
    const move = (to: number) => setFocusId(entries[(to + entries.length) % entries.length]!.id);
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index < 0 ? -1 : index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(-1);
    else if (event.key === 'ArrowRight' && index >= 0 && 'submenu' in entries[index]!)
      choose(entries[index]!);
    else if (event.key === 'ArrowLeft' && view !== 'main') back();
    else return;
    event.preventDefault();
  };

  if (view === 'custom') {
    const trimmed = instruction.trim();
    return (
      <form
        className="flex flex-col gap-2 p-2"
        onKeyDown={onKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) onRun({ action: 'custom', instruction: trimmed });
        }}
      >
        <label htmlFor="transform-instruction" className="text-sm font-medium text-text">
          {t('document.transform.instructionLabel')}
        </label>
        <input
          id="transform-instruction"
          autoFocus
          value={instruction}
          maxLength={TRANSFORM_INSTRUCTION_MAX_LENGTH}
          onChange={(event) => setInstruction(event.target.value)}
          placeholder={t('document.transform.instructionPlaceholder')}
          className="h-9 w-full rounded-lg border border-border bg-surface px-3 text-sm text-text focus-visible:outline-2 focus-visible:outline-primary"
        />
        <div className="flex justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={back}
            icon={<ChevronLeft className="size-4" aria-hidden />}
          >
            {t('document.transform.back')}
          </Button>
          <Button
            type="submit"
            size="sm"
            disabled={!trimmed}
            icon={<SendHorizontal className="size-4" aria-hidden />}
          >
            {t('document.transform.send')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div
      ref={list}
      role="menu"
      aria-label={t(view === 'main' ? 'document.transform.menuLabel' : `document.transform.actions.${view}`)}
      aria-orientation="vertical"
      className="flex flex-col p-1"
      onKeyDown={onKeyDown}
    >
      {view !== 'main' && (
        <button type="button" className={`${itemClasses} text-text-muted`} onClick={back} tabIndex={-1}>
          <ChevronLeft className="size-4" aria-hidden />
          {t(`document.transform.actions.${view}`)}
        </button>
      )}
      {entries.map((entry) => (
        <button
          key={entry.id}
          type="button"
          role="menuitem"
          data-entry={entry.id}
          tabIndex={entry.id === (focusId ?? entries[0]!.id) ? 0 : -1}
          aria-haspopup={'submenu' in entry ? 'menu' : undefined}
          className={itemClasses}
          onFocus={() => setFocusId(entry.id)}
          onClick={() => choose(entry)}
        >
          <span className="flex-1">{t(entry.labelKey)}</span>
          {'submenu' in entry && <ChevronRight className="size-4 text-text-muted" aria-hidden />}
        </button>
      ))}
    </div>
  );
}
