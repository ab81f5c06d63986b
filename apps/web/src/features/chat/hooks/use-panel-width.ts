import { useCallback, useState } from 'react';
import { storage, storageKeys } from '@/lib/storage';

export const DOCUMENT_MIN_WIDTH = 320;
/** The conversation keeps at least this much beside the document. */
export const CHAT_MIN_WIDTH = 360;
const DEFAULT_WIDTH = 440;

function readStored(): number {
  const stored = Number(storage.get(storageKeys.documentWidth));
  return Number.isFinite(stored) && stored >= DOCUMENT_MIN_WIDTH ? stored : DEFAULT_WIDTH;
}

/** The document panel's width beside the chat, remembered on this device. */
export function usePanelWidth() {
  const [width, setWidthState] = useState(readStored);
  const setWidth = useCallback((next: number, available: number) => {
    const max = Math.max(DOCUMENT_MIN_WIDTH, available - CHAT_MIN_WIDTH);
    const clamped = Math.round(Math.min(Math.max(next, DOCUMENT_MIN_WIDTH), max));
    setWidthState(clamped);
    storage.set(storageKeys.documentWidth, String(clamped));
  }, []);
  return { width, setWidth };
}
