import { countWords, type Locale } from '@redacta/shared';
import { demoTexts } from './languages.ts';
import { elaborate, proseBlocks } from './length.ts';
import { bulleted, hashtagLine, listItems, numbered } from './lists.ts';
import { MAX_HASHTAGS, parseRequest, type DemoRequest, type RequestedList } from './request.ts';
import { capitalize, type DemoTexts, type FrameKind, type ListFamily } from './texts.ts';
import { speakInVoice, voiceClosing, voiceHabits, type DemoBrandVoice } from './voice.ts';
import {
  demoLanguage,
  demoLengthWords,
  habitsWithTone,
  onlySpanishAndEnglish,
  type DemoControls,
} from './controls.ts';

/**
 * The offline demo writer's copy: deterministic, composed from templates, and shaped by what was
 * asked — the kind of copy, how many items ("5 ideas", "give me 7 slogans"), about how many words
 * ("800 palabras", up to MAX_WORDS), the subject exactly as written, and one language throughout
 * (the one asked for, else the request's own, else the workspace's). The text is the copy and only
 * the copy: the app labels demo replies itself, so nothing here says who wrote it.
 */
const DEFAULT_ITEMS = 5;
const DEFAULT_HASHTAGS = 3;
/** An article asked for without a length is a short one. */
const ARTICLE_WORDS = 400;

function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const defaultConnector: Record<Locale, string> = { es: 'para', en: 'for' };

/** What a list is called: the user's own word when it is in the reply language, else ours. */
function labelOf(texts: DemoTexts, list: RequestedList, count: number): string {
  const [singular, plural] = texts.labels[list.family];
  if (count === 1) return singular;
  return list.noun ?? plural;
}

const isListFamily = (family: RequestedList['family']): family is ListFamily =>
  family !== 'hashtag' && family !== 'variant';

const words = (blocks: string[]) => countWords(blocks.join('\n\n'));

/** A reply that is the list itself: "## 5 ideas para …", whole variants, or a line of hashtags. */
function listReply(
  request: DemoRequest,
  list: RequestedList,
  texts: DemoTexts,
  seed: number,
  closing: string[],
) {
  const { kind, subject } = request;
  const count = list.count ?? DEFAULT_ITEMS;
  const label = labelOf(texts, list, count);
  const connector = request.connector ?? defaultConnector[request.language];
  const counted = list.count === null || count === 1 ? capitalize(label) : `${count} ${label}`;
  const heading = `## ${counted} ${connector} ${subject}`;
  if (list.family === 'hashtag') {
    const head = [heading];
    const tags = hashtagLine(texts, subject, Math.min(count, MAX_HASHTAGS), seed);
    const prose = request.words
      ? proseBlocks(texts, subject, seed, request.words - words([...head, tags, ...closing]), false)
      : [];
    return [...head, ...prose, tags, ...closing];
  }
  const head =
    list.family === 'variant'
      ? [`## ${texts.kindHeading[kind]}: ${subject}`, texts.variantsIntro(count)]
      : [heading];
  let items = listItems(texts, list.family, kind, subject, count, seed);
  if (request.words) {
    items = elaborate(
      texts,
      subject,
      seed,
      items,
      request.words - words([...head, numbered(items), ...closing]),
    );
  }
  return [...head, numbered(items), ...closing];
}

/** A piece of copy of its kind, with the list it holds, sized to the length asked for. */
function pieceReply(request: DemoRequest, texts: DemoTexts, seed: number, closing: string[]) {
  const { subject, list } = request;
  const kind: FrameKind = request.kind === 'ideas' ? 'general' : request.kind;
  const hashtagCount =
    list?.family === 'hashtag' ? Math.min(list.count ?? DEFAULT_HASHTAGS, MAX_HASHTAGS) : DEFAULT_HASHTAGS;
  const hashtags = hashtagLine(texts, subject, hashtagCount, seed);
  const frame = texts.frame(kind, subject, seed, hashtags);
  const asked = list && isListFamily(list.family) ? { ...list, family: list.family } : null;

  let listBlocks: string[] = [];
  let items: string[] = [];
  if (asked || frame.list) {
    // In an outline, whatever is counted ("8 puntos", "5 apartados") is its sections.
    const family = asked ? (kind === 'outline' ? 'section' : asked.family) : frame.list!.family;
    const count = asked?.count ?? frame.list?.count ?? DEFAULT_ITEMS;
    const label = asked ? labelOf(texts, asked, count) : (frame.list!.label ?? texts.labels[family][1]);
    const intro = (frame.list?.intro ?? ((_, name: string) => `**${capitalize(name)}:**`))(count, label);
    const fixed = !asked && frame.list?.items;
    items = fixed || listItems(texts, family, kind, subject, count, seed);
    listBlocks = fixed
      ? [bulleted(items)]
      : [...(frame.list?.intro === null ? [] : [intro]), numbered(items)];
  }
  const tail = [...frame.tail];
  if (list?.family === 'hashtag' && kind !== 'social') tail.push(hashtags);
  tail.splice(tail.length - frame.signOff, 0, ...closing);

  const target = request.words ?? (kind === 'article' ? ARTICLE_WORDS : null);
  // A short length leaves out the list nobody asked for rather than overshoot.
  if (target !== null && !asked && words([...frame.head, ...listBlocks, ...tail]) > target * 0.8) {
    listBlocks = [];
    items = [];
  }
  let body = frame.body;
  if (target !== null && kind === 'outline' && items.length > 0) {
    const rest = target - words([...frame.head, ...listBlocks, ...tail]);
    listBlocks = [numbered(elaborate(texts, subject, seed, items, rest))];
  } else if (target !== null) {
    body = proseBlocks(
      texts,
      subject,
      seed,
      target - words([...frame.head, ...listBlocks, ...tail]),
      kind === 'article',
    );
  }
  return [...frame.head, ...body, ...listBlocks, ...tail];
}

/**
 * The reply to a chat request, in `brandVoice` when the chat has one. `variant` picks another
 * wording of the same reply (0, the first, depends on the message alone). The composer's controls
 * (controls.ts) set its language, its length (over one the message names) and its tone.
 */
export function composeDemoReply(
  message: string,
  workspaceLanguage: Locale,
  brandVoice: DemoBrandVoice | null = null,
  variant = 0,
  controls: DemoControls = {},
): string {
  const language = demoLanguage(controls.language);
  const parsed = parseRequest(message, workspaceLanguage, language ?? undefined);
  const request = controls.length ? { ...parsed, words: demoLengthWords(controls.length) } : parsed;
  const texts = demoTexts[request.language];
  const seed = (seedOf(message) + variant) >>> 0;
  const habits = habitsWithTone(brandVoice ? voiceHabits(brandVoice.voice) : null, controls.tone);
  const closing = habits ? [voiceClosing(habits, request.language)] : [];
  const { list } = request;
  const isList = list && (list.family === 'variant' || !list.embedded);
  const blocks = isList
    ? listReply(request, list, texts, seed, closing)
    : pieceReply(request, texts, seed, closing);
  const copy = blocks.join('\n\n');
  const reply = habits ? speakInVoice(copy, habits, request.language, request.subject) : copy;
  if (controls.language && !language) {
    return `${onlySpanishAndEnglish(controls.language, request.language)}\n\n${reply}`;
  }
  return reply;
}

const ofWord: Record<Locale, string> = { es: 'de', en: 'of' };
const aboutWord: Record<Locale, string> = { es: 'sobre', en: 'about' };

/** The answer to "Improve": the draft rewritten as a complete request, keeping what it asked for. */
export function composeImprovedPrompt(message: string, workspaceLanguage: Locale): string {
  const request = parseRequest(message, workspaceLanguage);
  const texts = demoTexts[request.language];
  const { list, language } = request;
  let what = texts.kindRequest[request.kind];
  if (list?.count) {
    const counted = `${list.count} ${labelOf(texts, list, list.count)}`;
    what =
      list.family === 'variant'
        ? `${counted} ${ofWord[language]} ${texts.kindRequest[request.kind]}`
        : counted;
  }
  return texts.improve(what, request.connector ?? aboutWord[language], request.subject, request.words);
}
