import {
  charCount,
  type Locale,
  type Template,
  type TemplateInputs,
  type TemplateOutput,
  type TemplateOutputPart,
} from '@redacta/shared';
import { demoTexts } from './languages.ts';
import { extractSubject } from './subject.ts';
import { partPools } from './template-pools.ts';

/** Fields whose input says what a run is about; a choice, number, address or language does not. */
const namingTypes = new Set(['text', 'longText']);

/**
 * The demo writer's options for a template run with these inputs (none for a template without parts):
 * its parts, and what it is about, which the demo cannot read from the prompt (the first input that
 * names a thing, such as the product).
 */
export function demoTemplate(
  template: Pick<Template, 'fields' | 'output'>,
  inputs: TemplateInputs,
): { output: TemplateOutput; templateSubject?: string } | undefined {
  if (!template.output) return undefined;
  const named = template.fields
    .filter((field) => namingTypes.has(field.type))
    .map((field) => inputs[field.key]?.trim())
    .find(Boolean);
  return named
    ? { output: template.output, templateSubject: named.split('\n')[0]! }
    : { output: template.output };
}

type PartKind = 'short' | 'sentence' | 'benefit' | 'section' | 'cta' | 'name' | 'path' | 'hashtag' | 'prose';

const kindWords: [PartKind, RegExp][] = [
  ['cta', /\b(?:cta|boton|button|llamada|call to action)\b/],
  ['hashtag', /\bhashtags?\b/],
  ['path', /\b(?:paths?|rutas?)\b/],
  ['name', /\b(?:names?|nombres?)\b/],
  ['section', /\b(?:sections?|apartados?|outline|guion|secciones|h2)\b/],
  ['benefit', /\b(?:bullets?|benefits?|ventajas?|beneficios?|vinetas?)\b/],
  ['prose', /\b(?:intro|entradilla|post|caption|publicacion|body|cuerpo|article|articulo)\b/],
  ['short', /\b(?:title|titulo|headlines?|titulares?|titulos?|subject|asuntos?)\b/],
];

/** What a part holds, from its key and label, else from its size. */
function kindOf(part: TemplateOutputPart): PartKind {
  const words = `${part.key} ${part.label}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ');
  const named = kindWords.find(([, pattern]) => pattern.test(words))?.[0];
  if (named) return named;
  if (part.maxChars !== undefined && part.maxChars <= 60) return 'short';
  if (part.maxChars !== undefined && part.maxChars <= 300) return 'sentence';
  return 'prose';
}

/** The text cut at the last space that fits `max` characters (or at `max` when one word is longer). */
function cut(text: string, max: number): string {
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
    (piece) => piece.segment,
  );
  if (graphemes.length <= max) return text;
  const head = graphemes.slice(0, max + 1).join('');
  const space = head.lastIndexOf(' ');
  return (space > 0 ? head.slice(0, space) : graphemes.slice(0, max).join('')).replace(/[\s,:;.-]+$/u, '');
}

/**
 * The subject, then shorter and shorter from the end ("Mochila impermeable de 30 litros", "Mochila
 * impermeable"…), never ending on a word such as "de" or "for".
 */
function subjectForms(subject: string, language: Locale): string[] {
  const words = subject.split(/\s+/).filter(Boolean);
  const { stopWords } = demoTexts[language];
  return words
    .map((_, index) => words.slice(0, words.length - index))
    .filter((form) => form.length === words.length || !stopWords.has(form.at(-1)!.toLowerCase()))
    .map((form) => form.join(' '));
}

/** Each phrase with the fullest subject that fits `max`, in the pool's order; those that never fit are left out. */
function fitting(
  phrases: ((subject: string) => string)[],
  subject: string,
  language: Locale,
  max: number | undefined,
): string[] {
  const forms = subjectForms(subject, language);
  return phrases.flatMap((phrase) => {
    const text = forms.map(phrase).find((candidate) => max === undefined || charCount(candidate) <= max);
    return text === undefined ? [] : [text];
  });
}

/** The most words of the subject a hashtag joins: "#MochilaImpermeable", not a whole sentence. */
const HASHTAG_WORDS = 2;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const camel = (words: string[]) =>
  words.map((word) => capitalised(word.replace(/[^\p{L}\p{N}]/gu, ''))).join('');

/** Distinct candidates, first to last. */
const distinct = (items: string[]) => [...new Set(items.filter(Boolean))];

function candidates(kind: PartKind, subject: string, language: Locale, max: number | undefined): string[] {
  const pools = partPools[language];
  const words = subject.split(/\s+/).filter(Boolean);
  const first = capitalised(words[0] ?? subject);
  switch (kind) {
    case 'short':
      return fitting(pools.short, subject, language, max);
    case 'sentence':
      return fitting(pools.sentence, subject, language, max);
    case 'benefit':
      return fitting(pools.benefit, subject, language, max);
    case 'section':
      return fitting(pools.section, subject, language, max);
    case 'cta':
      return fitting(pools.cta, subject, language, max);
    case 'name':
      return pools.nameWords
        .filter((word) => word.toLowerCase() !== first.toLowerCase())
        .flatMap((word, index) => (index % 2 === 0 ? [`${first} ${word}`] : [`${word} ${first}`]));
    case 'path':
      return [
        ...words
          .map((word) => capitalised(word.replace(/[^\p{L}\p{N}-]/gu, '')))
          .filter((word) => word.length >= 3),
        ...pools.paths,
      ];
    case 'hashtag':
      return [
        ...subjectForms(subject, language)
          .filter((form) => form.split(' ').length <= HASHTAG_WORDS)
          .map((form) => `#${camel(form.split(' '))}`)
          .filter((tag) => max === undefined || charCount(tag) <= max),
        ...pools.hashtags.map((tag) => `#${tag}`),
      ];
    case 'prose':
      return [];
  }
}

/** About this many characters of prose for a part without a tighter limit. */
const PROSE_CHARS = 700;

/** Sentences about the subject while they fit the part (at least one, cut to fit when alone too long). */
function prose(subject: string, language: Locale, max: number | undefined): string {
  const room = Math.min(max ?? PROSE_CHARS, PROSE_CHARS);
  // The whole subject once, then a shorter form, as a writer would not repeat a long name.
  const short = subjectForms(subject, language).find((form) => form.split(' ').length <= 3) ?? subject;
  const sentences = demoTexts[language].filler.sentences.map((sentence, index) =>
    sentence(index === 0 ? subject : short),
  );
  let text = '';
  for (const sentence of sentences) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (charCount(next) > room) break;
    text = next;
  }
  return text || cut(sentences[0]!, room);
}

/** One part's text: a whole phrase within its limit, or exactly its number of items, each within it. */
function partText(part: TemplateOutputPart, subject: string, language: Locale): string {
  const kind = kindOf(part);
  const max = part.maxChars;
  const fit = (text: string) => (max === undefined ? text : cut(text, max));
  if (!part.items) {
    if (kind === 'prose') return prose(subject, language, max);
    return fit(candidates(kind, subject, language, max)[0] ?? subject);
  }
  const own = candidates(kind, subject, language, max).map(fit);
  // A list longer than its kind's copy borrows from the short phrases, then numbers what is left.
  const spare = fitting(partPools[language].short, subject, language, max).map(fit);
  const items = distinct([...own, ...spare]).slice(0, part.items);
  for (let n = items.length + 1; items.length < part.items; n += 1) items.push(fit(`${subject} ${n}`));
  return items.map((item) => `- ${item}`).join('\n');
}

/** The most words of a subject the copy uses: a long input is a passage, its opening names it. */
const MAX_SUBJECT_WORDS = 8;

/** "para Zapatillas Trail X", "for Trail X": a name the prompt gives after a connector. */
const namedAfterConnector = /(?:^|\s)(?:para|de|del|sobre|for|of|about)\s+(\p{Lu}[^.!?]*)/gu;
/** What follows a name in the same sentence: " para nuestra tienda online", " de esta semana". */
const afterName = /\s+(?:para|de|del|en|con|for|of|in|on|with)\s+\p{Ll}.*$/u;

/**
 * What a run is about when the call does not say: the text after the colon of the prompt's first
 * line, else the last name there after a connector ("…de Google Ads para Zapatillas Trail X"), else
 * the line's subject as a chat request's is read.
 */
function subjectInPrompt(message: string, language: Locale): string {
  const firstLine = message.split('\n').find((line) => line.trim()) ?? '';
  const afterColon = firstLine.match(/:\s*(\S.*)$/)?.[1]?.trim();
  if (afterColon) return afterColon;
  const named = [...firstLine.matchAll(namedAfterConnector)].at(-1)?.[1];
  return named ? named.replace(afterName, '') : extractSubject(firstLine, language).text;
}

/**
 * A template run's answer in its labelled sections (`### key`, then the text; items one per line
 * starting with "- "), each part within its limit and with its number of items, about `subject` (the
 * run's, or else one read from the prompt).
 */
export function composeTemplateParts(
  output: TemplateOutput,
  subject: string | undefined,
  message: string,
  language: Locale,
): string {
  const about = (subject?.trim() || subjectInPrompt(message, language))
    .split(/\s+/)
    .slice(0, MAX_SUBJECT_WORDS)
    .join(' ')
    .replace(/[\s.,;:]+$/u, '');
  return output.parts.map((part) => `### ${part.key}\n${partText(part, about, language)}`).join('\n\n');
}
