import type { StyleLanguage, StyleRule } from '@redacta/shared';

const quote = (term: string) => `"${term}"`;

function instruction(rule: StyleRule): string {
  switch (rule.kind) {
    case 'prefer':
      return `Write ${quote(rule.use)}, never ${rule.avoid.map(quote).join(' or ')}.`;
    case 'ban':
      return `Never use ${quote(rule.phrase)}.`;
    case 'exact-case':
      return `Always write ${quote(rule.term)} with exactly this capitalisation.`;
    case 'max-sentence-words':
      return `Keep every sentence to at most ${rule.value} words.`;
    case 'max-exclamations':
      return rule.value === 0
        ? 'Use no exclamation marks.'
        : `Use at most ${rule.value} exclamation mark${rule.value === 1 ? '' : 's'} per paragraph.`;
  }
}

/**
 * The workspace's style rules for the reply's language as instructions to the model, or null when
 * none apply. Every finished reply is checked against the same rules in the interface, so these make
 * fewer violations to fix rather than a promise of none.
 */
export function styleRulesGuidance(rules: readonly StyleRule[], language: StyleLanguage): string | null {
  const applicable = rules.filter((rule) => !rule.language || rule.language === language);
  if (applicable.length === 0) return null;
  const lines = applicable.map((rule) => `- ${instruction(rule)}`);
  return `Follow the team's style rules in every reply:\n<style_rules>\n${lines.join('\n')}\n</style_rules>`;
}
