import { countWords } from '../rules/words.ts';
import { findTerm, foldText, type Span } from './find-term.ts';
import type { StyleLanguage, StyleRule, StyleViolation } from './types.ts';

/**
 * Checks a text against a workspace's style rules for one language: pure and deterministic (the
 * same text and rules give the same violations, in order of position), so the server, the chat and
 * the document's Web Worker agree. Positions are UTF-16 indices of `text`. Rules for the other
 * language are skipped; rules without a language apply to both.
 *
 * Term rules (prefer, ban, exact-case) never overlap each other: where two would, the one that starts
 * first wins, and of two starting together the longer ("e-mail" over "mail"). Limits report a whole
 * sentence or paragraph and may contain term violations.
 */
export function checkStyle(
  text: string,
  rules: readonly StyleRule[],
  language: StyleLanguage,
): StyleViolation[] {
  const applicable = rules.filter((rule) => !rule.language || rule.language === language);
  const source = foldText(text);
  const terms: StyleViolation[] = [];
  const limits: StyleViolation[] = [];
  for (const rule of applicable) {
    switch (rule.kind) {
      case 'prefer': {
        // "mail" inside "e-mail" is not a violation of "use e-mail, avoid mail".
        const uses = [...findTerm(source, rule.use)];
        for (const avoid of rule.avoid) {
          for (const match of findTerm(source, avoid)) {
            if (uses.some((use) => use.start <= match.start && match.end <= use.end)) continue;
            const suggestion = keepCapitals(match.found, rule.use, language);
            if (suggestion !== match.found) terms.push(violation(rule, match, suggestion));
          }
        }
        break;
      }
      case 'ban':
        for (const match of findTerm(source, rule.phrase)) terms.push(violation(rule, match, ''));
        break;
      case 'exact-case':
        for (const match of findTerm(source, rule.term)) {
          if (match.found !== rule.term) terms.push(violation(rule, match, rule.term));
        }
        break;
      case 'max-sentence-words':
        for (const sentence of sentences(text)) {
          if (countWords(sentence.found) > rule.value) limits.push(violation(rule, sentence, null));
        }
        break;
      case 'max-exclamations':
        for (const paragraph of paragraphs(text)) {
          if (countExclamations(paragraph.found) > rule.value) limits.push(violation(rule, paragraph, null));
        }
        break;
    }
  }
  return [...withoutOverlaps(terms), ...limits].sort(byPosition);
}

function violation(rule: StyleRule, span: Span, suggestion: string | null): StyleViolation {
  return {
    ruleId: rule.id,
    kind: rule.kind,
    start: span.start,
    end: span.end,
    found: span.found,
    suggestion,
  };
}

function byPosition(a: StyleViolation, b: StyleViolation): number {
  return a.start - b.start || b.end - a.end || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);
}

function withoutOverlaps(found: StyleViolation[]): StyleViolation[] {
  const kept: StyleViolation[] = [];
  let reached = -1;
  for (const candidate of found.sort(byPosition)) {
    if (candidate.start < reached) continue;
    kept.push(candidate);
    reached = candidate.end;
  }
  return kept;
}

/**
 * The preferred term written as the avoided one was: all capitals ("E-MAIL" → "EMAIL"), a capital
 * first letter ("Mail" → "Email"), or else as the rule writes it ("mail" → "email", "iphone" → "iPhone").
 */
export function keepCapitals(found: string, use: string, language: StyleLanguage): string {
  const letters = found.replace(/[^\p{L}]/gu, '');
  if (
    letters.length > 1 &&
    letters === letters.toLocaleUpperCase(language) &&
    letters !== letters.toLocaleLowerCase(language)
  ) {
    return use.toLocaleUpperCase(language);
  }
  const first = letters[0];
  if (first && first !== first.toLocaleLowerCase(language)) {
    const [head = '', ...rest] = [...use];
    return head.toLocaleUpperCase(language) + rest.join('');
  }
  return use;
}

/** Paragraphs: the text between line breaks, without their surrounding white space. */
function* paragraphs(text: string): Generator<Span> {
  const line = /[^\n]+/g;
  for (const match of text.matchAll(line)) {
    const trimmed = trimSpan(match[0], match.index);
    if (trimmed) yield trimmed;
  }
}

function trimSpan(part: string, offset: number): Span | null {
  const start = part.length - part.trimStart().length;
  const end = part.trimEnd().length;
  if (end <= start) return null;
  return { start: offset + start, end: offset + end, found: part.slice(start, end) };
}

/**
 * Sentences: a sentence ends at ".", "!", "?" or "…" (with any closing quotes or brackets) followed
 * by white space, except after a full stop or an ellipsis when the next word starts in lower case (as
 * after "p. ej." or "approx."), the rule Unicode's sentence boundaries (UAX #29) apply to full stops.
 * Never across a paragraph. Written out rather than asking Intl.Segmenter, which took some 190 ms
 * on a 10,000-word document.
 */
function* sentences(text: string): Generator<Span> {
  const end = /[.!?…]+["'”’»)\]]*(?=\s+(\S)|$)/gu;
  for (const paragraph of paragraphs(text)) {
    let start = 0;
    for (const match of paragraph.found.matchAll(end)) {
      const next = match[1];
      const fullStop = !/[!?]/.test(match[0]);
      if (fullStop && next && next !== next.toUpperCase()) continue;
      const stop = match.index + match[0].length;
      const sentence = trimSpan(paragraph.found.slice(start, stop), paragraph.start + start);
      if (sentence) yield sentence;
      start = stop;
    }
    const rest = trimSpan(paragraph.found.slice(start), paragraph.start + start);
    if (rest) yield rest;
  }
}

/**
 * The sentence (as the sentence limit reads sentences) that holds text[start, end): what a banned
 * phrase's fix rewrites. Several sentences when the span runs across them.
 */
export function sentenceAround(text: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  let to = end;
  for (const sentence of sentences(text)) {
    if (sentence.end <= start || sentence.start >= end) continue;
    from = Math.min(from, sentence.start);
    to = Math.max(to, sentence.end);
  }
  return { start: from, end: to };
}

/** Closing exclamation marks: the Spanish opening "¡" belongs to its "!" and is not counted twice. */
function countExclamations(paragraph: string): number {
  let count = 0;
  for (let at = paragraph.indexOf('!'); at >= 0; at = paragraph.indexOf('!', at + 1)) count += 1;
  return count;
}
