import { describe, expect, it } from 'vitest';
import { applyFixes, checkStyle, fixEdit, needsRewrite, sentenceAround, type StyleRule } from './index.ts';

const ban = (phrase: string, language?: 'es' | 'en'): StyleRule => ({
  id: `ban-${phrase}`,
  kind: 'ban',
  phrase,
  language,
});
const found = (text: string, rules: StyleRule[], language: 'es' | 'en' = 'es') =>
  checkStyle(text, rules, language).map((v) => [v.found, v.start, v.end, v.suggestion]);

describe('matching a term', () => {
  it('ignores case, and finds whole words only', () => {
    expect(
      found('Revolucionario, REVOLUCIONARIO y revolucionario; revolucionariamente no.', [
        ban('revolucionario'),
      ]),
    ).toEqual([
      ['Revolucionario', 0, 14, ''],
      ['REVOLUCIONARIO', 16, 30, ''],
      ['revolucionario', 33, 47, ''],
    ]);
  });

  it('lets a letter written without an accent match any accent, and an accented letter only itself', () => {
    expect(
      found('La revolución, la revolucion, LA REVOLUCIÓN.', [ban('revolucion')]).map(([f]) => f),
    ).toEqual(['revolución', 'revolucion', 'REVOLUCIÓN']);
    expect(found('Dijo que sí. Si quieres, SÍ.', [ban('sí')]).map(([f]) => f)).toEqual(['sí', 'SÍ']);
  });

  it('reads decomposed accents as the composed ones, at their UTF-16 positions', () => {
    const decomposed = 'Una revolucio\u0301n y un cafe\u0301.';
    expect(found(decomposed, [ban('revolución'), ban('cafe')])).toEqual([
      ['revolucio\u0301n', 4, 15, ''],
      ['cafe\u0301', 21, 26, ''],
    ]);
  });

  it('counts positions in UTF-16 code units past characters outside the BMP', () => {
    expect(found('🚀🚀 Oferta revolucionaria', [ban('revolucionaria')])).toEqual([
      ['revolucionaria', 12, 26, ''],
    ]);
  });

  it('matches a phrase across any white space', () => {
    expect(found('Es de\nvanguardia y de   vanguardia.', [ban('de vanguardia')]).map(([f]) => f)).toEqual([
      'de\nvanguardia',
      'de   vanguardia',
    ]);
  });

  it('applies a rule to its language only, and a rule without one to both', () => {
    const rules = [ban('awesome', 'en'), ban('genial', 'es'), ban('wow')];
    expect(found('awesome genial wow', rules, 'en').map(([f]) => f)).toEqual(['awesome', 'wow']);
    expect(found('awesome genial wow', rules, 'es').map(([f]) => f)).toEqual(['genial', 'wow']);
  });
});

describe('prefer', () => {
  const prefer: StyleRule = { id: 'p', kind: 'prefer', use: 'email', avoid: ['e-mail', 'mail'] };

  it('suggests the preferred term with the capitals of the word found', () => {
    expect(found('Un mail, un Mail, un E-MAIL y un e-mail.', [prefer])).toEqual([
      ['mail', 3, 7, 'email'],
      ['Mail', 12, 16, 'Email'],
      ['E-MAIL', 21, 27, 'EMAIL'],
      ['e-mail', 33, 39, 'email'],
    ]);
  });

  it('keeps the preferred term as written when the word found is in lower case', () => {
    const rule: StyleRule = { id: 'w', kind: 'prefer', use: 'WhatsApp', avoid: ['wasap'] };
    expect(found('un wasap y un WASAP', [rule])).toEqual([
      ['wasap', 3, 8, 'WhatsApp'],
      ['WASAP', 14, 19, 'WHATSAPP'],
    ]);
  });

  it('does not flag an avoided word inside the preferred term', () => {
    const rule: StyleRule = { id: 'p', kind: 'prefer', use: 'e-mail', avoid: ['mail'] };
    expect(found('Tu e-mail o tu mail', [rule])).toEqual([['mail', 15, 19, 'e-mail']]);
  });
});

describe('exact-case', () => {
  it('flags the term written in any other case and suggests it', () => {
    const rule: StyleRule = { id: 'c', kind: 'exact-case', term: 'Redacta Pro' };
    expect(found('Redacta Pro, redacta pro y REDACTA PRO', [rule])).toEqual([
      ['redacta pro', 13, 24, 'Redacta Pro'],
      ['REDACTA PRO', 27, 38, 'Redacta Pro'],
    ]);
  });
});

describe('limits', () => {
  it('reports each sentence longer than the limit, with no suggestion', () => {
    const rule: StyleRule = { id: 'w', kind: 'max-sentence-words', value: 4 };
    expect(found('Uno dos tres. Uno dos tres cuatro cinco.\nSeis siete.', [rule])).toEqual([
      ['Uno dos tres cuatro cinco.', 14, 40, null],
    ]);
  });

  it('counts closing exclamation marks per paragraph', () => {
    const rule: StyleRule = { id: 'x', kind: 'max-exclamations', value: 1 };
    expect(found('¡Hola! Qué tal.\n¡Hola! ¡Adiós!\n', [rule])).toEqual([['¡Hola! ¡Adiós!', 16, 30, null]]);
  });
});

describe('fixes', () => {
  it('never deletes a banned phrase: it makes no direct edit for it, in Spanish or English', () => {
    const cases: [string, string, StyleRule[], 'es' | 'en'][] = [
      ['¿Buscas resultados sin complicaciones?', 'complicaciones', [ban('complicaciones')], 'es'],
      ['Compra sin complicaciones y disfruta.', 'complicaciones', [ban('complicaciones')], 'es'],
      ['Un producto **revolucionario** para ti.', 'revolucionario', [ban('revolucionario')], 'es'],
      ['A truly game-changer app for you.', 'game-changer', [ban('game-changer', 'en')], 'en'],
      ['Hassle-free results, every day.', 'Hassle-free', [ban('hassle-free', 'en')], 'en'],
    ];
    for (const [text, phrase, rules, language] of cases) {
      const violations = checkStyle(text, rules, language);
      expect(violations.map((v) => v.found)).toEqual([phrase]);
      expect(needsRewrite(violations[0]!)).toBe(true);
      expect(fixEdit(text, violations[0]!)).toBeNull();
      expect(applyFixes(text, violations)).toBe(text);
    }
  });

  it('fix all applies the direct fixes and leaves each banned phrase to its own rewrite', () => {
    const rules: StyleRule[] = [
      ban('complicaciones'),
      { id: 'p', kind: 'prefer', use: 'email', avoid: ['mail'] },
      { id: 'c', kind: 'exact-case', term: 'Redacta' },
    ];
    const text = 'Manda un Mail con redacta sin complicaciones y disfruta.';
    expect(applyFixes(text, checkStyle(text, rules, 'es'))).toBe(
      'Manda un Email con Redacta sin complicaciones y disfruta.',
    );
  });

  it('replaces a preferred term with the form the rules give for it, singular or plural, keeping capitals', () => {
    const rules: StyleRule[] = [
      { id: 'one', kind: 'prefer', use: 'cliente', avoid: ['usuario'] },
      { id: 'many', kind: 'prefer', use: 'clientes', avoid: ['usuarios'] },
    ];
    const text = 'Usuarios felices: cada usuario cuenta.';
    expect(applyFixes(text, checkStyle(text, rules, 'es'))).toBe('Clientes felices: cada cliente cuenta.');
  });

  it('finds the sentence that holds a banned phrase, for its rewrite', () => {
    const text = 'Hola. Compra sin complicaciones y disfruta. ¿Más? Sí.';
    const [violation] = checkStyle(text, [ban('complicaciones')], 'es');
    const sentence = sentenceAround(text, violation!.start, violation!.end);
    expect(text.slice(sentence.start, sentence.end)).toBe('Compra sin complicaciones y disfruta.');
    const reply = 'Hi there.\n¿Buscas resultados sin complicaciones?\nOk.';
    const [found] = checkStyle(reply, [ban('complicaciones')], 'es');
    const around = sentenceAround(reply, found!.start, found!.end);
    expect(reply.slice(around.start, around.end)).toBe('¿Buscas resultados sin complicaciones?');
  });

  it('makes no edit for a limit', () => {
    const [limit] = checkStyle('¡Ya! ¡Ya!', [{ id: 'x', kind: 'max-exclamations', value: 0 }], 'es');
    expect(fixEdit('¡Ya! ¡Ya!', limit!)).toBeNull();
  });

  it('applies each term once where rules overlap, the longer first', () => {
    const rules: StyleRule[] = [
      { id: 'p', kind: 'prefer', use: 'email', avoid: ['mail'] },
      { id: 'q', kind: 'prefer', use: 'correo', avoid: ['e-mail'] },
    ];
    const text = 'Manda un e-mail.';
    expect(applyFixes(text, checkStyle(text, rules, 'es'))).toBe('Manda un correo.');
  });

  it('is deterministic', () => {
    const rules: StyleRule[] = [ban('genial'), { id: 'c', kind: 'exact-case', term: 'Redacta' }];
    const text = 'redacta es genial. REDACTA, genial.';
    expect(checkStyle(text, rules, 'es')).toEqual(checkStyle(text, [...rules].reverse(), 'es'));
  });
});
