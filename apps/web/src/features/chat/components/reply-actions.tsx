import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Copy, FilePlus2, RefreshCw, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { ReactionValue } from '@redacta/shared';
import { richCopyOf, writeRichCopy } from '../lib/rich-copy';
import { IconAction } from './icon-action';
import { ReplyCost } from './reply-cost';
import { ReplyVersions } from './reply-versions';

export interface ReplyActionHandlers {
  onInsert: (markdown: string) => void;
  onRegenerate: () => void;
  onReact: (value: ReactionValue | null) => void;
  onShowVersion: (versionId: string) => void;
}

/**
 * Under a reply: its versions (when Regenerate made several), Copy (rich text and plain text, from
 * the rendered reply), Insert into document, Regenerate (last reply only), 👍/👎 — each acting on the
 * version shown — and the words the reply used.
 */
export function ReplyActions({
  content,
  rendered,
  wordsCharged,
  reaction,
  canReact,
  canRegenerate,
  versions,
  handlers,
}: {
  content: string;
  /** The reply as drawn: the clipboard gets its HTML; before it is drawn, its text. */
  rendered: () => Element | null;
  /** Words the reply was charged; shown as the words it used when there were any. */
  wordsCharged: number;
  reaction: ReactionValue | null;
  /** A stopped reply takes a reaction once the client has learned its saved id (adoptStoppedReply). */
  canReact: boolean;
  canRegenerate: boolean;
  /** The reply's version ids, oldest first, and which one is shown; null with a single version. */
  versions: { ids: string[]; shown: number } | null;
  handlers: ReplyActionHandlers;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      const element = rendered();
      await writeRichCopy(element ? richCopyOf(element) : { html: '', plain: content });
      toast.success(t('chat.copied'));
    } catch {
      toast.error(t('chat.copyFailed'));
    }
  };
  const react = (value: ReactionValue) => handlers.onReact(reaction === value ? null : value);

  return (
    <div className="flex flex-wrap items-center gap-0.5" role="group" aria-label={t('chat.replyActions')}>
      {versions && (
        <ReplyVersions
          count={versions.ids.length}
          shown={versions.shown}
          onShow={(index) => handlers.onShowVersion(versions.ids[index]!)}
        />
      )}
      <IconAction label={t('chat.copy')} onClick={() => void copy()}>
        <Copy className="size-4" aria-hidden />
      </IconAction>
      <IconAction label={t('chat.insert')} onClick={() => handlers.onInsert(content)}>
        <FilePlus2 className="size-4" aria-hidden />
      </IconAction>
      {canRegenerate && (
        <IconAction label={t('chat.regenerate')} onClick={handlers.onRegenerate}>
          <RefreshCw className="size-4" aria-hidden />
        </IconAction>
      )}
      {canReact && (
        <>
          <IconAction label={t('chat.good')} pressed={reaction === 'up'} onClick={() => react('up')}>
            <ThumbsUp className="size-4" aria-hidden />
          </IconAction>
          <IconAction label={t('chat.bad')} pressed={reaction === 'down'} onClick={() => react('down')}>
            <ThumbsDown className="size-4" aria-hidden />
          </IconAction>
        </>
      )}
      {wordsCharged > 0 && <ReplyCost words={wordsCharged} />}
    </div>
  );
}
