import { expect, it } from 'vitest';
import { firstFailure, type CoEditingCase } from './rounds';

/** Seeded rounds per case and number of editors. */
export const ROUNDS = 1000;

/**
 * The test of one case: `people` editors type their own text at once at the same spot, in seeded
 * rounds of their own network delays; a failure names the case and the seed that replays it. Rounds
 * of three editors take twice as long, so their seeds are split between two files (`half`), which
 * Vitest's workers run side by side.
 */
export function typingAtOnce(testCase: CoEditingCase, people: 2 | 3, half?: 1 | 2): void {
  const [first, rounds] = half ? [1 + (half - 1) * (ROUNDS / 2), ROUNDS / 2] : [1, ROUNDS];
  const seeds = `seeds ${first}–${first + rounds - 1} of ${ROUNDS}`;
  it(`${people} people typing at once into ${testCase.name} each keep their text, once and whole (${seeds})`, () => {
    expect(firstFailure(testCase, people, rounds, first)).toBeNull();
  }, 600_000);
}
