import { useMemo } from 'react';
import {
  applyFixes,
  checkStyle,
  ignoreKey,
  needsRewrite,
  type ConversationEntry,
  type EditReplyBody,
  type StyleViolation,
} from '@redacta/shared';
import { useStyleRules } from './api/use-style-rules';

export interface ReplyStyle {
  violations: StyleViolation[];
  /** Findings a direct fix settles ("Corregir todo"); a banned phrase is rewritten with its sentence. */
  fixable: number;
  fix: (violation: StyleViolation) => void;
  fixAll: () => void;
  ignore: (violation: StyleViolation) => void;
  /** Saves a new text of the whole reply: every fix goes through here, whatever computed the text. */
  replace: (text: string) => void;
}

const nothing = () => {};
const NONE: ReplyStyle = {
  violations: [],
  fixable: 0,
  fix: nothing,
  fixAll: nothing,
  ignore: nothing,
  replace: nothing,
};

/**
 * A finished reply checked against the workspace's style rules, in the workspace's language, less the
 * findings ignored on it. A fix or an ignore is handed to `save` as the reply's new text or its whole
 * list of ignored findings: the chat saves it on the reply for everyone (docs/product.md, "Style
 * rules"). Without `save` the reply is not checked.
 */
export function useReplyStyle(
  reply: Pick<ConversationEntry, 'content' | 'ignoredFindings'>,
  save: ((edit: EditReplyBody) => void) | undefined,
): ReplyStyle {
  const { data } = useStyleRules();
  const { content, ignoredFindings } = reply;
  const checked = save !== undefined;
  const violations = useMemo(() => {
    if (!checked || !data || data.rules.length === 0) return [];
    const ignored = new Set(ignoredFindings);
    return checkStyle(content, data.rules, data.language).filter(
      (violation) => !ignored.has(ignoreKey(violation)),
    );
  }, [checked, data, content, ignoredFindings]);
  if (!save) return NONE;
  const replace = (text: string) => save({ content: text });
  return {
    violations,
    fixable: violations.filter((violation) => violation.suggestion !== null && !needsRewrite(violation))
      .length,
    fix: (violation) => replace(applyFixes(content, [violation])),
    fixAll: () => replace(applyFixes(content, violations)),
    replace,
    ignore: (violation) =>
      save({ ignoredFindings: [...new Set([...(ignoredFindings ?? []), ignoreKey(violation)])] }),
  };
}
