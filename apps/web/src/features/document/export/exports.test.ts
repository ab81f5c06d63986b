import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { sampleDocument } from '../test/sample-document';
import { documentToMarkdown } from './to-markdown';
import { documentToPlainText } from './to-plain-text';
import { documentToDocx } from './to-docx';
import { exportFileName } from './file-name';

describe('document exports', () => {
  it('writes Markdown with headings, marks, nested lists, numbered lists, links and quotes', () => {
    expect(documentToMarkdown(sampleDocument)).toBe(
      [
        '# Lanzamiento de otoño',
        '',
        'Nuestro café es **intenso** y *suave*. Visita [nuestra tienda](https://cafe.example/tienda).',
        '',
        '## Ventajas',
        '',
        '- Tostado local',
        '- Envío gratis',
        '  - desde 20 €',
        '',
        '1. Elige',
        '2. Disfruta',
        '',
        '> El mejor café',
        '',
      ].join('\n'),
    );
  });

  it('writes plain text with list markers and link addresses, no markup', () => {
    expect(documentToPlainText(sampleDocument)).toBe(
      [
        'Lanzamiento de otoño',
        '',
        'Nuestro café es intenso y suave. Visita nuestra tienda (https://cafe.example/tienda).',
        '',
        'Ventajas',
        '',
        '- Tostado local',
        '- Envío gratis',
        '  - desde 20 €',
        '',
        '1. Elige',
        '2. Disfruta',
        '',
        '> El mejor café',
        '',
      ].join('\n'),
    );
  });

  it('never writes an unsafe link address, keeping the text', () => {
    const unsafe = {
      type: 'doc' as const,
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'Pulsa',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
          ],
        },
      ],
    };
    expect(documentToMarkdown(unsafe)).toBe('Pulsa\n');
    expect(documentToPlainText(unsafe)).toBe('Pulsa\n');
  });

  it('exports an empty document as an empty file', () => {
    const empty = { type: 'doc' as const, content: [{ type: 'paragraph' }] };
    expect(documentToPlainText(empty)).toBe('');
    expect(documentToMarkdown(empty)).toBe('');
  });

  it('writes a Word file whose document.xml holds the text as headings, bold, italics, lists and a link', async () => {
    const blob = await documentToDocx(sampleDocument, 'Lanzamiento');
    const zip = await JSZip.loadAsync(await blob.arrayBuffer());
    const xml = await zip.file('word/document.xml')!.async('string');
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');

    const paragraphs = xml.split('<w:p>').slice(1);
    const paragraphWith = (text: string) => paragraphs.find((paragraph) => paragraph.includes(text)) ?? '';
    expect(paragraphWith('Lanzamiento de otoño')).toContain('<w:pStyle w:val="Heading1"/>');
    expect(paragraphWith('Ventajas')).toContain('<w:pStyle w:val="Heading2"/>');
    expect(xml).toMatch(/<w:b\/>.*?<w:t xml:space="preserve">intenso<\/w:t>/s);
    expect(xml).toMatch(/<w:i\/>.*?<w:t xml:space="preserve">suave<\/w:t>/s);
    for (const item of ['Tostado local', 'Envío gratis', 'desde 20 €', 'Elige', 'Disfruta']) {
      expect(paragraphWith(item)).toContain('<w:numPr>');
    }
    expect(paragraphWith('desde 20 €')).toContain('<w:ilvl w:val="1"/>');
    expect(paragraphWith('Tostado local')).toContain('<w:ilvl w:val="0"/>');
    expect(paragraphWith('nuestra tienda')).toContain('<w:hyperlink');
    expect(rels).toContain('Target="https://cafe.example/tienda"');
    expect(xml).toContain('El mejor café');
  });
});

describe('export file names', () => {
  it('keeps the project name, minus characters file systems refuse', () => {
    expect(exportFileName('23/11/2026 Sin título', 'docx')).toBe('23 11 2026 Sin título.docx');
    expect(exportFileName('Plan: Q1 <final>?*', 'md')).toBe('Plan Q1 final.md');
    expect(exportFileName('  ..oculto.. ', 'txt')).toBe('oculto.txt');
  });

  it('falls back to a generic name when nothing usable is left', () => {
    expect(exportFileName('///', 'txt')).toBe('documento.txt');
    expect(exportFileName(undefined, 'md')).toBe('documento.md');
    expect(exportFileName('CON', 'txt')).toBe('CON-documento.txt');
  });

  it('caps long names', () => {
    expect(exportFileName('a'.repeat(200), 'md')).toBe(`${'a'.repeat(80)}.md`);
  });
});
