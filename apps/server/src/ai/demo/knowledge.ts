import type { Locale } from '@redacta/shared';

/** A passage the demo writer may quote, with the number the reply cites it by (JSON, as provider options are). */
export type DemoFact = { n: number; text: string };

/** Facts quoted at most: the best passages, one sentence each. */
const QUOTED_FACTS = 3;

const heading: Record<Locale, string> = {
  es: '**Datos de vuestro conocimiento:**',
  en: '**Facts from your knowledge:**',
};

const wordsOf = (text: string) =>
  new Set((text.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length > 2));

/** The passage's sentence that shares the most words with the request (its first on a tie). */
function bestSentence(passage: string, request: string): string {
  const asked = wordsOf(request);
  const sentences = passage
    .match(/[^.!?\n]+[.!?]*/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [passage];
  let best = sentences[0] ?? passage;
  let bestScore = -1;
  for (const sentence of sentences) {
    let score = 0;
    for (const word of wordsOf(sentence)) if (asked.has(word)) score += 1;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The demo reply with the knowledge it was given: the most relevant sentence of each of the best
 * passages, quoted verbatim and cited [n], so a team sees its own facts used and cited with no model.
 */
export function withKnowledgeFacts(
  reply: string,
  facts: readonly DemoFact[] | undefined,
  request: string,
  language: Locale,
): string {
  if (!facts?.length) return reply;
  const lines = facts
    .slice(0, QUOTED_FACTS)
    .map((fact) => `- ${bestSentence(fact.text, request)} [${fact.n}]`);
  return `${reply}\n\n${heading[language]}\n\n${lines.join('\n')}`;
}
