import { describe, expect, it } from 'vitest';
import { applyFixes, checkStyle, needsRewrite } from '../../src/style/index.ts';
import { fixtureRules, seededText } from './seeded-texts.ts';

const texts = Array.from({ length: 50 }, (_, seed) => seededText(seed + 1));

describe('50 texts seeded with violations', () => {
  it('carry violations of every kind, in both languages', () => {
    const all = texts.flatMap((fixture) => fixture.violations);
    expect(new Set(all.map((v) => v.kind))).toEqual(
      new Set(['prefer', 'ban', 'exact-case', 'max-sentence-words', 'max-exclamations']),
    );
    expect(all.length).toBeGreaterThan(200);
    expect(new Set(texts.map((fixture) => fixture.language))).toEqual(new Set(['es', 'en']));
  });

  it.each(texts.map((fixture, i) => [i + 1, fixture] as const))(
    'text %i: every violation, at its place',
    (_, fixture) => {
      expect(checkStyle(fixture.text, fixtureRules, fixture.language)).toEqual(fixture.violations);
    },
  );

  it.each(texts.map((fixture, i) => [i + 1, fixture] as const))(
    'text %i: fix all leaves no directly fixable violation and changes nothing else',
    (_, fixture) => {
      const fixed = applyFixes(fixture.text, checkStyle(fixture.text, fixtureRules, fixture.language));
      expect(fixed).toBe(fixture.fixed);
      expect(
        checkStyle(fixed, fixtureRules, fixture.language).filter(
          (v) => v.suggestion !== null && !needsRewrite(v),
        ),
      ).toEqual([]);
    },
  );
});
