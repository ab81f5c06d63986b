import type { Locale } from '@redacta/shared';
import { searchTerms } from '../../modules/knowledge/question.ts';

/** A passage the demo writer may quote, with the number the reply cites it by (JSON, as provider options are). */
export type DemoFact = { n: number; text: string };

/** Passages quoted, one sentence each, when none shares a word with the request. */
const QUOTED_FACTS = 3;
/** Sentences quoted at most: the facts stay a short list under the reply. */
const QUOTED_SENTENCES = 8;

const heading: Record<Locale, string> = {
  es: '**Datos de vuestro conocimiento:**',
  en: '**Facts from your knowledge:**',
};

/** A word as the matching compares it: lower-cased, without accents, without a plural ending. */
const stem = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/(?<=\p{L}{3})e?s$/u, '');

const wordsOf = (text: string) =>
  new Set(
    (text.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length > 2).map(stem),
  );

interface Sentence {
  n: number;
  text: string;
  /** The request's words it contains. */
  asked: Set<string>;
}

function sentencesOf(fact: DemoFact, asked: Set<string>): Sentence[] {
  const texts = fact.text
    .match(/[^.!?\n]+[.!?]*/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [fact.text];
  return texts.map((text) => ({
    n: fact.n,
    text,
    asked: new Set([...wordsOf(text)].filter((word) => asked.has(word))),
  }));
}

/** The sentence of a passage with the most of the request's words (its first on a tie). */
const best = (sentences: Sentence[]) =>
  sentences.reduce((top, sentence) => (sentence.asked.size > top.asked.size ? sentence : top));

/**
 * The sentences that answer the request: from every passage that shares a word with it, its best
 * sentence; then, from any passage, the sentences that say what the request asks and none of those
 * says yet (a price and a delivery time asked together may be two sentences of one passage). In the
 * passages' order. With no passage sharing a word, the first sentence of the best passages.
 */
function answeringSentences(facts: readonly DemoFact[], request: string): Sentence[] {
  const asked = wordsOf(searchTerms(request));
  const passages = facts.map((fact) => sentencesOf(fact, asked)).filter((sentences) => sentences.length);
  const chosen = passages.map(best).filter((sentence) => sentence.asked.size > 0);
  if (chosen.length === 0) return passages.slice(0, QUOTED_FACTS).map((sentences) => sentences[0]!);
  const said = new Set(chosen.flatMap((sentence) => [...sentence.asked]));
  const unsaid = (sentence: Sentence) => [...sentence.asked].filter((word) => !said.has(word)).length;
  const all = passages.flat();
  for (;;) {
    let next: Sentence | undefined;
    for (const sentence of all) if (unsaid(sentence) > (next ? unsaid(next) : 0)) next = sentence;
    if (!next) break;
    chosen.push(next);
    for (const word of next.asked) said.add(word);
  }
  return chosen.slice(0, QUOTED_SENTENCES).sort((a, b) => all.indexOf(a) - all.indexOf(b));
}

/**
 * The demo reply with the knowledge it was given: the sentences of the passages that answer the
 * request, quoted verbatim and each cited [n], so a team sees its own facts used and cited with no model.
 */
export function withKnowledgeFacts(
  reply: string,
  facts: readonly DemoFact[] | undefined,
  request: string,
  language: Locale,
): string {
  if (!facts?.length) return reply;
  const lines = answeringSentences(facts, request).map((sentence) => `- ${sentence.text} [${sentence.n}]`);
  return `${reply}\n\n${heading[language]}\n\n${lines.join('\n')}`;
}
