import { useState } from 'react';
import { sentenceAround, type StyleViolation } from '@redacta/shared';
import { useActiveBrandVoice } from '@/features/brand-voice';
import { useTransformRun, type TransformRun } from '@/features/document';
import { useOpenWorkspace } from '@/features/session';
import type { ReplyStyle } from '@/features/style-rules';
import { useOpenProjectId } from './use-open-project-id';

/** The sentence of the reply being rewritten, as it was when the rewrite was asked for. */
interface Target {
  start: number;
  end: number;
  text: string;
}

export interface ReplyRewrite {
  /** False outside an open project: the transform belongs to one. */
  available: boolean;
  run: TransformRun | null;
  /** The reply changed where the sentence was: the result is not put in. */
  conflict: boolean;
  rewrite: (violation: StyleViolation) => void;
  accept: () => void;
  discard: () => void;
  retry: () => void;
  stop: () => void;
}

/**
 * A banned phrase's fix in a reply: the sentence that holds it is rewritten without it by the
 * document's transform (action `avoid`, charged like every transform, in the active brand voice) and
 * shown in the reply to accept or discard. Accepting puts the new sentence in place through the reply's
 * own fix path (`style.replace`, which saves the reply), and only while that sentence is still there
 * as it was in `content`, the reply's saved text (a teammate's fix may have changed it meanwhile).
 */
export function useReplyRewrite(content: string, style: ReplyStyle): ReplyRewrite {
  const workspace = useOpenWorkspace();
  const projectId = useOpenProjectId();
  const { activeBrandVoiceId } = useActiveBrandVoice();
  const { run, start, stop, clear } = useTransformRun({
    workspaceId: workspace?.id ?? '',
    projectId: projectId ?? '',
    brandVoiceId: activeBrandVoiceId,
  });
  const [target, setTarget] = useState<Target | null>(null);
  const [conflict, setConflict] = useState(false);

  const rewrite = (violation: StyleViolation) => {
    const { start: from, end: to } = sentenceAround(content, violation.start, violation.end);
    const sentence = { start: from, end: to, text: content.slice(from, to) };
    setTarget(sentence);
    setConflict(false);
    void start(
      { action: 'avoid', phrase: violation.found },
      { from, to, text: sentence.text, reachesEnd: content.slice(to).trim() === '' },
    );
  };

  const discard = () => {
    clear();
    setTarget(null);
    setConflict(false);
  };

  return {
    available: workspace !== null && projectId !== null,
    run,
    conflict,
    rewrite,
    accept: () => {
      if (!run || !target) return;
      if (content.slice(target.start, target.end) !== target.text) {
        setConflict(true);
        return;
      }
      style.replace(content.slice(0, target.start) + run.text.trim() + content.slice(target.end));
      discard();
    },
    discard,
    retry: () => {
      if (run) void start(run.request, run.anchor);
    },
    stop,
  };
}
