import type { KnowledgeLocator, Locale } from '@redacta/shared';
import { detectLanguage } from './language.ts';
import type { Section } from './parse/sections.ts';

/** Words a passage aims for: enough context for a fact, small enough that several fit in a prompt. */
export const PASSAGE_WORDS = 220;
/** Words the next passage repeats from the end of the one before, so a fact cut at the edge is whole in one. */
export const PASSAGE_OVERLAP_WORDS = 30;

export interface Passage {
  position: number;
  text: string;
  locator: KnowledgeLocator;
  language: Locale;
}

/**
 * A source's sections as passages: each section (a page, the text under a heading) is cut into
 * passages of about PASSAGE_WORDS words, at sentence ends where possible, each overlapping the one
 * before by PASSAGE_OVERLAP_WORDS; a passage never spans two sections, so it keeps one place. Each
 * passage gets its own language, since a source may mix Spanish and English.
 */
export function toPassages(sections: Section[]): Passage[] {
  // A passage too short to tell its language is taken to be in the language of the whole source.
  const sourceLanguage = detectLanguage(sections.map((section) => section.text).join('\n'));
  const passages: Passage[] = [];
  for (const section of sections) {
    for (const text of splitSection(section.text)) {
      passages.push({
        position: passages.length,
        text,
        locator: section.locator,
        language: detectLanguage(text, sourceLanguage),
      });
    }
  }
  return passages;
}

function splitSection(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= PASSAGE_WORDS) return words.length ? [normalise(text)] : [];
  const pieces: string[] = [];
  let start = 0;
  while (start < words.length) {
    let end = Math.min(start + PASSAGE_WORDS, words.length);
    if (end < words.length) {
      // End at the last sentence end in the passage's second half, when there is one.
      for (let i = end; i > start + PASSAGE_WORDS / 2; i -= 1) {
        if (/[.!?…:]["»”)]?$/.test(words[i - 1]!)) {
          end = i;
          break;
        }
      }
    }
    pieces.push(words.slice(start, end).join(' '));
    if (end >= words.length) break;
    start = end - PASSAGE_OVERLAP_WORDS;
  }
  return pieces;
}

/** Paragraph breaks kept (one newline), every other run of spaces one space. */
function normalise(text: string): string {
  return text
    .split(/\n+/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join('\n');
}
