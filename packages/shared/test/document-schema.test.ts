import { describe, expect, it } from 'vitest';
import { cleanDocumentContent, documentContentSchema, documentProblem, isAllowedHref } from '../src/index.ts';

const text = (value: string, marks?: unknown[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

describe('link addresses', () => {
  it.each([
    'https://example.com',
    'http://a.b/c?d#e',
    'mailto:a@b.c',
    'tel:+34600000000',
    '/relativa',
    '#ancla',
    'ejemplo.com',
  ])('accepts %s', (href) => expect(isAllowedHref(href)).toBe(true));
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'x'.repeat(9000),
  ])('refuses %j', (href) => expect(isAllowedHref(href)).toBe(false));
});

describe('the document rule', () => {
  it.each([
    ['a script element', doc({ type: 'script', content: [text('alert(1)')] })],
    ['an iframe', doc({ type: 'iframe', attrs: { src: 'https://example.com' } })],
    ['a nested doc', doc({ type: 'doc', content: [] })],
    ['an unknown mark', doc(paragraph(text('a', [{ type: 'highlight' }])))],
    ['an unknown attribute', doc({ type: 'paragraph', attrs: { onclick: 'x' } })],
    ['a heading level outside 1–3', doc({ type: 'heading', attrs: { level: 4 } })],
    ['a javascript: link', doc(paragraph(text('a', [{ type: 'link', attrs: { href: 'javascript:x' } }])))],
    ['a link without an address', doc(paragraph(text('a', [{ type: 'link' }])))],
    ['an empty text node', doc(paragraph(text('')))],
    ['a text node with content', doc(paragraph({ type: 'text', text: 'a', content: [] }))],
    ['text on a paragraph', doc({ type: 'paragraph', text: 'a' })],
    ['a constructor as a type', doc({ type: 'constructor' })],
  ])('refuses %s', (_what, content) => {
    expect(documentProblem(content)).not.toBeNull();
    expect(documentContentSchema.safeParse(content).success).toBe(false);
  });

  it('accepts what the editor writes', () => {
    const content = doc(
      { type: 'heading', attrs: { level: 1 }, content: [text('Título')] },
      paragraph(
        text('a', [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://x.y', target: '_blank' } }]),
        {
          type: 'hardBreak',
          marks: [{ type: 'bold' }],
        },
      ),
      { type: 'codeBlock', attrs: { language: null }, content: [text('x')] },
      {
        type: 'orderedList',
        attrs: { start: 2, type: null },
        content: [{ type: 'listItem', content: [paragraph(text('b'))] }],
      },
    );
    expect(documentProblem(content)).toBeNull();
  });
});

describe('cleaning a stored document', () => {
  it('leaves out what the rule refuses and keeps the rest', () => {
    const stored = doc(
      { type: 'script', content: [text('alert(1)')] },
      {
        type: 'paragraph',
        attrs: { onclick: 'x' },
        content: [
          text('Hola ', [{ type: 'link', attrs: { href: 'javascript:x' } }, { type: 'bold' }]),
          text('a\u0000b'),
        ],
      },
      { type: 'blockquote', content: [{ type: 'iframe' }, paragraph(text('Cita'))] },
    );
    const clean = cleanDocumentContent(stored);
    expect(clean).toEqual(
      doc(paragraph(text('Hola ', [{ type: 'bold' }])), {
        type: 'blockquote',
        content: [paragraph(text('Cita'))],
      }),
    );
    expect(documentProblem(clean)).toBeNull();
  });

  it('returns a valid document unchanged, and an empty paragraph for nothing usable', () => {
    const valid = doc(paragraph(text('Hola')));
    expect(cleanDocumentContent(valid)).toBe(valid);
    expect(cleanDocumentContent({ type: 'doc', content: [{ type: 'script' }] })).toEqual(
      doc({ type: 'paragraph' }),
    );
    expect(cleanDocumentContent('nada')).toEqual(doc({ type: 'paragraph' }));
  });
});
