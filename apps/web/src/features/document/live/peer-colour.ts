/** Caret and selection colours, readable on both themes and distinct from each other. */
const palette = ['#d946ef', '#0ea5e9', '#f97316', '#10b981', '#e11d48', '#8b5cf6', '#ca8a04', '#14b8a6'];

/** One colour per person, the same on every screen: derived from the user id, not chosen at random. */
export function peerColour(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}
