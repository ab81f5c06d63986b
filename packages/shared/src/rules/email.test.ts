import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  isValidEmail,
  linkPattern,
  looksLikePhoneNumber,
  normalizeEmail,
} from './email.ts';

describe('isValidEmail (the shared e-mail pattern)', () => {
  it.each([
    'john@example.com',
    'john.doe@example.com',
    'john.doe.jr@example.com',
    'john+tag@example.com',
    'JOHN@EXAMPLE.COM',
    'j_o-h%n!#$&*=?^`{|}~@example.com',
    '"john;doe"@example.com',
    '"john..doe"@example.com',
    'user@[192.168.0.1]',
    'user@mail.sub.example.co.uk',
    'user@my-domain.example',
    'ñandú@example.es',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['leading dot in local part', '.john@example.com'],
    ['trailing dot in local part', 'john.@example.com'],
    ['double dot in local part', 'john..doe@example.com'],
    ['comma', 'john,doe@example.com'],
    ['semicolon', 'john;doe@example.com'],
    ['colon', 'john:doe@example.com'],
    ['angle brackets', '<john>@example.com'],
    ['parentheses', 'john(doe)@example.com'],
    ['square brackets', 'john[doe]@example.com'],
    ['backslash', 'john\\doe@example.com'],
    ['space', 'john doe@example.com'],
    ['tab', 'john\tdoe@example.com'],
    ['trailing whitespace', 'john@example.com '],
    ['two at-signs', 'john@doe@example.com'],
    ['double at-sign', 'john@@example.com'],
    ['stray quote', 'jo"hn@example.com'],
    ['empty quoted local part', '""@example.com'],
    ['space in a quoted local part', '"john doe"@example.com'],
    ['tab in a quoted local part', '"john\tdoe"@example.com'],
    ['comma in a quoted local part', '"a,b"@example.com'],
    ['angle brackets in a quoted local part', '"<john>"@example.com'],
    ['quote in a quoted local part', '"jo"hn"@example.com'],
    ['a list hidden in quotes', '"a", someone@else.test, "b"@example.test'],
    ['an address with a display name hidden in quotes', '"x" <someone@else.test>, "b"@example.test'],
    ['no local part', '@example.com'],
    ['no domain', 'john@'],
    ['no at-sign', 'john.example.com'],
    ['no TLD', 'john@example'],
    ['one-letter TLD', 'john@example.c'],
    ['numeric TLD', 'john@example.123'],
    ['bare IP without brackets', 'john@192.168.0.1'],
    ['bracketed IP with a four-digit part', 'john@[1921.168.0.1]'],
    ['bracketed IP with three parts', 'john@[192.168.0]'],
    ['empty string', ''],
  ])('rejects %s (%s)', (_why, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('rejects addresses longer than 254 characters, even if well formed', () => {
    const domain = '@example.com';
    const atLimit = `${'a'.repeat(EMAIL_MAX_LENGTH - domain.length)}${domain}`;
    expect(isValidEmail(atLimit)).toBe(true);
    expect(isValidEmail(`a${atLimit}`)).toBe(false);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ana.García@Example.COM \n')).toBe('ana.garcía@example.com');
  });
});

describe('looksLikePhoneNumber', () => {
  it.each([
    '+34 612 345 678',
    '612345678',
    '612-345-678',
    '(612) 34.56.78',
    '+1 (555) 010-9999',
    ' 612345678 ',
  ])('takes %s for a phone number', (value) => {
    expect(looksLikePhoneNumber(value)).toBe(true);
  });

  it.each(['ana@example.com', '12345', '+34 612', '612345678a', 'ana612345678', '------', '+', ''])(
    'does not take %s for a phone number',
    (value) => {
      expect(looksLikePhoneNumber(value)).toBe(false);
    },
  );
});

describe('linkPattern', () => {
  const links = (text: string) => text.match(linkPattern) ?? [];

  it('finds http, https and www links, in any case, up to whitespace or quotes', () => {
    expect(
      links('Mira http://a.example/x?y=1 y HTTPS://B.example/path, o www.c.example "fin" <www.d.example>'),
    ).toEqual(['http://a.example/x?y=1', 'HTTPS://B.example/path,', 'www.c.example', 'www.d.example']);
  });

  it('ignores text without a scheme or www', () => {
    expect(links('example.com, ftp://x.example, mailto:ana@example.com, wwwx')).toEqual([]);
  });
});
