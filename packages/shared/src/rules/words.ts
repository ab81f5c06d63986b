const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Words as a reader counts them (DESIGN §4): word-like segments of Intl.Segmenter. */
export function countWords(text: string): number {
  let count = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) count += 1;
  return count;
}
