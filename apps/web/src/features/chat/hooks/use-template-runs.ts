import { useCallback, useState } from 'react';
import type { TemplateOutput } from '@redacta/shared';
import { storage, storageKeys } from '@/lib/storage';

/** The runs remembered: enough for the conversations a person goes back to in this browser. */
const KEPT = 200;

/** A stored run as this browser wrote it; anything else (an older shape, an edit by hand) is skipped. */
function isRun(value: unknown): value is [string, TemplateOutput] {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') return false;
  const parts: unknown = (value[1] as { parts?: unknown } | null)?.parts;
  return (
    Array.isArray(parts) &&
    parts.every(
      (part: { key?: unknown; label?: unknown }) =>
        typeof part?.key === 'string' && typeof part.label === 'string',
    )
  );
}

// The chat reads these before zod is loaded (it comes with the first reply), so the shape is checked by hand.
function read(): Map<string, TemplateOutput> {
  try {
    const stored: unknown = JSON.parse(storage.get(storageKeys.templateRuns) ?? '[]');
    return new Map(Array.isArray(stored) ? stored.filter(isRun) : []);
  } catch {
    return new Map();
  }
}

/**
 * The parts each template run's reply comes in, by the run's request entry, so the reply shows them
 * with their lengths. A conversation's entries do not name the template they ran, so the runs sent
 * from this browser are remembered in it (the newest KEPT).
 */
export function useTemplateRuns() {
  const [outputs, setOutputs] = useState(read);
  const remember = useCallback((userEntryId: string, output: TemplateOutput) => {
    setOutputs((current) => {
      const next = new Map(current);
      next.delete(userEntryId);
      next.set(userEntryId, output);
      const kept = [...next].slice(-KEPT);
      storage.set(storageKeys.templateRuns, JSON.stringify(kept));
      return new Map(kept);
    });
  }, []);
  return { outputs, remember };
}
