import type { ItemFamily, RequestKind } from './vocabulary.ts';

/**
 * The shape of the demo writer's copy in one language. Every template takes the subject as the user
 * wrote it and places it where any noun phrase reads well ("con…", "para…", "sobre…", after a colon),
 * so it is never re-inflected, re-cased or agreed with: "Con zapatillas de running, ahorras tiempo".
 */
export type ListFamily = Exclude<ItemFamily, 'hashtag' | 'variant'>;
export type Template = (subject: string) => string;

/**
 * Items built as template × twist: distinct for up to templates × twists items. Twists come in
 * rounds (the first round plain, when the first twist is empty), or, when `spread`, change from one
 * item to the next (then `templates + 1` and the twist count must share no divisor).
 */
export interface ItemPool {
  templates: Template[];
  twists: string[];
  spread?: boolean;
}

export interface FrameList {
  family: ListFamily;
  count: number;
  /** The line before the list, given the count and the label ("Te contamos tres claves:"). */
  intro: ((count: number, label: string) => string) | null;
  /** The label the frame uses by default ("claves" rather than "consejos"). */
  label?: string;
  /** Fixed default items, shown as bullets; a requested count replaces them with a numbered list. */
  items?: string[];
}

/** A piece of copy: its heading and opening, a body, maybe a list, and what closes it. */
export interface KindFrame {
  head: string[];
  body: string[];
  list: FrameList | null;
  tail: string[];
  /** How many of the tail's last blocks sign the piece off: a voice's closing goes before them. */
  signOff: number;
}

export type FrameKind = Exclude<RequestKind, 'ideas'>;

export interface DemoTexts {
  frame: (kind: FrameKind, subject: string, seed: number, hashtags: string) => KindFrame;
  /** Heading of a piece ("Anuncio", "Correo"), shown as "## Anuncio: …". */
  kindHeading: Record<RequestKind, string>;
  /** Singular and plural name of what a list holds. */
  labels: Record<ItemFamily, [string, string]>;
  items: Record<Exclude<ListFamily, 'name' | 'section'>, ItemPool>;
  sections: { first: Template; last: Template; middle: ItemPool };
  names: { prefixes: string[]; suffixes: string[]; reasons: string[]; fallback: string };
  /** One-line versions of a whole piece, for "3 variantes de un anuncio". */
  variants: Record<RequestKind, ItemPool>;
  /** The line before numbered variants ("Tres variantes para elegir:"). */
  variantsIntro: (count: number) => string;
  hashtags: { generic: string[]; prefixes: string[]; suffixes: string[] };
  filler: { sentences: Template[]; openers: string[]; sections: string[]; lastSection: string };
  closings: Record<'informal' | 'formal' | 'neutral', string>;
  /** The kind as a request names it ("un anuncio"), for Improve. */
  kindRequest: Record<RequestKind, string>;
  improve: (what: string, connector: string, subject: string, words: number | null) => string;
  /** Two to ten in words (gender-neutral in both languages), other numbers in digits. */
  numberWord: (count: number) => string;
  stopWords: Set<string>;
}

export function pick<T>(options: readonly T[], seed: number): T {
  return options[seed % options.length]!;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `count` distinct items from a pool, starting at a place the seed chooses. */
export function poolItems(pool: ItemPool, subject: string, count: number, seed: number): string[] {
  const { templates, twists, spread } = pool;
  const items: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const template = templates[(seed + i) % templates.length]!;
    const round = Math.floor(i / templates.length);
    const twist = twists[(spread ? round + i : round) % twists.length]!;
    items.push(`${template(subject)}${twist}`);
  }
  return items;
}
