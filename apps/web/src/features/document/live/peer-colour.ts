/**
 * Caret, selection and avatar colours, distinct from each other and dark enough for white initials and
 * names on them (contrast 4.5:1 or more).
 */
const palette = ['#a21caf', '#0369a1', '#c2410c', '#047857', '#be123c', '#6d28d9', '#a16207', '#0f766e'];

/** One colour per person, the same on every screen: derived from the user id, not chosen at random. */
export function peerColour(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}
