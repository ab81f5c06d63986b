import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyBrowserLocale,
  awaitsAccountLocale,
  browserLocale,
  currentLocale,
  i18n,
  initialLocale,
  initLocale,
} from './i18n';

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

describe('the language a page renewing a session starts in', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    localStorage.clear();
    await i18n.changeLanguage('es');
  });

  it('waits for the account instead of loading the browser’s texts, and takes the browser’s without a session', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    await initLocale(true);
    expect(currentLocale()).toBe('es');

    expect(awaitsAccountLocale('es')).toBe(false);
    expect(awaitsAccountLocale('en')).toBe(true);

    await applyBrowserLocale();
    expect(currentLocale()).toBe('en');
    expect(i18n.t('common.loading')).not.toBe(i18n.t('common.loading', { lng: 'es' }));
  });

  it('starts in the choice saved on this device, which no account or browser overrides', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES']);
    localStorage.setItem('redacta.locale', 'en');
    await initLocale(true);
    expect(currentLocale()).toBe('en');
    expect(awaitsAccountLocale('es')).toBe(false);

    await applyBrowserLocale();
    expect(currentLocale()).toBe('en');
  });

  it('without a session in flight starts in the browser’s language as before', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    await initLocale(false);
    expect(currentLocale()).toBe('en');
  });
});
