import type { StyleLanguage, StyleRule, StyleViolation } from '../../src/style/types.ts';

/**
 * Texts seeded with style violations at known places, for the checker's test and benchmark: each
 * text comes with the violations it must yield and the text "fix all" must make of it, both built
 * alongside the text itself rather than by the checker.
 */
export const fixtureRules: StyleRule[] = [
  { id: '00000000-0000-4000-8000-000000000001', kind: 'prefer', use: 'email', avoid: ['e-mail', 'mail'] },
  { id: '00000000-0000-4000-8000-000000000002', kind: 'ban', phrase: 'revolucionario' },
  { id: '00000000-0000-4000-8000-000000000003', kind: 'ban', phrase: 'de vanguardia', language: 'es' },
  { id: '00000000-0000-4000-8000-000000000004', kind: 'exact-case', term: 'Redacta Pro' },
  {
    id: '00000000-0000-4000-8000-000000000005',
    kind: 'prefer',
    use: 'customer',
    avoid: ['client'],
    language: 'en',
  },
  { id: '00000000-0000-4000-8000-000000000006', kind: 'ban', phrase: 'genial', language: 'es' },
  { id: '00000000-0000-4000-8000-000000000007', kind: 'max-sentence-words', value: 25 },
  { id: '00000000-0000-4000-8000-000000000008', kind: 'max-exclamations', value: 1 },
];
const [
  prefer,
  banRevolution,
  banVanguard,
  exactCase,
  preferCustomer,
  banGenial,
  sentenceLimit,
  exclamations,
] = fixtureRules.map((rule) => rule.id) as [string, string, string, string, string, string, string, string];

/** A word of a sentence: what the text shows, and what "fix all" turns it into (null: removed). */
interface Token {
  text: string;
  fixed: string | null;
  violation?: { ruleId: string; kind: StyleViolation['kind']; suggestion: string | null };
}

const filler: Record<StyleLanguage, string[]> = {
  es: 'nuestro equipo escribe textos claros para cada campaña con datos reales y un tono cercano que convence sin exagerar hoy'.split(
    ' ',
  ),
  en: 'our team writes clear copy for every launch with real data and a warm tone that persuades without hype today'.split(
    ' ',
  ),
};

const term = (ruleId: string, kind: StyleViolation['kind'], text: string, suggestion: string): Token => ({
  text,
  // A banned phrase stays: fix all leaves it to its own rewrite.
  fixed: suggestion === '' ? text : suggestion,
  violation: { ruleId, kind, suggestion },
});

/** Violations a sentence may carry, per language; `genial` in English is a word the Spanish rule must not see. */
const seeds: Record<StyleLanguage, (() => Token)[]> = {
  es: [
    () => term(prefer, 'prefer', 'mail', 'email'),
    () => term(prefer, 'prefer', 'Mail', 'Email'),
    () => term(prefer, 'prefer', 'E-MAIL', 'EMAIL'),
    () => term(prefer, 'prefer', 'e-mail', 'email'),
    () => term(banRevolution, 'ban', 'revolucionario', ''),
    () => term(banRevolution, 'ban', 'REVOLUCIONARIO', ''),
    () => term(banRevolution, 'ban', 'Revolucionário', ''),
    () => term(banVanguard, 'ban', 'de vanguardia', ''),
    () => term(banGenial, 'ban', 'genial', ''),
    () => term(exactCase, 'exact-case', 'redacta pro', 'Redacta Pro'),
    () => term(exactCase, 'exact-case', 'REDACTA PRO', 'Redacta Pro'),
    () => ({ text: 'Redacta Pro', fixed: 'Redacta Pro' }),
    () => ({ text: 'email', fixed: 'email' }),
    () => ({ text: 'revolución', fixed: 'revolución' }),
  ],
  en: [
    () => term(prefer, 'prefer', 'mail', 'email'),
    () => term(prefer, 'prefer', 'E-mail', 'Email'),
    () => term(preferCustomer, 'prefer', 'client', 'customer'),
    () => term(preferCustomer, 'prefer', 'Client', 'Customer'),
    () => term(preferCustomer, 'prefer', 'CLIENT', 'CUSTOMER'),
    () => term(banRevolution, 'ban', 'revolucionario', ''),
    () => term(exactCase, 'exact-case', 'Redacta pro', 'Redacta Pro'),
    () => ({ text: 'genial', fixed: 'genial' }),
    () => ({ text: 'de vanguardia', fixed: 'de vanguardia' }),
    () => ({ text: 'clients', fixed: 'clients' }),
  ],
};

/** Mulberry32: a small seeded generator, so every run builds the same texts. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
  };
}

export interface SeededText {
  language: StyleLanguage;
  text: string;
  /** In the checker's order: by start, then longer first. */
  violations: StyleViolation[];
  fixed: string;
}

/** Text number `seed`: paragraphs of sentences, about `words` words, violations in most sentences. */
export function seededText(seed: number, words = 120): SeededText {
  const rng = random(seed);
  const language: StyleLanguage = seed % 2 === 0 ? 'es' : 'en';
  const pick = <T>(list: T[]) => list[rng.int(0, list.length - 1)]!;
  let text = '';
  let fixed = '';
  const violations: StyleViolation[] = [];
  let written = 0;
  while (written < words) {
    if (text) {
      text += '\n';
      fixed += '\n';
    }
    const paragraphStart = text.length;
    const loud = rng.chance(0.3);
    let marks = 0;
    const sentenceCount = rng.int(2, 5);
    for (let s = 0; s < sentenceCount; s += 1) {
      if (s > 0) {
        text += ' ';
        fixed += ' ';
      }
      const long = rng.chance(0.1);
      const tokens: Token[] = Array.from({ length: long ? rng.int(28, 34) : rng.int(5, 12) }, () => ({
        text: pick(filler[language]),
        fixed: null as string | null,
      })).map((token) => ({ ...token, fixed: token.text }));
      const seeded = long ? 0 : rng.int(0, 2);
      // Sentences start with a capital (the sentence segmenter reads a lower-case word as the same sentence).
      const first = tokens[0]!;
      first.text = first.text[0]!.toUpperCase() + first.text.slice(1);
      first.fixed = first.text;
      for (let i = 0; i < seeded; i += 1)
        tokens.splice(rng.int(1, tokens.length), 0, pick(seeds[language])());
      const exclaim = loud ? s < 2 : rng.chance(0.15) && marks === 0;
      const sentenceStart = text.length;
      tokens.forEach((token, i) => {
        if (i > 0) text += ' ';
        if (token.violation) {
          violations.push({
            ...token.violation,
            start: text.length,
            end: text.length + token.text.length,
            found: token.text,
          });
        }
        text += token.text;
      });
      text += exclaim ? '!' : '.';
      marks += exclaim ? 1 : 0;
      fixed +=
        tokens.flatMap((token) => (token.fixed === null ? [] : [token.fixed])).join(' ') +
        (exclaim ? '!' : '.');
      const sentenceWords = tokens.reduce((sum, token) => sum + token.text.split(' ').length, 0);
      written += sentenceWords;
      if (sentenceWords > 25) {
        const found = text.slice(sentenceStart);
        violations.push({
          ruleId: sentenceLimit,
          kind: 'max-sentence-words',
          start: sentenceStart,
          end: text.length,
          found,
          suggestion: null,
        });
      }
    }
    if (marks > 1) {
      const found = text.slice(paragraphStart);
      violations.push({
        ruleId: exclamations,
        kind: 'max-exclamations',
        start: paragraphStart,
        end: text.length,
        found,
        suggestion: null,
      });
    }
  }
  violations.sort((a, b) => a.start - b.start || b.end - a.end || (a.ruleId < b.ruleId ? -1 : 1));
  return { language, text, violations, fixed };
}
