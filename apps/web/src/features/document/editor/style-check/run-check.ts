import { checkStyle, type StyleLanguage, type StyleRule, type StyleViolation } from '@redacta/shared';
import type { CheckAnswer, CheckRequest } from './style-check.worker';

/**
 * Documents longer than this are checked in a Web Worker: below it a check takes a few milliseconds
 * on the main thread, less than posting the text to a worker and back (docs/benchmarks.md, "Style
 * checker").
 */
export const WORKER_THRESHOLD_CHARACTERS = 20_000;

let worker: Worker | null = null;
let lastId = 0;
const waiting = new Map<number, (violations: StyleViolation[][]) => void>();

function checkWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  if (!worker) {
    worker = new Worker(new URL('./style-check.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CheckAnswer>) => {
      waiting.get(event.data.id)?.(event.data.violations);
      waiting.delete(event.data.id);
    };
  }
  return worker;
}

/** The violations of each text, in a worker for long documents and where one can run. */
export function runCheck(
  texts: string[],
  rules: StyleRule[],
  language: StyleLanguage,
): Promise<StyleViolation[][]> {
  const length = texts.reduce((sum, text) => sum + text.length, 0);
  const off = length > WORKER_THRESHOLD_CHARACTERS ? checkWorker() : null;
  if (!off) return Promise.resolve(texts.map((text) => checkStyle(text, rules, language)));
  lastId += 1;
  const request: CheckRequest = { id: lastId, texts, rules, language };
  return new Promise((resolve) => {
    waiting.set(request.id, resolve);
    off.postMessage(request);
  });
}
