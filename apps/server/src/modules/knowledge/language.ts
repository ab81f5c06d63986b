import type { Locale } from '@redacta/shared';

/** Frequent words of each language that the other does not use (so "a", "no", "me" count for neither). */
const markers: Record<Locale, ReadonlySet<string>> = {
  es: new Set(
    'el la los las un una unos unas del al y o pero que de en con por para es son está están fue ser hay su sus nuestro nuestra se lo le como más muy también cuando donde este esta estos estas ese esa sin sobre entre todo todos cada puede pueden tiene tienen cuánto cuesta qué cómo cuál'.split(
      ' ',
    ),
  ),
  en: new Set(
    'the of and or but that in on with by for is are was were be been has have had it its our their this these those what which who how when where will would can could not all each from than more also your you we they'.split(
      ' ',
    ),
  ),
};

/**
 * The language of a passage or a question, Spanish or English: the one whose frequent words it uses
 * more, with Spanish's accents and ñ as a tie-breaker; `fallback` when nothing tells them apart.
 */
export function detectLanguage(text: string, fallback: Locale = 'es'): Locale {
  let es = 0;
  let en = 0;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (markers.es.has(word)) es += 1;
    if (markers.en.has(word)) en += 1;
  }
  if (es === en) {
    if (/[ñáéíóú¿¡]/i.test(text)) return 'es';
    return fallback;
  }
  return es > en ? 'es' : 'en';
}
