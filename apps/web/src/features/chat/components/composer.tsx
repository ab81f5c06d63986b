import { useId, useLayoutEffect, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Send, Square, WandSparkles } from 'lucide-react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/tooltip';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { formatCount } from '@/lib/format-count';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { COMPOSER_ID } from './composer-id';
import { ImproveUndoButton, ImproveUndoStatus, useImproveUndo } from './improve-undo';

/** The textarea grows with the draft up to this height, then scrolls. */
const MAX_HEIGHT_PX = 240;

/**
 * The tools' labels that give way to their icons (and stay for screen readers) when the composer is
 * narrow (a phone, or the chat beside the document): the brand voice's name then keeps its room.
 */
export const COMPACT_LABEL = '@max-[34rem]/composer:sr-only';

/** From this length on, the composer shows how much of the message's limit is used. */
const COUNTER_FROM = Math.floor(CHAT_MESSAGE_MAX_LENGTH * 0.9);

export interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  onImprove: () => void;
  streaming: boolean;
  improving: boolean;
  /** Why sending (and improving, which spends words too) is not possible right now, or null. */
  blockedReason: string | null;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Brand voice picker, prompt library… */
  tools?: ReactNode;
  footer?: ReactNode;
}

/**
 * Enter sends, Shift+Enter starts a new line; Stop replaces Send while streaming. Deliberately not a
 * <form>: the tools (the prompt library's own forms among them) render inside it, and a submit
 * bubbling out of them must never send the draft. Only Send and Enter in the message field send.
 * Improve can be undone (see useImproveUndo); with no words left it is disabled like Send, with the
 * same explanation on hover and focus. Near the message's limit (counted as the server does, after
 * trimming) a counter appears; past it Send and Improve are disabled and the counter says why, so the
 * server is never sent a message it would refuse.
 */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  onImprove,
  streaming,
  improving,
  blockedReason,
  textareaRef,
  tools,
  footer,
}: ComposerProps) {
  const { t, i18n } = useTranslation();
  const counterId = useId();
  const length = value.trim().length;
  const empty = length === 0;
  const tooLong = length > CHAT_MESSAGE_MAX_LENGTH;
  const format = (n: number) => formatCount(n, i18n.language);
  const reason =
    blockedReason ?? (tooLong ? t('chat.tooLong', { max: format(CHAT_MESSAGE_MAX_LENGTH) }) : null);
  const canSend = !empty && !streaming && !improving && reason === null;
  const undo = useImproveUndo(value, onChange);
  // A phone's empty composer is one row high, leaving the screen to the conversation; it grows as text comes.
  const phone = useMediaQuery(MOBILE_QUERY);

  // An empty composer keeps the height of its rows without being measured: reading scrollHeight
  // lays the whole page out at once, inside the render that first draws the chat.
  useLayoutEffect(() => {
    const area = textareaRef.current;
    if (!area) return;
    if (value === '') {
      area.style.height = '';
      return;
    }
    area.style.height = 'auto';
    area.style.height = `${Math.min(area.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [value, textareaRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (undo.onKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  const sendButton = (
    <Button onClick={onSend} disabled={!canSend} aria-label={t('chat.send')} className="h-10 px-3">
      <Send className="size-4" aria-hidden />
    </Button>
  );

  // On a phone Send sits beside the message, so the tools' row keeps its width for the brand voice.
  const sendOrStop = streaming ? (
    <Button variant="secondary" onClick={onStop} aria-label={t('chat.stop')} className="h-10 px-3">
      <Square className="size-4 fill-current" aria-hidden />
    </Button>
  ) : reason ? (
    <DisabledHint reason={reason}>{sendButton}</DisabledHint>
  ) : (
    sendButton
  );

  const improveButton = (
    <Button
      variant="ghost"
      size="sm"
      onClick={onImprove}
      loading={improving}
      disabled={empty || streaming || reason !== null}
      icon={<WandSparkles className="size-4" aria-hidden />}
    >
      <span className={COMPACT_LABEL}>{t('chat.improve')}</span>
    </Button>
  );

  return (
    <div className="mx-auto flex w-full max-w-[760px] flex-col gap-2">
      <label htmlFor={COMPOSER_ID} className="sr-only">
        {t('chat.composerLabel')}
      </label>
      <div className="@container/composer flex flex-col rounded-xl border border-border bg-surface focus-within:border-primary focus-within:outline-2 focus-within:outline-primary/30">
        <div className="flex items-end">
          <textarea
            id={COMPOSER_ID}
            ref={textareaRef}
            rows={phone ? 1 : 2}
            value={value}
            readOnly={improving}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('chat.composerPlaceholder')}
            aria-keyshortcuts="Enter"
            aria-invalid={tooLong || undefined}
            aria-describedby={length >= COUNTER_FROM ? counterId : undefined}
            className={cn(
              fieldClasses,
              'max-h-60 min-h-12 min-w-0 flex-1 resize-none border-0 bg-transparent py-3 text-base leading-relaxed focus:outline-none',
            )}
          />
          {phone && <div className="shrink-0 p-2">{sendOrStop}</div>}
        </div>
        <div className="flex flex-wrap items-center gap-2 px-2 pb-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
            {reason ? <DisabledHint reason={reason}>{improveButton}</DisabledHint> : improveButton}
            {undo.state && <ImproveUndoButton state={undo.state} onClick={undo.toggle} />}
            {tools}
          </div>
          {!phone && sendOrStop}
        </div>
      </div>
      {length >= COUNTER_FROM && (
        <p
          id={counterId}
          aria-live="polite"
          data-testid="composer-counter"
          className={cn(
            'flex flex-wrap justify-end gap-x-2 text-xs',
            tooLong ? 'text-danger' : 'text-text-muted',
          )}
        >
          {tooLong && (
            <span>
              {t('chat.tooLongBy', {
                count: length - CHAT_MESSAGE_MAX_LENGTH,
                formatted: format(length - CHAT_MESSAGE_MAX_LENGTH),
              })}
            </span>
          )}
          <span className="tabular-nums">
            {t('chat.characters', { count: format(length), max: format(CHAT_MESSAGE_MAX_LENGTH) })}
          </span>
        </p>
      )}
      <ImproveUndoStatus state={undo.state} />
      {footer}
    </div>
  );
}
