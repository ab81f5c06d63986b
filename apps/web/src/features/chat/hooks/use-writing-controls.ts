import { useCallback, useState } from 'react';
import {
  MAX_REPLY_VARIANTS,
  outputLanguageSchema,
  replyLengthSchema,
  writingToneSchema,
  type OutputLanguage,
  type ReplyLength,
  type WritingTone,
} from '@redacta/shared';
import { z } from 'zod';
import { storage, storageKeys } from '@/lib/storage';

/** The composer's writing controls: unset ones leave the choice to the model (and the request). */
export interface WritingControls {
  tone?: WritingTone;
  length?: ReplyLength;
  language?: OutputLanguage;
  /** Versions of the reply to write at once. */
  variants: number;
}

const controlsSchema = z.object({
  tone: writingToneSchema.optional().catch(undefined),
  length: replyLengthSchema.optional().catch(undefined),
  language: outputLanguageSchema.optional().catch(undefined),
  variants: z.number().int().min(1).max(MAX_REPLY_VARIANTS).catch(1),
});
const storedSchema = z.record(z.string(), z.unknown());

const DEFAULTS: WritingControls = { variants: 1 };
/** Projects whose controls are remembered; the least recently changed are forgotten beyond it. */
const REMEMBERED_PROJECTS = 50;

function readAll(): Record<string, unknown> {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(storage.get(storageKeys.writingControls) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function storedControls(projectId: string): WritingControls {
  const parsed = controlsSchema.safeParse(readAll()[projectId]);
  return parsed.success ? parsed.data : DEFAULTS;
}

/**
 * The composer's tone, length, output language and number of versions, remembered per project in
 * this browser (localStorage): each project opens with the choices last made in it.
 */
export function useWritingControls(projectId: string) {
  const [state, setState] = useState(() => ({ projectId, controls: storedControls(projectId) }));
  // Another project opened in the same view starts from its own choices.
  const controls = state.projectId === projectId ? state.controls : storedControls(projectId);
  if (state.projectId !== projectId) setState({ projectId, controls });
  const change = useCallback(
    (patch: Partial<WritingControls>) => {
      setState((current) => {
        const next = { ...current.controls, ...patch };
        const { [projectId]: _previous, ...others } = readAll();
        const kept = Object.entries(others).slice(-(REMEMBERED_PROJECTS - 1));
        storage.set(
          storageKeys.writingControls,
          JSON.stringify({ ...Object.fromEntries(kept), [projectId]: next }),
        );
        return { projectId, controls: next };
      });
    },
    [projectId],
  );
  return { controls, change };
}
