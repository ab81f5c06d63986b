import { describe, expect, it } from 'vitest';
import { createTextRevealer } from './text-revealer';

const burst =
  'Una marca de cosmética natural necesita un nombre corto, fácil de decir y de recordar. '.repeat(3);

describe('text revealer', () => {
  it('draws a burst that arrived at once over several growing steps, then settles on all of it', async () => {
    const shown: string[] = [];
    const revealer = createTextRevealer((text) => shown.push(text));
    revealer.push(burst);
    await revealer.settled();
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(shown.at(-1)).toBe(burst);
    for (let i = 1; i < shown.length; i += 1) {
      expect(shown[i]!.length).toBeGreaterThan(shown[i - 1]!.length);
      expect(burst.startsWith(shown[i]!)).toBe(true);
    }
  });

  it('flush shows everything received at once and releases whoever waits', async () => {
    const shown: string[] = [];
    const revealer = createTextRevealer((text) => shown.push(text));
    revealer.push(burst);
    const settled = revealer.settled();
    revealer.flush();
    await settled;
    expect(shown.at(-1)).toBe(burst);
    expect(revealer.received).toBe(burst);
  });

  it('never splits an emoji', async () => {
    const shown: string[] = [];
    const revealer = createTextRevealer((text) => shown.push(text));
    const text = `${'a'.repeat(11)}🙂${'b'.repeat(40)}`;
    revealer.push(text);
    await revealer.settled();
    for (const step of shown) expect(step.endsWith('\ud83d')).toBe(false);
  });
});
