/**
 * Words of a question that say nothing of what it asks about, in Spanish and English: articles,
 * prepositions, pronouns, auxiliaries and question words. Each text-search configuration drops only
 * its own language's stop words, so without this a Spanish question searched in the English
 * configuration would look for "el" and "de", and an English one in the Spanish for "the" and "is".
 */
const stopWords = new Set(
  (
    'a al algo algún alguna algunas alguno algunos ante antes aquí así aun aunque cada como cómo con contra cual cuál cuales cuáles ' +
    'cuando cuándo cuanto cuánto cuanta cuánta cuantos cuántos cuantas cuántas de del desde donde dónde durante e el él ella ellas ellos ' +
    'en entre era eres es esa esas ese eso esos esta está están estas este esto estos fue fueron ha han hay hasta la las le les lo ' +
    'los más me mi mis mucho muy nada ni no nos nosotros nuestra nuestras nuestro nuestros o os otra otro para pero poco por porque ' +
    'que qué quien quién quienes se sea ser si sí sin sobre son su sus también tanto te tiene tienen tu tus un una unas uno unos ' +
    'vosotros y ya yo usted ustedes vuestro vuestra puedo puede pueden hace hacer dime decir ' +
    'about above after again all am an and any are as at be been before being below between both but by can could did do does ' +
    'doing during each few for from further had has have having he her here hers him his how i if in into is it its itself just ' +
    'me more most my no nor not of off on once only or other our ours out over own same she should so some such than that the ' +
    'their theirs them then there these they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours tell much many'
  ).split(' '),
);

/**
 * The words of a question worth searching for, lower-cased, stop words of both languages left out; the
 * question itself when every word is one (so "¿Qué es?" still searches for something).
 */
export function searchTerms(question: string): string {
  const words = question.toLocaleLowerCase().match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];
  const kept = words.filter((word) => !stopWords.has(word));
  return kept.length > 0 ? kept.join(' ') : question;
}
