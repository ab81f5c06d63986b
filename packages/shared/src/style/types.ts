/**
 * A workspace's style rules and what the checker reports. Plain types, no zod: the checker runs in a
 * Web Worker too, which should not load the validation library (the API contract in
 * contracts/style-rules.ts validates the same shapes).
 */
export type StyleLanguage = 'es' | 'en';

interface RuleBase {
  id: string;
  /** The language the rule is for; absent, it applies to both. */
  language?: StyleLanguage;
}

export type StyleRule = RuleBase &
  (
    | { kind: 'prefer'; use: string; avoid: string[] }
    | { kind: 'ban'; phrase: string }
    | { kind: 'exact-case'; term: string }
    | { kind: 'max-sentence-words'; value: number }
    | { kind: 'max-exclamations'; value: number }
  );

export type StyleRuleKind = StyleRule['kind'];

export interface StyleViolation {
  ruleId: string;
  kind: StyleRuleKind;
  /** UTF-16 index of the first character in the checked text. */
  start: number;
  /** UTF-16 index just after the last character. */
  end: number;
  found: string;
  /**
   * What replaces `found`: the preferred term, the exact-case term, "" for a banned phrase (nothing
   * replaces it word for word: the sentence that holds it is rewritten without it, see needsRewrite),
   * or null for a limit, which has no fix.
   */
  suggestion: string | null;
}

/** Replace text[start, end) by `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}
