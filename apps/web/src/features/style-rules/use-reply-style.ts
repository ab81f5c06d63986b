import { useMemo, useState } from 'react';
import { applyFixes, checkStyle, needsRewrite, type StyleViolation } from '@redacta/shared';
import { useStyleRules } from './api/use-style-rules';
import { ignoreKey } from './violation-text';

export interface ReplyStyle {
  /** The reply as shown, copied and inserted: the saved text with the fixes made here. */
  text: string;
  violations: StyleViolation[];
  /** Findings a direct fix settles ("Corregir todo"); a banned phrase is rewritten with its sentence. */
  fixable: number;
  fix: (violation: StyleViolation) => void;
  fixAll: () => void;
  ignore: (violation: StyleViolation) => void;
  /** Puts a new text of the whole reply in place: every fix goes through here. */
  replace: (text: string) => void;
}

/**
 * A finished reply checked against the workspace's style rules, in the workspace's language. Fixes
 * change the reply as this page shows, copies and inserts it into the document; the saved reply keeps
 * the model's words (docs/product.md, "Style rules").
 */
export function useReplyStyle(content: string, enabled: boolean): ReplyStyle {
  const { data } = useStyleRules();
  const [fixed, setFixed] = useState<{ from: string; text: string } | null>(null);
  const [ignored, setIgnored] = useState<ReadonlySet<string>>(() => new Set());
  // A new version of the reply (regenerate, another shown version) starts from its own text.
  const text = fixed && fixed.from === content ? fixed.text : content;
  const violations = useMemo(() => {
    if (!enabled || !data || data.rules.length === 0) return [];
    return checkStyle(text, data.rules, data.language).filter(
      (violation) => !ignored.has(ignoreKey(violation)),
    );
  }, [enabled, data, text, ignored]);
  const replace = (next: string) => setFixed({ from: content, text: next });
  const apply = (chosen: StyleViolation[]) => replace(applyFixes(text, chosen));
  return {
    text,
    violations,
    fixable: violations.filter((violation) => violation.suggestion !== null && !needsRewrite(violation))
      .length,
    fix: (violation) => apply([violation]),
    fixAll: () => apply(violations),
    ignore: (violation) => setIgnored((current) => new Set(current).add(ignoreKey(violation))),
    replace,
  };
}
