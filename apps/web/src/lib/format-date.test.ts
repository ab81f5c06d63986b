import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from './i18n';
import { longDate, shortDate, shortTime } from './format-date';

/** 24 December 2026, 09:05:37 local time: seconds that must never show. */
const moment = new Date(2026, 11, 24, 9, 5, 37);

describe('one date and time style per language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes Spanish dates long in sentences, short in lists, and times without seconds', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES']);
    await changeLocale('es');
    expect(longDate(moment)).toBe('24 de diciembre de 2026');
    expect(shortDate(moment)).toBe('24 dic 2026');
    expect(shortTime(moment)).toBe('09:05');
    expect(longDate(moment.toISOString())).toBe(longDate(moment));
  });

  it('writes English the browser’s regional way, still without seconds', async () => {
    await changeLocale('en');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    expect(longDate(moment)).toBe('24 December 2026');
    expect(shortTime(moment)).toBe('09:05');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(shortDate(moment)).toBe('Dec 24, 2026');
    expect(shortTime(moment)).toBe('09:05 AM');
  });
});
