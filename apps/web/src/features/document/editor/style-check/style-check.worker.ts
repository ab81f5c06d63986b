import {
  checkStyle,
  type StyleLanguage,
  type StyleRule,
  type StyleViolation,
} from '@redacta/shared/style/index';

/** A long document's check, off the main thread: one list of violations per block, in order. */
export interface CheckRequest {
  id: number;
  texts: string[];
  rules: StyleRule[];
  language: StyleLanguage;
}
export interface CheckAnswer {
  id: number;
  violations: StyleViolation[][];
}

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  const { id, texts, rules, language } = event.data;
  const answer: CheckAnswer = { id, violations: texts.map((text) => checkStyle(text, rules, language)) };
  self.postMessage(answer);
};
