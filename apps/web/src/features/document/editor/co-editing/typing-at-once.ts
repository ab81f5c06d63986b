import { expect, it } from 'vitest';
import { firstFailure, type CoEditingCase } from './rounds';

/** Seeded rounds per case and number of editors. */
export const ROUNDS = 1000;

/**
 * The test of one case: `people` editors type their own text at once at the same spot, in seeded
 * rounds of their own network delays; a failure names the case and the seed that replays it. Each
 * case is a file of its own, with its two and three editors: a file's set-up (its DOM, the editor's
 * modules) costs seconds, so they are few, and Vitest's workers run them side by side.
 */
export function typingAtOnce(testCase: CoEditingCase, people: 2 | 3): void {
  it(`${people} people typing at once into ${testCase.name} each keep their text, once and whole (${ROUNDS} seeded rounds)`, () => {
    expect(firstFailure(testCase, people, ROUNDS)).toBeNull();
  }, 600_000);
}
