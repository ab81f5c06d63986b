import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TransformRequest } from '@redacta/shared';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { usageKey } from '@/lib/usage-key';
import type { SelectionAnchor } from './selection-anchor';
import { openTransformStream } from './transform-api';

/** One transform of a selection: what was asked, the text so far, and how it stands. */
export interface TransformRun {
  request: TransformRequest;
  anchor: SelectionAnchor;
  text: string;
  /** The offline demo writer answers. */
  demo: boolean;
  status: 'waiting' | 'streaming' | 'done' | 'stopped' | 'failed';
}

interface Context {
  workspaceId: string;
  projectId: string;
  brandVoiceId: string | null;
}

/**
 * Runs transforms one at a time: the result streams into `run.text`; `stop` aborts the request (the
 * server stops the model, the words that arrived are charged and kept to accept); a failure says why
 * in a toast and keeps what arrived. After each run the words meter is read again.
 */
export function useTransformRun({ workspaceId, projectId, brandVoiceId }: Context) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [run, setRun] = useState<TransformRun | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (request: TransformRequest, anchor: SelectionAnchor) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      let current: TransformRun = { request, anchor, text: '', demo: false, status: 'waiting' };
      const show = (next: Partial<TransformRun>) => {
        current = { ...current, ...next };
        if (controller.current === own) setRun(current);
      };
      show({});
      try {
        const parts = await openTransformStream(
          {
            ...request,
            workspaceId,
            projectId,
            text: anchor.text,
            reachesEnd: anchor.reachesEnd,
            ...(brandVoiceId ? { brandVoiceId } : {}),
          },
          own.signal,
        );
        let ended = false;
        for await (const part of parts) {
          if (part.type === 'start') show({ demo: part.demo, status: 'streaming' });
          else if (part.type === 'text') show({ text: current.text + part.text });
          else {
            ended = true;
            if (part.type === 'error') toast.error(t('document.transform.failed'));
            show({
              status: part.type === 'finish' ? 'done' : part.type === 'aborted' ? 'stopped' : 'failed',
            });
          }
        }
        if (!ended) throw new Error('The transform stream ended without its final part');
      } catch (error) {
        if (own.signal.aborted) {
          show({ status: current.text ? 'stopped' : 'failed' });
        } else {
          const known = isApiError(error) && (error.status === 403 || error.status === 429);
          toast.error(known ? errorMessage(t, error) : t('document.transform.failed'));
          show({ status: 'failed' });
        }
      } finally {
        if (controller.current === own) controller.current = null;
        void queryClient.invalidateQueries({ queryKey: usageKey(workspaceId) });
      }
    },
    [brandVoiceId, projectId, queryClient, t, workspaceId],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const clear = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setRun(null);
  }, []);

  return { run, start, stop, clear };
}
