import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocale, initialLocale } from './i18n';

describe('the language a browser starts in', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [['en-GB'], 'en'],
    [['en-US', 'en'], 'en'],
    [['en-AU'], 'en'],
    [['EN'], 'en'],
    [['es-ES'], 'es'],
    [['es-MX', 'en-US'], 'es'],
    [['es-419'], 'es'],
    [['fr-FR', 'de-DE'], 'es'],
    [['fr-FR', 'en-GB'], 'en'],
    [['pt-BR', 'es-AR', 'en'], 'es'],
    [[], 'es'],
  ] as const)('%j → %s', (languages, expected) => {
    expect(browserLocale(languages)).toBe(expected);
  });

  it('follows navigator.languages until the user has chosen, then the choice wins', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    expect(initialLocale()).toBe('en');

    localStorage.setItem('redacta.locale', 'es');
    expect(initialLocale()).toBe('es');
  });

  it('reads navigator.language when the list is empty', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([]);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    expect(initialLocale()).toBe('en');
  });
});
