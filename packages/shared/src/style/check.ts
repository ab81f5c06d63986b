import { termPattern } from './pattern.ts';
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
  const terms: StyleViolation[] = [];
  const limits: StyleViolation[] = [];
  for (const rule of applicable) {
    switch (rule.kind) {
      case 'prefer': {
        // "mail" inside "e-mail" is not a violation of "use e-mail, avoid mail".
        const uses = [...matches(text, rule.use)];
        for (const avoid of rule.avoid) {
          for (const match of matches(text, avoid)) {
            if (uses.some((use) => use.start <= match.start && match.end <= use.end)) continue;
            const suggestion = keepCapitals(match.found, rule.use, language);
            if (suggestion !== match.found) terms.push(violation(rule, match, suggestion));
          }
        }
        break;
      }
      case 'ban':
        for (const match of matches(text, rule.phrase)) terms.push(violation(rule, match, ''));
        break;
      case 'exact-case':
        for (const match of matches(text, rule.term)) {
          if (match.found !== rule.term) terms.push(violation(rule, match, rule.term));
        }
        break;
      case 'max-sentence-words':
        for (const sentence of sentences(text, language)) {
          if (countWordsIn(sentence.found, language) > rule.value)
            limits.push(violation(rule, sentence, null));
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

interface Span {
  start: number;
  end: number;
  found: string;
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

const patterns = new Map<string, RegExp>();

function* matches(text: string, term: string): Generator<Span> {
  let pattern = patterns.get(term);
  if (!pattern) {
    pattern = termPattern(term);
    // Rules change rarely; the cache only needs to stop growing without bound.
    if (patterns.size > 2000) patterns.clear();
    patterns.set(term, pattern);
  }
  pattern.lastIndex = 0;
  for (const match of text.matchAll(pattern)) {
    if (match[0].length === 0) continue;
    yield { start: match.index, end: match.index + match[0].length, found: match[0] };
  }
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

const sentenceSegmenters = new Map<StyleLanguage, Intl.Segmenter>();
const wordSegmenters = new Map<StyleLanguage, Intl.Segmenter>();

function segmenter(
  cache: Map<StyleLanguage, Intl.Segmenter>,
  language: StyleLanguage,
  granularity: 'sentence' | 'word',
) {
  let made = cache.get(language);
  if (!made) {
    made = new Intl.Segmenter(language, { granularity });
    cache.set(language, made);
  }
  return made;
}

/** Sentences as Intl.Segmenter finds them (UAX #29), never across a paragraph. */
function* sentences(text: string, language: StyleLanguage): Generator<Span> {
  const split = segmenter(sentenceSegmenters, language, 'sentence');
  for (const paragraph of paragraphs(text)) {
    for (const sentence of split.segment(paragraph.found)) {
      const trimmed = trimSpan(sentence.segment, paragraph.start + sentence.index);
      if (trimmed) yield trimmed;
    }
  }
}

function countWordsIn(sentence: string, language: StyleLanguage): number {
  let count = 0;
  for (const segment of segmenter(wordSegmenters, language, 'word').segment(sentence)) {
    if (segment.isWordLike) count += 1;
  }
  return count;
}

/** Closing exclamation marks: the Spanish opening "¡" belongs to its "!" and is not counted twice. */
function countExclamations(paragraph: string): number {
  let count = 0;
  for (const char of paragraph) if (char === '!') count += 1;
  return count;
}
