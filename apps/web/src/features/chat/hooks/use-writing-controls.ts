import { useCallback, useState } from 'react';
import {
  MAX_REPLY_VARIANTS,
  outputLanguages,
  replyLengths,
  writingTones,
  type OutputLanguage,
  type ReplyLength,
  type WritingTone,
} from '@redacta/shared';
import { storage, storageKeys } from '@/lib/storage';

/** The composer's writing controls: unset ones leave the choice to the model (and the request). */
export interface WritingControls {
  tone?: WritingTone;
  length?: ReplyLength;
  language?: OutputLanguage;
  /** Versions of the reply to write at once. */
  variants: number;
}

const DEFAULTS: WritingControls = { variants: 1 };
/** Projects whose controls are remembered; the least recently changed are forgotten beyond it. */
const REMEMBERED_PROJECTS = 50;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` when it is one of `allowed`, else unset. */
function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((item) => item === value);
}

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(storage.get(storageKeys.writingControls) ?? '{}');
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * The controls stored for a project, each checked on its own: a value this version does not know is
 * left unset (one version too many, a whole number of them). Checked by hand, not with zod: the chat
 * opens with these, and zod is a chunk the chat loads only once a reply streams.
 */
export function storedControls(projectId: string): WritingControls {
  const stored = readAll()[projectId];
  if (!isRecord(stored)) return DEFAULTS;
  const { variants } = stored;
  const controls: WritingControls = {
    variants:
      typeof variants === 'number' &&
      Number.isInteger(variants) &&
      variants >= 1 &&
      variants <= MAX_REPLY_VARIANTS
        ? variants
        : 1,
  };
  const tone = oneOf(writingTones, stored.tone);
  const length = oneOf(replyLengths, stored.length);
  const language = oneOf(outputLanguages, stored.language);
  if (tone) controls.tone = tone;
  if (length) controls.length = length;
  if (language) controls.language = language;
  return controls;
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
