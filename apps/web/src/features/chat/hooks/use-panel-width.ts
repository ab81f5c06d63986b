import { useCallback, useState } from 'react';

export const DOCUMENT_MIN_WIDTH = 320;
/** The conversation keeps at least this much beside the document. */
export const CHAT_MIN_WIDTH = 360;
const DEFAULT_WIDTH = 440;
const STORAGE_KEY = 'redacta.documentWidth';

function readStored(): number {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(stored) && stored >= DOCUMENT_MIN_WIDTH ? stored : DEFAULT_WIDTH;
  } catch {
    return DEFAULT_WIDTH;
  }
}

/** The document panel's width beside the chat, remembered on this device. */
export function usePanelWidth() {
  const [width, setWidthState] = useState(readStored);
  const setWidth = useCallback((next: number, available: number) => {
    const max = Math.max(DOCUMENT_MIN_WIDTH, available - CHAT_MIN_WIDTH);
    const clamped = Math.round(Math.min(Math.max(next, DOCUMENT_MIN_WIDTH), max));
    setWidthState(clamped);
    try {
      window.localStorage.setItem(STORAGE_KEY, String(clamped));
    } catch {
      /* storage unavailable: the width lasts for this page only */
    }
  }, []);
  return { width, setWidth };
}
