import { describe, expect, it } from 'vitest';
import { differs, versionDiff } from './diff';

describe('versionDiff', () => {
  it('marks words only in the version as added and words only in the document now as removed', () => {
    const segments = versionDiff('Hola equipo de ventas', 'Hola equipo de marketing');
    expect(segments.filter((s) => s.kind === 'added').map((s) => s.text.trim())).toEqual(['marketing']);
    expect(segments.filter((s) => s.kind === 'removed').map((s) => s.text.trim())).toEqual(['ventas']);
    // Read without the removed runs, it is the version exactly.
    expect(
      segments
        .filter((s) => s.kind !== 'removed')
        .map((s) => s.text)
        .join(''),
    ).toBe('Hola equipo de marketing');
    expect(differs(segments)).toBe(true);
  });

  it('keeps line breaks, and finds no difference in the same text', () => {
    const segments = versionDiff('Uno\nDos', 'Uno\nDos');
    expect(differs(segments)).toBe(false);
    expect(segments.map((s) => s.text).join('')).toBe('Uno\nDos');
  });
});
