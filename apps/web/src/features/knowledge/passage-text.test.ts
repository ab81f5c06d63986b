import { describe, expect, it } from 'vitest';
import { passageText } from './passage-text';

describe('passageText', () => {
  it('keeps the words of emphasis, code, links and images without their marks', () => {
    expect(passageText('**Picual Temprano** es un aceite _frutado_ y ~~caro~~ `intenso`.')).toBe(
      'Picual Temprano es un aceite frutado y caro intenso.',
    );
    expect(passageText('***Muy*** __fuerte__ y *suave*')).toBe('Muy fuerte y suave');
    expect(passageText('Ver [la tienda](https://example.com/tienda) y ![la botella](b.png).')).toBe(
      'Ver la tienda y la botella.',
    );
    expect(passageText('Escríbenos: <mailto:hola@example.com>')).toBe('Escríbenos: mailto:hola@example.com');
  });

  it('drops headings, quotes, fences, rules and table pipes, and draws bullets as •', () => {
    expect(
      passageText(
        [
          '## Variedades',
          '> Cosecha de **octubre**',
          '- Picual',
          '* [x] Arbequina',
          '---',
          '```',
          'aceite = "oro"',
          '```',
          '| Variedad | Precio |',
          '| --- | ---: |',
          '| Picual | 12 € |',
        ].join('\n'),
      ),
    ).toBe(
      [
        'Variedades',
        'Cosecha de octubre',
        '• Picual',
        '• Arbequina',
        'aceite = "oro"',
        'Variedad · Precio',
        'Picual · 12 €',
      ].join('\n'),
    );
  });

  it('drops the half of a mark whose other half the passage was cut from', () => {
    expect(passageText('Temprano** es un aceite de `cosecha')).toBe('Temprano es un aceite de cosecha');
  });

  it('leaves what only looks like a mark: words with underscores, sums, escapes and tags', () => {
    expect(passageText('El campo mi_variable_nueva vale 2 * 3 * 4')).toBe(
      'El campo mi_variable_nueva vale 2 * 3 * 4',
    );
    expect(passageText('Precio \\*con IVA\\* y 5 \\_ 6')).toBe('Precio *con IVA* y 5 _ 6');
    expect(passageText('Texto <script>alert(1)</script>')).toBe('Texto <script>alert(1)</script>');
  });
});
